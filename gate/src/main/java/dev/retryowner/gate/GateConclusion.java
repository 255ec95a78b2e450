package dev.retryowner.gate;

import dev.retryowner.catalog.RuleDescriptor;
import dev.retryowner.catalog.RuleRegistry;
import dev.retryowner.catalog.ScopeKind;
import dev.retryowner.gate.baseline.Baseline;
import dev.retryowner.gate.baseline.BaselineFile;
import dev.retryowner.gate.baseline.BaselineVerdict;
import dev.retryowner.gate.report.GateReport;
import dev.retryowner.gate.report.ReportFiles;
import dev.retryowner.gate.report.ToolInfo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * What a front end does with a gate run's result: judges it against the baseline file, writes
 * the SARIF, JSON and HTML reports and says it all on its console, then tells whether the run
 * fails and why. Every front end concludes alike through it; only its console and its words for
 * its own settings differ.
 */
public final class GateConclusion {
  /** The amplification paths the console shows; the JSON and HTML reports hold every one. */
  private static final int AMPLIFIED_PATHS_SHOWN = 10;

  private GateConclusion() {}

  /** Where a front end's console lines go, by level. */
  public interface Console {
    void info(CharSequence line);

    void warn(CharSequence line);

    void error(CharSequence line);
  }

  /**
   * How to conclude.
   *
   * @param baselineFile the baseline to judge against; absent or missing: every violation is new
   * @param baselineStrict fail on baseline entries nothing matches any more
   * @param baselinedInSummary one line with the count of baselined violations, not one each
   * @param failOnViolation fail on new violations (else they are warnings)
   * @param reportDirectory where the reports go
   * @param baseDirectory the directory the reports name files relative to
   * @param reportCategory what was checked, as code scanning tools read it ({@link GateReport})
   * @param jobsScopedFixNote what the front end adds to the fix of a rule the jobs packages scope
   * @param frontEnd the front end that ran, whose words the console uses for settings
   */
  public record Settings(Optional<Path> baselineFile, boolean baselineStrict,
      boolean baselinedInSummary, boolean failOnViolation, Path reportDirectory,
      Path baseDirectory, String reportCategory, Optional<String> jobsScopedFixNote,
      FrontEnd frontEnd) {}

  /**
   * How the run ended.
   *
   * @param clean no new violation
   * @param summary the summary line
   * @param failures why the run fails, one message each; empty when it passes
   */
  public record Outcome(boolean clean, String summary, List<String> failures) {}

  /**
   * Judges, reports and tells the outcome.
   *
   * @param rulesRun the built-in rules the configuration left on, then the teams' own
   * @param reportsKey what the reports' content follows from, to leave them unchanged when it
   *     did not change; empty: always written
   */
  public static Outcome conclude(GateRequest request, GateResult result,
      List<RuleDescriptor> rulesRun, Settings settings, Optional<String> reportsKey,
      Console console) throws GateException {
    ReportFiles reports = ReportFiles.in(settings.reportDirectory());
    ToolInfo tool = ToolInfo.bundled()
        .withLocalPages(asSeen(reports.rulePages(), settings.baseDirectory()));
    BaselineVerdict verdict = judge(result, request.selection(), settings, console);
    boolean written = write(reports, GateReport.of(tool, result, verdict, rulesRun,
        settings.baseDirectory(), request.sourceRoots(), settings.reportCategory()), reportsKey);
    return report(result, verdict, reports, written, rulesRun, settings, tool, console);
  }

  /**
   * What a baseline command does with the result instead: writes its violations to {@code file},
   * which {@code checkingCommand} reads, and says so; an unwritable path is an error that says
   * how to point {@code fileSetting} elsewhere.
   */
  public static void writeBaseline(GateResult result, Path file, String fileSetting,
      String checkingCommand, Console console) throws GateException {
    Baseline baseline = Baseline.of(result.findings());
    try {
      BaselineFile.write(baseline, file);
    } catch (IOException e) {
      throw new GateException("retry-owner: cannot write the baseline file " + file + ": "
          + e.getMessage() + ". Point " + fileSetting + " at a writable path.", e);
    }
    console.info(ConsoleReport.summary(result));
    console.info("retry-owner: baseline written to " + file + ": " + result.violations().size()
        + " violation(s) as " + ConsoleReport.entries(baseline.entries().size()) + "; commit it,"
        + " and " + checkingCommand + " fails only on violations it does not list");
  }

  /** A path as a reader of the console finds it: relative to the base directory when in it. */
  private static String asSeen(Path path, Path baseDirectory) {
    Path base = baseDirectory.toAbsolutePath().normalize();
    Path absolute = path.toAbsolutePath().normalize();
    Path shown = absolute.startsWith(base) ? base.relativize(absolute) : absolute;
    return shown.toString().replace(shown.getFileSystem().getSeparator(), "/");
  }

  /**
   * The result against the baseline file, if it exists; a broken file is an error, not ignored.
   * Entries of classes the selection leaves out are no leftovers: this run did not check them.
   */
  private static BaselineVerdict judge(GateResult result, ClassSelection selection,
      Settings settings, Console console) throws GateException {
    Optional<Path> baseline = settings.baselineFile().filter(Files::exists);
    if (baseline.isEmpty()) {
      return BaselineVerdict.withoutBaseline(result);
    }
    console.info("retry-owner: comparing with the baseline " + baseline.get());
    return BaselineFile.read(baseline.get()).judge(result, selection::selects);
  }

  private static boolean write(ReportFiles reports, GateReport report,
      Optional<String> reportsKey) throws GateException {
    try {
      return reports.write(report, reportsKey);
    } catch (IOException e) {
      throw new GateException("retry-owner: cannot write the reports " + reports.sarif() + ", "
          + reports.json() + " and " + reports.html() + ": " + e.getMessage() + ". Make sure"
          + " the build directory is writable (and not a file).", e);
    }
  }

  /**
   * The exempted findings, the baselined violations, the new ones, the baseline entries nothing
   * matched any more, the summary line (also when clean) and where the reports are; fails on
   * new violations and, in strict mode, on such entries.
   */
  private static Outcome report(GateResult result, BaselineVerdict verdict, ReportFiles reports,
      boolean written, List<RuleDescriptor> rulesRun, Settings settings, ToolInfo tool,
      Console console) {
    GateResult failing = verdict.failing(result);
    boolean clean = failing.findings().isEmpty();
    Consumer<CharSequence> out = clean ? console::info
        : settings.failOnViolation() ? console::error : console::warn;
    result.exempted().forEach(exempted -> console.info(ConsoleReport.exemptedLine(exempted)));
    if (settings.baselinedInSummary() && !verdict.baselined().isEmpty()) {
      console.warn(ConsoleReport.baselinedSummary(verdict.baselined().size(),
          settings.frontEnd()));
    } else {
      verdict.baselined().forEach(v -> console.warn(ConsoleReport.baselinedLine(v)));
    }
    for (Violation violation : verdict.newViolations()) {
      Optional<RuleDescriptor> rule = rulesRun.stream()
          .filter(r -> r.name().equals(violation.rule())).findFirst();
      ConsoleReport.linesOf(violation, rule,
          rule.filter(GateConclusion::scopedByJobsPackages)
              .flatMap(r -> settings.jobsScopedFixNote()),
          rule.map(tool::docsUrl)).forEach(out);
    }
    ConsoleReport.amplificationLines(result.amplification(), AMPLIFIED_PATHS_SHOWN)
        .forEach(console::info);
    boolean strict = settings.baselineStrict() && settings.failOnViolation();
    Path baselineFile = settings.baselineFile().orElse(Path.of(""));
    if (!verdict.leftovers().isEmpty()) {
      Consumer<CharSequence> leftoverOut = strict ? console::error : console::warn;
      ConsoleReport.leftoverLines(verdict.leftovers(), baselineFile).forEach(leftoverOut);
      if (!strict) {
        console.warn("retry-owner: " + settings.frontEnd().turnOn(GateOption.BASELINE_STRICT)
            + " makes such entries fail the build");
      }
    }
    String summary = ConsoleReport.summary(result, verdict);
    out.accept(summary);
    console.info("retry-owner: reports " + (written ? "written to " : "unchanged in ")
        + reports.sarif() + " (SARIF), " + reports.json() + " (JSON) and " + reports.html()
        + " (HTML)");
    List<String> failures = new ArrayList<>();
    if (!clean && settings.failOnViolation()) {
      failures.add(ConsoleReport.failureMessage(failing));
    }
    if (!verdict.leftovers().isEmpty() && strict) {
      failures.add(ConsoleReport.strictBaselineFailure(verdict.leftovers().size(),
          baselineFile));
    }
    return new Outcome(clean, summary, failures);
  }

  /** A rule that allows its uses in the jobs packages only. */
  private static boolean scopedByJobsPackages(RuleDescriptor rule) {
    return rule.forbiddenUseScope().equals(Optional.of(ScopeKind.OUTSIDE_JOBS_PACKAGES))
        || rule.name().equals(RuleRegistry.HAND_ROLLED_RETRY.name());
  }
}
