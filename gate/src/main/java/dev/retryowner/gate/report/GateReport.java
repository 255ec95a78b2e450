package dev.retryowner.gate.report;

import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.RelatedLocation;
import dev.retryowner.catalog.RuleDescriptor;
import dev.retryowner.catalog.RuleRegistry;
import dev.retryowner.gate.CodeElement;
import dev.retryowner.gate.ExemptedFinding;
import dev.retryowner.gate.GateResult;
import dev.retryowner.gate.Violation;
import dev.retryowner.gate.amplification.AmplificationMap;
import dev.retryowner.gate.amplification.AmplifiedPath;
import dev.retryowner.gate.baseline.BaselineKey;
import dev.retryowner.gate.baseline.BaselineVerdict;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * What the SARIF and the JSON report say about one run, so both say the same.
 *
 * @param tool the tool's version and documentation links
 * @param summary the counts of the console's summary line
 * @param rules the rules that ran, in registry order
 * @param violations the violations, sorted by file and line, each of one of {@code rules}, then
 *     the exempted findings ({@link ReportedViolation#isExempted()}) in the same order
 * @param warnings what the run could not check but did not fail for
 * @param baseDirectory the project's base directory, the root of the reports' relative paths
 * @param category what was checked: {@code main} code, {@code test} code, or a {@code scan}
 * @param amplification the retry amplification map's paths, worst first; null when the run did
 *     not draw it (RetryAmplification is off)
 */
public record GateReport(ToolInfo tool, RunSummary summary, List<RuleDescriptor> rules,
    List<ReportedViolation> violations, List<String> warnings, Path baseDirectory,
    String category, List<ReportedPath> amplification) {
  /** The category of a run over main code. */
  public static final String MAIN = "main";
  /** The category of a run over test code. */
  public static final String TEST = "test";
  /** The category of a scan of any classes, a dependency's say. */
  public static final String SCAN = "scan";

  public GateReport {
    rules = List.copyOf(rules);
    violations = List.copyOf(violations);
    warnings = List.copyOf(warnings);
    amplification = amplification == null ? null : List.copyOf(amplification);
  }

  /** A report of a run that drew no amplification map. */
  public GateReport(ToolInfo tool, RunSummary summary, List<RuleDescriptor> rules,
      List<ReportedViolation> violations, List<String> warnings, Path baseDirectory,
      String category) {
    this(tool, summary, rules, violations, warnings, baseDirectory, category, null);
  }

  /**
   * The amplification paths that start at a violation's line, for code scanning tools to show
   * as its code flows; empty for other violations.
   */
  public List<ReportedPath> pathsOf(ReportedViolation violation) {
    if (amplification == null
        || !violation.rule().name().equals(RuleRegistry.RETRY_AMPLIFICATION.name())) {
      return List.of();
    }
    return amplification.stream().filter(ReportedPath::aboveMax)
        .filter(path -> path.entry().file().equals(violation.file())
            && path.entry().line() == violation.line())
        .toList();
  }

  /**
   * The report of {@code result} of a run without a baseline.
   *
   * @param rulesRun the rules the gate evaluated; every violation's rule must be among them
   * @param sourceRoots the source roots the findings' source paths are relative to
   */
  public static GateReport of(ToolInfo tool, GateResult result, List<RuleDescriptor> rulesRun,
      Path baseDirectory, List<Path> sourceRoots) {
    return of(tool, result, BaselineVerdict.withoutBaseline(result), rulesRun, baseDirectory,
        sourceRoots, MAIN);
  }

  /**
   * The report of {@code result}, each violation with its state in {@code verdict} when a
   * baseline was read; the summary then counts the new violations and the baselined ones.
   *
   * @param category what was checked: {@code main}, {@code test} or {@code scan}
   */
  public static GateReport of(ToolInfo tool, GateResult result, BaselineVerdict verdict,
      List<RuleDescriptor> rulesRun, Path baseDirectory, List<Path> sourceRoots,
      String category) {
    Map<String, RuleDescriptor> rulesByName = rulesRun.stream()
        .collect(Collectors.toMap(RuleDescriptor::name, Function.identity()));
    SourceFileLocator locator = new SourceFileLocator(baseDirectory, sourceRoots);
    List<ReportedViolation> violations = new ArrayList<>(result.violations().stream()
        .map(violation -> reported(violation, verdict, rulesByName, locator)).toList());
    result.exempted().forEach(exempted ->
        violations.add(reported(exempted, rulesByName, locator)));
    RunSummary summary = new RunSummary(verdict.newViolations().size(), result.classCount(),
        result.sourceFileCount(),
        BigDecimal.valueOf(result.elapsed().toNanos(), 9).setScale(2, RoundingMode.HALF_UP),
        verdict.baselineUsed() ? verdict.baselined().size() : null,
        result.exempted().isEmpty() ? null : result.exempted().size());
    return new GateReport(tool, summary, rulesRun, violations, result.warnings(),
        baseDirectory.toAbsolutePath().normalize(), category,
        result.amplification() == AmplificationMap.NONE ? null
            : result.amplification().paths().stream().map(path -> reported(path, locator))
                .toList());
  }

  private static ReportedPath reported(AmplifiedPath path, SourceFileLocator locator) {
    return new ReportedPath(path.productText(), path.factorsText(), path.exceedsLimit(),
        path.entryPoint(), path.hops().stream().map(hop -> new ReportedPath.Hop(
            locator.locate(hop.sourcePath()), hop.line(), hop.method(), hop.attemptsText(),
            hop.jobPolicy(), hop.what())).toList());
  }

  private static ReportedViolation reported(ExemptedFinding exempted,
      Map<String, RuleDescriptor> rulesByName, SourceFileLocator locator) {
    Finding finding = exempted.finding();
    return new ReportedViolation(ruleRun(finding.rule(), rulesByName), finding.message(),
        finding.reason(), locator.locate(finding.sourcePath()), finding.line(),
        List.of(new CodeElement(finding.className(), finding.member())), null,
        exempted.reason(), BaselineKey.of(finding), places(finding.related(), locator));
  }

  private static RuleDescriptor ruleRun(String name, Map<String, RuleDescriptor> rulesByName) {
    RuleDescriptor rule = rulesByName.get(name);
    if (rule == null) {
      throw new IllegalArgumentException("a violation of " + name + ", which is not"
          + " among the rules that ran " + rulesByName.keySet());
    }
    return rule;
  }

  private static ReportedViolation reported(Violation violation, BaselineVerdict verdict,
      Map<String, RuleDescriptor> rulesByName, SourceFileLocator locator) {
    RuleDescriptor rule = ruleRun(violation.rule(), rulesByName);
    return new ReportedViolation(rule, String.join("; ", violation.messages()), violation.why(),
        locator.locate(violation.sourcePath()), violation.line(), violation.codeElements(),
        verdict.stateOf(violation).orElse(null), null, BaselineKey.of(violation.first()),
        places(violation.related(), locator));
  }

  private static List<ReportedViolation.Place> places(List<RelatedLocation> related,
      SourceFileLocator locator) {
    return related.stream().map(place -> new ReportedViolation.Place(
        locator.locate(place.sourcePath()), place.line(), place.message())).toList();
  }
}
