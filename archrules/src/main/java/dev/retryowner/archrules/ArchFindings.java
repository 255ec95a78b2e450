package dev.retryowner.archrules;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.GateConfigException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * The structured findings of a retry-owner rule, for reports that need more than ArchUnit's
 * failure text (the Maven plugin, SARIF, the parity test).
 *
 * <p>A finding's {@code member} is empty for the class itself (annotations, supertypes), the
 * field name for a field, and {@code name(raw.parameter.Types)} for a method, constructor
 * ({@code <init>(...)}) or static initializer ({@code <clinit>()}); a use inside a lambda belongs
 * to the method that declares the lambda. {@code sourcePath} is the package path plus the
 * class's SourceFile attribute (nested classes name their top-level file).
 */
public final class ArchFindings {
  private static final Comparator<Finding> IN_SOURCE_ORDER = Comparator
      .comparing(Finding::sourcePath)
      .thenComparingInt(Finding::line)
      .thenComparing(Finding::className)
      .thenComparing(Finding::member)
      .thenComparing(Finding::site)
      .thenComparing(Finding::target)
      .thenComparing(Finding::message);

  private ArchFindings() {}

  /**
   * Evaluates {@code rule} on {@code classes} and returns its findings sorted by file and line.
   *
   * @throws GateConfigException if the rule found the configuration wrong (a jobs package
   *     pattern matching no class, no classes at all); the message says the fix
   * @throws IllegalArgumentException if {@code rule} reports violations that are not
   *     retry-owner findings, i.e. it is not a rule of {@link RetryOwnerRules}
   */
  public static List<Finding> findings(ArchRule rule, JavaClasses classes) {
    EvaluationResult result = rule.evaluate(classes);
    List<Finding> findings = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    List<String> foreign = new ArrayList<>();
    result.handleViolations((Collection<Object> objects, String message) -> {
      for (Object object : objects) {
        if (object instanceof Finding finding) {
          findings.add(finding);
        } else if (object instanceof GateProblem problem) {
          problems.add(problem.message());
        } else {
          foreign.add(message);
        }
      }
    });
    if (!problems.isEmpty()) {
      throw new GateConfigException(String.join("\n", problems));
    }
    if (!foreign.isEmpty()) {
      throw new IllegalArgumentException("'" + rule.getDescription() + "' is not a retry-owner"
          + " rule: its violations carry no findings (first: " + foreign.get(0) + "). Pass a"
          + " rule from RetryOwnerRules.");
    }
    findings.sort(IN_SOURCE_ORDER);
    return List.copyOf(findings);
  }
}
