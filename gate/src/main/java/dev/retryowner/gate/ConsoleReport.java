package dev.retryowner.gate;

import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.RelatedLocation;
import dev.retryowner.catalog.RuleDescriptor;
import dev.retryowner.catalog.RuleRegistry;
import dev.retryowner.gate.amplification.AmplificationMap;
import dev.retryowner.gate.amplification.AmplifiedPath;
import dev.retryowner.gate.amplification.Hop;
import dev.retryowner.gate.baseline.BaselineVerdict;
import dev.retryowner.gate.baseline.BaselineVerdict.Leftover;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The console report: per violation {@code Rule: message (File.java:LINE)} (IDEs and CI logs make
 * the location clickable), then indented lines with the other uses on that line, the code it is
 * in, the catalog reason, the rule's fix and its documentation; then one summary line. A
 * violation the baseline accepts gets one line ending in {@code (baselined)}, a finding an
 * exemption covers one line starting with {@code exempted} and ending in its reason.
 */
public final class ConsoleReport {
  private static final String INDENT = "    ";
  /** How many related places of a finding the console lists; the report files list them all. */
  private static final int RELATED_SHOWN = 5;

  private ConsoleReport() {}

  /** The lines of one violation of a built-in rule; Maven prefixes each with its level. */
  public static List<String> linesOf(Violation violation) {
    return linesOf(violation, RuleRegistry.byName(violation.rule()));
  }

  /** The lines of one violation of {@code rule}, built-in or a team's own. */
  public static List<String> linesOf(Violation violation, Optional<RuleDescriptor> rule) {
    return linesOf(violation, rule, Optional.empty(), Optional.empty());
  }

  /**
   * The lines of one violation of {@code rule}, its fix followed by {@code fixNote} (what the
   * goal adds, e.g. testCheck's setting for test helpers that must retry), and {@code docs},
   * where the run wrote the rule's page or its site has it.
   */
  public static List<String> linesOf(Violation violation, Optional<RuleDescriptor> rule,
      Optional<String> fixNote, Optional<String> docs) {
    List<String> messages = violation.messages();
    List<String> lines = new ArrayList<>();
    lines.add(violation.rule() + ": " + messages.get(0) + " " + violation.first().location());
    messages.stream().skip(1).forEach(message -> lines.add(INDENT + "and " + message));
    List<RelatedLocation> related = violation.related();
    related.stream().limit(RELATED_SHOWN).forEach(place -> lines.add(INDENT + "also at "
        + place.location() + ": " + place.message()));
    if (related.size() > RELATED_SHOWN) {
      lines.add(INDENT + "and " + (related.size() - RELATED_SHOWN) + " more place(s) of this"
          + " retry in the JSON, SARIF and HTML reports");
    }
    lines.add(INDENT + "in " + violation.codeElements().stream().map(CodeElement::qualifiedName)
        .collect(Collectors.joining(", ")));
    if (!violation.why().isEmpty()) {
      lines.add(INDENT + "why: " + violation.why());
    }
    rule.ifPresent(r -> lines.add(INDENT + "fix: " + r.fix()
        + fixNote.map(note -> " " + note).orElse("")));
    lines.add(INDENT + "see: " + docs.or(() -> rule.map(r -> r.documentation()
        .orElse(r.docPath()))).orElse("docs/rules/" + violation.rule() + ".md"));
    return lines;
  }

  /**
   * The section "Retry amplification": the worst paths first, at most {@code shown}, each with
   * how many requests one failure can become and every step with its file, line and attempts;
   * nothing when the map was not drawn.
   */
  public static List<String> amplificationLines(AmplificationMap map, int shown) {
    List<String> lines = new ArrayList<>();
    if (map == AmplificationMap.NONE) {
      return lines;
    }
    List<AmplifiedPath> paths = map.paths();
    lines.add("retry-owner: Retry amplification: " + paths.size() + " path(s) from "
        + map.entryPoints() + " entry point(s) reach an outgoing request, " + map.exceeding()
        .size() + " above maxAmplification" + (paths.isEmpty() ? "" : "; worst first:"));
    for (AmplifiedPath path : paths.subList(0, Math.min(shown, paths.size()))) {
      lines.add(INDENT + path.productText() + " request(s) on one failure (" + path.factorsText()
          + ") from " + path.entry().method() + " to " + path.request().location()
          + (path.exceedsLimit() ? " [above maxAmplification " + path.maxAmplification()
              + (path.hops().stream().anyMatch(Hop::jobPolicy) ? " × the job kind's attempts"
                  : "") + "]" : ""));
      for (Hop hop : path.hops()) {
        lines.add(INDENT + INDENT + "×" + hop.attemptsText() + "  " + hop.method() + ": "
            + hop.what() + " (" + hop.location() + ")");
      }
    }
    if (paths.size() > shown) {
      lines.add(INDENT + (paths.size() - shown) + " more path(s) in the JSON and HTML reports");
    }
    return lines;
  }

  /** {@code Rule: message (File.java:LINE) (baselined)}: the baseline accepts it. */
  public static String baselinedLine(Violation violation) {
    return violation.rule() + ": " + String.join("; ", violation.messages()) + " "
        + violation.first().location() + " (baselined)";
  }

  /** One line for every violation the baseline accepts, when they are not listed one by one. */
  public static String baselinedSummary(int count, FrontEnd frontEnd) {
    return "retry-owner: " + count + " baselined violation(s) not listed (baselineConsole=summary);"
        + " the reports list each, and " + frontEnd.whereSet(GateOption.BASELINE_CONSOLE)
        + " set to each lists them here";
  }

  /**
   * {@code exempted Rule: message (File.java:LINE) - reason: ...}: a {@code @RetryOwnerExempt}
   * covers the finding.
   */
  public static String exemptedLine(ExemptedFinding exempted) {
    Finding finding = exempted.finding();
    return "exempted " + finding.rule() + ": " + finding.message() + " " + finding.location()
        + " - reason: " + exempted.reason();
  }

  /**
   * The summary line of a run judged against a baseline: the new violations as
   * {@link #summary(GateResult)} counts them, then {@code ; N baselined}.
   */
  public static String summary(GateResult result, BaselineVerdict verdict) {
    String line = summary(verdict.failing(result));
    return verdict.baselineUsed() ? line + "; " + verdict.baselined().size() + " baselined"
        : line;
  }

  /** The heading and one line per baseline entry that matched no violation any more. */
  public static List<String> leftoverLines(List<Leftover> leftovers, Path baselineFile) {
    List<String> lines = new ArrayList<>();
    lines.add("retry-owner: the baseline " + baselineFile + " has " + entries(leftovers.size())
        + " that no violation matches any more (fixed, or the code changed); remove these entries"
        + " so the baseline only shrinks:");
    leftovers.forEach(leftover -> lines.add(INDENT + leftover.describe()));
    return lines;
  }

  /** Why a strict baseline fails the build. */
  public static String strictBaselineFailure(int leftovers, Path baselineFile) {
    return "retry-owner: the strict baseline " + baselineFile + " has " + entries(leftovers)
        + " that no violation matches any more; remove these entries (listed above)";
  }

  /** {@code 1 entry}, {@code 2 entries}. */
  public static String entries(int count) {
    return count + (count == 1 ? " entry" : " entries");
  }

  /**
   * {@code retry-owner: N violation(s) in M checked class(es), K source file(s), in X.XX s}, then
   * {@code ; E exempted} when exemptions covered findings.
   */
  public static String summary(GateResult result) {
    String line = String.format(Locale.ROOT,
        "retry-owner: %d violation(s) in %d checked class(es), %d source file(s), in %.2f s",
        result.violations().size(), result.classCount(), result.sourceFileCount(),
        result.elapsed().toNanos() / 1e9);
    return result.exempted().isEmpty() ? line
        : line + "; " + result.exempted().size() + " exempted";
  }

  /**
   * The one-line reason a failing build gives at its end; it counts the classes with violations,
   * where the summary line counts the classes checked.
   */
  public static String failureMessage(GateResult result) {
    List<String> rules = result.violations().stream().map(Violation::rule).distinct().sorted()
        .toList();
    return "retry-owner found " + result.violations().size() + " violation(s) of "
        + String.join(", ", rules) + " in " + result.offendingClasses().size()
        + " class(es) with violations; see the report above";
  }
}
