package dev.retryowner.maven;

import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.RuleDescriptor;
import dev.retryowner.catalog.RuleRegistry;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The console report: per violation {@code Rule: message (File.java:LINE)} (IDEs and CI logs make
 * the location clickable), then indented lines with the other uses on that line, the code it is
 * in, the catalog reason, the rule's fix and its documentation; then one summary line.
 */
final class ConsoleReport {
  private static final String INDENT = "    ";

  private ConsoleReport() {}

  /** The lines of one violation; Maven prefixes each with its level. */
  static List<String> linesOf(Violation violation) {
    Finding first = violation.first();
    Optional<RuleDescriptor> rule = RuleRegistry.byName(violation.rule());
    List<String> lines = new ArrayList<>();
    lines.add(violation.rule() + ": " + first.message() + " " + first.location());
    Set<String> members = new LinkedHashSet<>();
    Set<String> reasons = new LinkedHashSet<>();
    for (Finding finding : violation.findings()) {
      if (finding != first && !finding.message().equals(first.message())) {
        lines.add(INDENT + "and " + finding.message());
      }
      members.add(finding.className()
          + (finding.member().isEmpty() ? "" : "." + finding.member()));
      if (!finding.reason().isEmpty()) {
        reasons.add(finding.reason());
      }
    }
    lines.add(INDENT + "in " + String.join(", ", members));
    if (!reasons.isEmpty()) {
      lines.add(INDENT + "why: " + String.join("; ", reasons));
    }
    rule.ifPresent(r -> lines.add(INDENT + "fix: " + r.fix()));
    lines.add(INDENT + "see: " + rule.map(RuleDescriptor::docPath)
        .orElse("docs/rules/" + violation.rule() + ".md"));
    return lines;
  }

  /** {@code retry-owner: N violation(s) in M class(es), K source file(s), in X.XX s}. */
  static String summary(GateResult result) {
    return String.format(Locale.ROOT,
        "retry-owner: %d violation(s) in %d class(es), %d source file(s), in %.2f s",
        result.violations().size(), result.classCount(), result.sourceFileCount(),
        result.elapsed().toNanos() / 1e9);
  }

  /** The one-line reason a failing build gives at its end. */
  static String failureMessage(GateResult result) {
    List<String> rules = result.violations().stream().map(Violation::rule).distinct().sorted()
        .toList();
    return "retry-owner found " + result.violations().size() + " violation(s) of "
        + String.join(", ", rules) + " in " + result.offendingClasses().size()
        + " class(es); see the report above";
  }
}
