package dev.retryowner.archrules;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaMember;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import dev.retryowner.catalog.Exemption;
import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.RuleRegistry;
import dev.retryowner.catalog.Site;
import java.util.Optional;
import java.util.Set;

/**
 * {@code InvalidExemption} in bytecode: every {@code @RetryOwnerExempt} on a class or member with
 * a blank reason or a rule name that is neither in the registry nor among the custom rules. The
 * line is what bytecode knows of the annotated element (a method's first line of code, 0 for
 * classes and fields); the Maven plugin pins it to the annotation.
 */
final class InvalidExemptionCondition extends ArchCondition<JavaClass> {
  private final Set<String> customRules;

  InvalidExemptionCondition(Set<String> customRules) {
    super("carry only exemptions that name a known rule and give a reason");
    this.customRules = Set.copyOf(customRules);
  }

  @Override
  public void check(JavaClass type, ConditionEvents events) {
    for (Exemption exemption : ArchExemptions.on(type, type, "")) {
      report(type.getDescription(), exemption, type, 0, events);
    }
    for (JavaMember member : type.getMembers()) {
      for (Exemption exemption : ArchExemptions.on(member, type,
          ForbiddenUses.memberName(member))) {
        report(member.getDescription(), exemption, type,
            member.getSourceCodeLocation().getLineNumber(), events);
      }
    }
  }

  private void report(String subject, Exemption exemption, JavaClass type, int line,
      ConditionEvents events) {
    Optional<String> problem = exemption.problem(customRules);
    problem.ifPresent(p -> events.add(new FindingEvent(subject, new Finding(
        RuleRegistry.INVALID_EXEMPTION.name(), type.getName(), exemption.member(),
        ForbiddenUses.sourcePath(type), line, Site.ANNOTATION, Exemption.ANNOTATION,
        exemption.display() + " on " + exemption.element() + " " + p,
        "an invalid exemption exempts nothing"), true)));
  }
}
