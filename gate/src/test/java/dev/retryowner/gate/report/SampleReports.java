package dev.retryowner.gate.report;

import dev.retryowner.catalog.Exemption;
import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.RuleRegistry;
import dev.retryowner.catalog.Site;
import dev.retryowner.gate.ExemptedFinding;
import dev.retryowner.gate.GateResult;
import dev.retryowner.gate.amplification.AmplificationMap;
import dev.retryowner.gate.amplification.AmplifiedPath;
import dev.retryowner.gate.amplification.Hop;
import dev.retryowner.gate.baseline.Baseline;
import dev.retryowner.gate.baseline.BaselineVerdict;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;

/** Small gate results and their reports, over a project laid out in a temporary directory. */
final class SampleReports {
  static final ToolInfo TOOL = new ToolInfo("1.2.3", "https://example.test/retry-owner",
      "https://example.test/retry-owner/blob/main/");
  static final String RETRY = "io.github.resilience4j.retry.Retry";
  static final String SOURCE = "com/acme/PaymentClient.java";

  private SampleReports() {}

  /**
   * Two violations in {@code src/main/java/com/acme/PaymentClient.java} under {@code project}:
   * a field and a call on line 14, a call on line 20.
   */
  static GateReport twoViolations(Path project) throws IOException {
    return report(project, twoViolationsResult());
  }

  /**
   * The violations of {@link #twoViolations} judged against a baseline that lists the first
   * (line 14): it is baselined, the second (line 20) is new.
   */
  static GateReport twoViolationsFirstBaselined(Path project) throws IOException {
    GateResult result = twoViolationsResult();
    Baseline baseline = Baseline.of(result.findings().subList(0, 2));
    GateReport plain = report(project, result);
    return GateReport.of(TOOL, result, baseline.judge(result), plain.rules(), project,
        List.of(project.resolve("src/main/java")), GateReport.MAIN);
  }

  private static GateResult twoViolationsResult() {
    return new GateResult(List.of(
        finding("retry", 14, Site.FIELD_TYPE, "declares field 'retry' of type " + RETRY),
        finding("<init>()", 14, Site.CALL, "calls " + RETRY + "#of"),
        finding("charge(java.lang.String)", 20, Site.CALL, "calls " + RETRY + "#executeSupplier")),
        12, 9, Duration.ofMillis(1234), List.of("Broken.java does not parse; skipped"));
  }

  /**
   * The second violation of {@link #twoViolations} (line 20) covered by a method exemption: one
   * violation (line 14) and one exempted finding.
   */
  static GateReport oneViolationOneExempted(Path project) throws IOException {
    GateResult two = twoViolationsResult();
    Finding covered = two.findings().get(2);
    Exemption exemption = new Exemption(covered.rule(), "legacy importer, replaced by PAY-1",
        covered.className(), covered.member());
    return report(project, new GateResult(two.findings().subList(0, 2), two.classCount(),
        two.sourceFileCount(), two.elapsed(), List.of(),
        List.of(new ExemptedFinding(covered, exemption))));
  }

  /**
   * A run of RetryAmplification: one path of 27 requests (3 × 3 × 3, above maxAmplification 1),
   * reported at its entry point's line 12, and one path of 1.
   */
  static GateReport amplified(Path project) throws IOException {
    Hop entry = hop("book", 12, 1, "entry point, not called in the classes read");
    AmplifiedPath worst = new AmplifiedPath("not called in the classes read", List.of(entry,
        hop("book", 13, 3, "hands a lambda to BackgroundTasks.invoke, which runs it again"),
        hop("send", 20, 3, "retries the calls it makes: a loop bounded by 3"),
        hop("post", 30, 3, "sends through okhttp3.OkHttpClient#newCall")), 1);
    AmplifiedPath once = new AmplifiedPath("request path", List.of(
        hop("status", 40, 1, "entry point, request path"),
        hop("status", 41, 1, "sends through okhttp3.OkHttpClient#newCall")), 1);
    AmplificationMap map = new AmplificationMap(List.of(worst, once), 4, 2);
    GateResult result = new GateResult(map.findings(), 4, 1, Duration.ofMillis(80), List.of(),
        List.of(), map);
    Path sourceRoot = project.resolve("src/main/java");
    Files.createDirectories(sourceRoot.resolve(SOURCE).getParent());
    Files.writeString(sourceRoot.resolve(SOURCE), "package com.acme;\n");
    return GateReport.of(TOOL, result, BaselineVerdict.withoutBaseline(result),
        List.of(RuleRegistry.RETRY_AMPLIFICATION), project, List.of(sourceRoot), GateReport.MAIN);
  }

  private static Hop hop(String method, int line, int attempts, String what) {
    return new Hop("com.acme.PaymentClient", method + "()", "PaymentClient." + method, SOURCE,
        line, OptionalInt.of(attempts), what, false);
  }

  /** A run that found nothing. */
  static GateReport clean(Path project) throws IOException {
    return report(project, new GateResult(List.of(), 3, 3, Duration.ofMillis(50), List.of()));
  }

  /** The report of {@code result} for a project whose one source root holds {@link #SOURCE}. */
  static GateReport report(Path project, GateResult result) throws IOException {
    return report(project, project, result);
  }

  /**
   * The report of {@code result} with {@code baseDirectory} as the project's base directory and
   * {@code src/main/java} under {@code sources} as source root, holding {@link #SOURCE}.
   */
  static GateReport report(Path baseDirectory, Path sources, GateResult result)
      throws IOException {
    Path sourceRoot = sources.resolve("src/main/java");
    Files.createDirectories(sourceRoot.resolve(SOURCE).getParent());
    Files.writeString(sourceRoot.resolve(SOURCE), "package com.acme;\n");
    return GateReport.of(TOOL, result,
        List.of(RuleRegistry.RETRY_OUTSIDE_JOBS, RuleRegistry.HAND_ROLLED_RETRY), baseDirectory,
        List.of(sourceRoot));
  }

  /** A result with {@code findings} and nothing else to say. */
  static GateResult resultOf(Finding... findings) {
    return new GateResult(List.of(findings), 1, 1, Duration.ZERO, List.of());
  }

  static Finding finding(String member, int line, Site site, String message) {
    return new Finding("RetryOutsideJobs", "com.acme.PaymentClient", member, SOURCE, line, site,
        RETRY, message, "retries on its own");
  }
}
