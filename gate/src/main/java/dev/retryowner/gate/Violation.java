package dev.retryowner.gate;

import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.RelatedLocation;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * One violation as the report counts it: a rule broken on one source line, with every finding on
 * that line (a line such as {@code Retry r = Retry.of(...)} declares and calls at once).
 *
 * @param rule the rule name
 * @param sourcePath the source path relative to its root
 * @param line the line
 * @param findings the findings on that line, declarations first
 */
public record Violation(String rule, String sourcePath, int line, List<Finding> findings) {
  public Violation {
    findings = List.copyOf(findings);
  }

  /** Groups findings (sorted by file and line) into violations, keeping their order. */
  static List<Violation> of(List<Finding> findings) {
    Map<List<Object>, List<Finding>> byLine = new LinkedHashMap<>();
    for (Finding finding : findings) {
      byLine.computeIfAbsent(List.of(finding.rule(), finding.sourcePath(), finding.line()),
          k -> new ArrayList<>()).add(finding);
    }
    List<Violation> violations = new ArrayList<>();
    for (List<Finding> onLine : byLine.values()) {
      List<Finding> ordered = new ArrayList<>(onLine);
      ordered.sort(Comparator.comparing((Finding f) -> f.site().isInCode()));
      Finding first = ordered.get(0);
      violations.add(new Violation(first.rule(), first.sourcePath(), first.line(), ordered));
    }
    return violations;
  }

  /** The finding the report leads with. */
  public Finding first() {
    return findings.get(0);
  }

  /** What is wrong on the line: each distinct finding message, the lead's first. */
  public List<String> messages() {
    return distinct(Finding::message);
  }

  /**
   * Why the catalog lists what the findings use, each distinct reason once, joined by
   * {@code "; "}; empty when the findings give no reason.
   */
  public String why() {
    return String.join("; ",
        distinct(Finding::reason).stream().filter(reason -> !reason.isEmpty()).toList());
  }

  /**
   * The other places of the line's retry (where it is declared, configured or switched on),
   * each once, the lead finding's first.
   */
  public List<RelatedLocation> related() {
    Set<RelatedLocation> places = new LinkedHashSet<>();
    findings.forEach(finding -> places.addAll(finding.related()));
    return List.copyOf(places);
  }

  /** The code the findings sit in, each element once, the lead's first. */
  public List<CodeElement> codeElements() {
    return distinct(finding -> new CodeElement(finding.className(), finding.member()));
  }

  private <T> List<T> distinct(Function<Finding, T> property) {
    Set<T> values = new LinkedHashSet<>();
    findings.forEach(finding -> values.add(property.apply(finding)));
    return List.copyOf(values);
  }
}
