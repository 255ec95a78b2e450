package dev.retryowner.gate;

import dev.retryowner.gate.ConsoleReport;
import dev.retryowner.gate.ExemptedFinding;
import dev.retryowner.gate.GateResult;
import dev.retryowner.gate.Violation;
import static org.assertj.core.api.Assertions.assertThat;

import dev.retryowner.catalog.Exemption;
import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.RuleDescriptor;
import dev.retryowner.catalog.RuleRegistry;
import dev.retryowner.catalog.Site;
import dev.retryowner.gate.baseline.Baseline;
import dev.retryowner.gate.baseline.BaselineKey;
import dev.retryowner.gate.baseline.BaselineVerdict;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ConsoleReportTest {
  private static final String RETRY = "io.github.resilience4j.retry.Retry";
  private static final Finding CALL = finding("<init>()", 14, Site.CALL, "calls " + RETRY + "#of");
  private static final Finding FIELD = finding("retry", 14, Site.FIELD_TYPE,
      "declares field 'retry' of type " + RETRY);
  private static final Finding OTHER_LINE = finding("charge()", 20, Site.CALL,
      "calls " + RETRY + "#executeSupplier");

  @Test
  void aViolationLeadsWithRuleMessageAndLocationThenMemberReasonFixAndDoc() {
    List<Violation> violations = Violation.of(List.of(CALL, FIELD));

    assertThat(violations).hasSize(1);
    assertThat(ConsoleReport.linesOf(violations.get(0))).containsExactly(
        "RetryOutsideJobs: declares field 'retry' of type " + RETRY + " (PaymentClient.java:14)",
        "    and calls " + RETRY + "#of",
        "    in com.acme.PaymentClient.retry, com.acme.PaymentClient.<init>()",
        "    why: retries on its own",
        "    fix: " + RuleRegistry.RETRY_OUTSIDE_JOBS.fix(),
        "    see: docs/rules/RetryOutsideJobs.md");
  }

  @Test
  void aTeamRuleViolationEndsWithTheTeamsFixAndDocumentation() {
    Finding exit = new Finding("NoSystemExit", "com.acme.Main", "main(java.lang.String[])",
        "com/acme/Main.java", 7, Site.CALL, "java.lang.System",
        "Method <com.acme.Main.main(java.lang.String[])> calls method"
            + " <java.lang.System.exit(int)> in (Main.java:7)", "");
    RuleDescriptor rule = RuleDescriptor.teamRule("NoSystemExit",
        "no classes should call method System.exit(int)", "Throw instead.",
        "https://wiki.acme.test/NoSystemExit");

    assertThat(ConsoleReport.linesOf(Violation.of(List.of(exit)).get(0), Optional.of(rule)))
        .containsExactly(
            "NoSystemExit: " + exit.message() + " (Main.java:7)",
            "    in com.acme.Main.main(java.lang.String[])",
            "    fix: Throw instead.",
            "    see: https://wiki.acme.test/NoSystemExit");
  }

  @Test
  void eachSourceLineIsOneViolation() {
    assertThat(Violation.of(List.of(CALL, FIELD, OTHER_LINE)))
        .extracting(Violation::line).containsExactly(14, 20);
  }

  @Test
  void summaryCountsViolationsClassesAndSourceFiles() {
    GateResult result = new GateResult(List.of(CALL, FIELD, OTHER_LINE), 12, 9,
        Duration.ofMillis(1234), List.of());

    assertThat(ConsoleReport.summary(result)).isEqualTo(
        "retry-owner: 2 violation(s) in 12 checked class(es), 9 source file(s), in 1.23 s");
    assertThat(ConsoleReport.failureMessage(result)).isEqualTo(
        "retry-owner found 2 violation(s) of RetryOutsideJobs in 1 class(es) with violations;"
            + " see the report above");
  }

  @Test
  void aCleanRunSaysZero() {
    GateResult clean = new GateResult(List.of(), 3, 3, Duration.ofMillis(50), List.of());

    assertThat(ConsoleReport.summary(clean))
        .isEqualTo("retry-owner: 0 violation(s) in 3 checked class(es), 3 source file(s), in 0.05 s");
  }

  @Test
  void aBaselinedViolationIsOneLineSayingSo() {
    assertThat(ConsoleReport.baselinedLine(Violation.of(List.of(CALL, FIELD)).get(0))).isEqualTo(
        "RetryOutsideJobs: declares field 'retry' of type " + RETRY + "; calls " + RETRY
            + "#of (PaymentClient.java:14) (baselined)");
  }

  @Test
  void withABaselineTheSummaryCountsTheNewViolationsAndTheBaselinedOnes() {
    GateResult result = new GateResult(List.of(CALL, FIELD, OTHER_LINE), 12, 9,
        Duration.ofMillis(1234), List.of());
    BaselineVerdict verdict = Baseline.of(List.of(CALL, FIELD)).judge(result);

    assertThat(ConsoleReport.summary(result, verdict)).isEqualTo(
        "retry-owner: 1 violation(s) in 12 checked class(es), 9 source file(s), in 1.23 s; 1 baselined");
    assertThat(ConsoleReport.summary(result, BaselineVerdict.withoutBaseline(result)))
        .isEqualTo(ConsoleReport.summary(result));
  }

  @Test
  void leftoverEntriesAreListedWithWhatToDo() {
    GateResult result = new GateResult(List.of(CALL), 1, 1, Duration.ZERO, List.of());
    BaselineVerdict verdict = Baseline.of(List.of(CALL, OTHER_LINE)).judge(result);
    Path file = Path.of("retry-owner-baseline.json");

    assertThat(ConsoleReport.leftoverLines(verdict.leftovers(), file)).containsExactly(
        "retry-owner: the baseline retry-owner-baseline.json has 1 entry that no violation"
            + " matches any more (fixed, or the code changed); remove these entries so the"
            + " baseline only shrinks:",
        "    RetryOutsideJobs in com.acme.PaymentClient.charge(): calls " + RETRY
            + "#executeSupplier [" + BaselineKey.of(OTHER_LINE).fingerprint() + "]");
    assertThat(ConsoleReport.strictBaselineFailure(2, file)).isEqualTo("retry-owner: the strict"
        + " baseline retry-owner-baseline.json has 2 entries that no violation matches any more;"
        + " remove these entries (listed above)");
  }

  private static Finding finding(String member, int line, Site site, String message) {
    return new Finding("RetryOutsideJobs", "com.acme.PaymentClient", member,
        "com/acme/PaymentClient.java", line, site, RETRY, message, "retries on its own");
  }

  @Test
  void anExemptedFindingIsOneLineWithItsReasonAndTheSummaryCountsIt() {
    ExemptedFinding exempted = new ExemptedFinding(OTHER_LINE, new Exemption("RetryOutsideJobs",
        "legacy importer, replaced by PAY-1", OTHER_LINE.className(), OTHER_LINE.member()));
    GateResult result = new GateResult(List.of(CALL), 3, 2, Duration.ofMillis(1500), List.of(),
        List.of(exempted));

    assertThat(ConsoleReport.exemptedLine(exempted)).isEqualTo("exempted RetryOutsideJobs: calls "
        + RETRY + "#executeSupplier (PaymentClient.java:20) - reason: legacy importer, replaced"
        + " by PAY-1");
    assertThat(ConsoleReport.summary(result)).isEqualTo("retry-owner: 1 violation(s) in 3"
        + " checked class(es), 2 source file(s), in 1.50 s; 1 exempted");
    assertThat(ConsoleReport.summary(new GateResult(List.of(CALL), 3, 2, Duration.ofMillis(1500),
        List.of()))).doesNotContain("exempted");
  }
}
