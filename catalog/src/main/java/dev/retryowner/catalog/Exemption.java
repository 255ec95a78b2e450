package dev.retryowner.catalog;

import dev.retryowner.annotations.RetryOwnerExempt;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * One {@code @RetryOwnerExempt} as an engine read it: the rule it names, the reason, and the
 * element it sits on, named as findings name code ({@link Finding#className()}, {@link
 * Finding#member()}). What an exemption covers is {@link Exemptions}' job.
 *
 * @param rule the rule name the annotation gives
 * @param reason the reason the annotation gives, shown in every report
 * @param className the binary name of the annotated class, or of the class declaring the
 *     annotated member
 * @param member the annotated method, constructor ({@code <init>(...)}) or field as findings
 *     name members, or empty when the class itself is annotated
 */
public record Exemption(String rule, String reason, String className, String member) {
  /** The annotation's binary name, as engines find it in source and bytecode. */
  public static final String ANNOTATION = RetryOwnerExempt.class.getName();
  /** The container javac writes for a repeated annotation. */
  public static final String CONTAINER = RetryOwnerExempt.List.class.getName();

  public Exemption {
    Objects.requireNonNull(rule, "rule");
    Objects.requireNonNull(reason, "reason");
    Objects.requireNonNull(className, "className");
    Objects.requireNonNull(member, "member");
  }

  /**
   * What makes this exemption invalid, if anything: a blank reason, or a rule name that is
   * neither in the {@link RuleRegistry} nor among {@code extraRuleNames} (e.g. teams' custom
   * rules). An invalid exemption exempts nothing and is an {@code InvalidExemption} finding.
   */
  public Optional<String> problem(Set<String> extraRuleNames) {
    List<String> problems = new ArrayList<>();
    if (RuleRegistry.byName(rule).isEmpty() && !extraRuleNames.contains(rule)) {
      problems.add("names no rule retry-owner knows: '" + rule + "'. Known rules: "
          + RuleRegistry.names() + (extraRuleNames.isEmpty() ? ""
              : ", " + String.join(", ", extraRuleNames.stream().sorted().toList()))
          + ". Fix the rule name, or remove the exemption");
    }
    if (reason.isBlank()) {
      problems.add("gives no reason. Say why this code may break " + rule
          + ", e.g. reason = \"legacy importer, replaced by the import job in PAY-1234\"");
    }
    // Every problem at once: fixing one should not reveal the next only on the next build.
    return problems.isEmpty() ? Optional.empty() : Optional.of(String.join("; it also ", problems));
  }

  /** The annotated element, e.g. {@code com.acme.Foo} or {@code com.acme.Foo#charge()}. */
  public String element() {
    return member.isEmpty() ? className : className + "#" + member;
  }

  /** {@code @RetryOwnerExempt(rule = "X")} as messages quote it. */
  public String display() {
    return "@RetryOwnerExempt(rule = \"" + rule + "\")";
  }
}
