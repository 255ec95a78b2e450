package dev.retryowner.gate.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.RuleRegistry;
import dev.retryowner.catalog.Site;
import dev.retryowner.gate.CodeElement;
import dev.retryowner.gate.baseline.BaselineState;
import dev.retryowner.gate.report.ReportedFile.Anchor;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GateReportTest {
  private static final Finding CALL = SampleReports.finding("<init>()", 14, Site.CALL, "calls it");

  @TempDir Path project;

  @Test
  void oneEntryPerViolationWithEveryMessageAndElementOfItsLine() throws Exception {
    GateReport report = SampleReports.twoViolations(project);

    assertThat(report.summary()).isEqualTo(new RunSummary(2, 12, 9, new BigDecimal("1.23")));
    assertThat(report.violations()).hasSize(2);
    ReportedViolation first = report.violations().get(0);
    assertThat(first.rule()).isEqualTo(RuleRegistry.RETRY_OUTSIDE_JOBS);
    assertThat(first.message()).isEqualTo("declares field 'retry' of type " + SampleReports.RETRY
        + "; calls " + SampleReports.RETRY + "#of");
    assertThat(first.why()).isEqualTo("retries on its own");
    assertThat(first.line()).isEqualTo(14);
    assertThat(first.codeElements()).containsExactly(
        new CodeElement("com.acme.PaymentClient", "retry"),
        new CodeElement("com.acme.PaymentClient", "<init>()"));
    assertThat(report.warnings()).containsExactly("Broken.java does not parse; skipped");
    assertThat(report.violations()).extracting(ReportedViolation::baselineState)
        .containsOnlyNulls();
  }

  @Test
  void withABaselineEachViolationHasItsStateAndTheSummaryCountsNewAndBaselined()
      throws Exception {
    GateReport report = SampleReports.twoViolationsFirstBaselined(project);

    assertThat(report.summary()).isEqualTo(new RunSummary(1, 12, 9, new BigDecimal("1.23"), 1));
    assertThat(report.violations())
        .extracting(ReportedViolation::line, ReportedViolation::baselineState)
        .containsExactly(tuple(14, BaselineState.UNCHANGED), tuple(20, BaselineState.NEW));
  }

  @Test
  void aSourceFileUnderTheBaseDirectoryIsNamedRelativeToIt() throws Exception {
    GateReport report = SampleReports.report(project, SampleReports.resultOf(CALL));

    assertThat(report.violations().get(0).file()).isEqualTo(
        new ReportedFile("src/main/java/com/acme/PaymentClient.java", Anchor.BASE_DIRECTORY));
  }

  @Test
  void aSourceRootOutsideTheBaseDirectoryGivesAnAbsolutePath() throws Exception {
    GateReport report = SampleReports.report(project.resolve("module"), project,
        SampleReports.resultOf(CALL));

    assertThat(report.violations().get(0).file()).isEqualTo(new ReportedFile(
        project.toAbsolutePath().resolve("src/main/java/com/acme/PaymentClient.java").toString()
            .replace('\\', '/'), Anchor.ABSOLUTE));
  }

  @Test
  void aFileNoSourceRootHoldsKeepsItsSourceRootPath() throws Exception {
    Finding elsewhere = new Finding("RetryOutsideJobs", "com.acme.Gone", "", "com/acme/Gone.java",
        0, Site.SUPERTYPE, SampleReports.RETRY, "extends it", "");

    GateReport report = SampleReports.report(project, SampleReports.resultOf(elsewhere));

    assertThat(report.violations().get(0).file())
        .isEqualTo(new ReportedFile("com/acme/Gone.java", Anchor.SOURCE_ROOT));
  }

  @Test
  void aViolationOfARuleThatDidNotRunIsAnError() {
    assertThatThrownBy(() -> GateReport.of(SampleReports.TOOL, SampleReports.resultOf(CALL),
        List.of(RuleRegistry.HAND_ROLLED_RETRY), project, List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a violation of RetryOutsideJobs, which is not among the rules that ran"
            + " [HandRolledRetry]");
  }
}
