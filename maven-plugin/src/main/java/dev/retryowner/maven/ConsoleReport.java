package dev.retryowner.maven;

import dev.retryowner.catalog.RuleDescriptor;
import dev.retryowner.catalog.RuleRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

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
    Optional<RuleDescriptor> rule = RuleRegistry.byName(violation.rule());
    List<String> messages = violation.messages();
    List<String> lines = new ArrayList<>();
    lines.add(violation.rule() + ": " + messages.get(0) + " " + violation.first().location());
    messages.stream().skip(1).forEach(message -> lines.add(INDENT + "and " + message));
    lines.add(INDENT + "in " + violation.codeElements().stream().map(CodeElement::qualifiedName)
        .collect(Collectors.joining(", ")));
    if (!violation.why().isEmpty()) {
      lines.add(INDENT + "why: " + violation.why());
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
