package dev.retryowner.gate;

import dev.retryowner.gate.ExemptedFinding;
import dev.retryowner.gate.GateException;
import dev.retryowner.gate.GateResult;
import dev.retryowner.gate.GateRunner;
import static org.assertj.core.api.Assertions.assertThat;

import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.Site;
import dev.retryowner.gate.baseline.Baseline;
import dev.retryowner.gate.baseline.BaselineEntry;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The gate applies {@code @RetryOwnerExempt} once to the findings of every engine (ArchUnit and
 * the source checks) on the fixtures: covered findings are listed as exempted with their reason,
 * never as violations, and a baseline never records them.
 */
class GateRunnerExemptionTest {
  private static final String IMPORTER = "fixtures.retryoutsidejobs.app.ExemptedLegacyImporter";
  private static final String LOOP = "fixtures.handrolledretry.app.ExemptedRetryLoop";
  private static final String OTHER_RULE = "fixtures.retryoutsidejobs.app.ExemptedForAnotherRule";
  private static GateResult result;

  @BeforeAll
  static void runTheGateOnTheFixtures() throws GateException {
    result = new GateRunner().run(FixtureGate.request());
  }

  private static boolean inExemptedFixture(String className) {
    return className.startsWith(IMPORTER) || className.startsWith(LOOP);
  }

  @Test
  void findingsOfEveryExemptedElementAreListedWithTheirReason() {
    assertThat(result.exempted()).extracting(e -> e.finding().className()).contains(IMPORTER,
        IMPORTER + "$1", IMPORTER + "$VendorAdapter", IMPORTER + "$VendorAdapter$Nested", LOOP);
    assertThat(result.exempted()).filteredOn(e -> e.finding().className().equals(LOOP))
        .singleElement().satisfies(e -> {
          assertThat(e.finding().rule()).isEqualTo("HandRolledRetry");
          assertThat(e.reason()).isEqualTo("legacy publisher, replaced by PAY-99");
        });
    assertThat(result.exempted()).extracting(ExemptedFinding::reason).contains(
        "legacy importer, replaced by PAY-1234", "legacy constructor, PAY-1234",
        "legacy import loop, PAY-1234", "vendor adapter, no NoRetry switch");
  }

  @Test
  void theSourceChecksFindingsAreExemptedToo() {
    assertThat(result.exempted()).extracting(ExemptedFinding::finding)
        .filteredOn(f -> f.site() == Site.LOCAL_TYPE)
        .extracting(Finding::className).contains(IMPORTER, IMPORTER + "$1");
  }

  @Test
  void exemptedFindingsAreNoViolationsAndNoBaselineEntries() {
    assertThat(result.findings()).extracting(Finding::className)
        .noneMatch(GateRunnerExemptionTest::inExemptedFixture);
    List<BaselineEntry> entries = Baseline.of(result.findings()).entries();
    assertThat(entries).extracting(BaselineEntry::className)
        .noneMatch(GateRunnerExemptionTest::inExemptedFixture);
  }

  @Test
  void anExemptionOfAnotherRuleOrAnInvalidOneExemptsNothing() {
    assertThat(result.findings()).filteredOn(f -> f.className().equals(OTHER_RULE))
        .extracting(Finding::rule).contains("RetryOutsideJobs", "InvalidExemption");
    assertThat(result.exempted()).extracting(e -> e.finding().className())
        .doesNotContain(OTHER_RULE);
  }
}
