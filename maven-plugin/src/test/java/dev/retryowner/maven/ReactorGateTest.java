package dev.retryowner.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.retryowner.maven.reactor.ModuleOutcome.Verdict;
import dev.retryowner.maven.reactor.ReactorGate;
import dev.retryowner.maven.reactor.ReactorTally;
import java.util.List;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.Test;

/** The gate executions of one reactor, in the order Maven happens to finish them. */
class ReactorGateTest {
  private static final List<String> FAILURE = List.of("retry-owner found 2 violation(s)");
  private static final String SUMMARY = "retry-owner: 2 violation(s) in 3 checked class(es)";

  private final CapturingLog log = new CapturingLog();
  private final ReactorTally tally =
      new ReactorTally(ReactorTally.expecting(List.of("billing", "common", "notify")));

  @Test
  void failingModulesDeferWhileChecksRemainAndTheLastFailsNamingEveryFailingModule()
      throws Exception {
    gate("billing", true).concluded(Verdict.CLEAN, SUMMARY, FAILURE);
    gate("notify", true).concluded(Verdict.CLEAN, SUMMARY, FAILURE);
    assertThat(log.errors).containsExactly(
        "retry-owner: billing (check) is failing; the build fails after the last module's check"
            + " (2 module checks still to run). Set deferReactorFailure to false"
            + " (-Dretryowner.deferReactorFailure=false) to fail at once.",
        "retry-owner: notify (check) is failing; the build fails after the last module's check"
            + " (1 module check still to run). Set deferReactorFailure to false"
            + " (-Dretryowner.deferReactorFailure=false) to fail at once.");

    assertThatThrownBy(() -> gate("common", true).concluded(Verdict.CLEAN,
        "retry-owner: 0 violation(s) in 2 checked class(es)", List.of()))
        .isInstanceOf(MojoFailureException.class)
        .hasMessage("retry-owner: the gate fails in 2 of 3 module checks: billing (check),"
            + " notify (check); see each module's report and the reactor summary above");
    assertThat(log.errors).containsSequence("retry-owner: reactor summary, 3 module checks:",
        "    billing (check): FAILS, 2 violation(s) in 3 checked class(es)",
        "    common (check): clean, 0 violation(s) in 2 checked class(es)",
        "    notify (check): FAILS, 2 violation(s) in 3 checked class(es)",
        "retry-owner: 2 of 3 module checks fail: billing (check), notify (check)");
  }

  @Test
  void aLastModuleThatFailsItselfFailsTheBuildWithTheSummary() throws Exception {
    gate("billing", true).concluded(Verdict.CLEAN, SUMMARY, List.of());
    gate("common", true).concluded(Verdict.CLEAN, SUMMARY, List.of());

    assertThatThrownBy(() -> gate("notify", true).concluded(Verdict.CLEAN, SUMMARY, FAILURE))
        .hasMessageContaining("fails in 1 of 3 module checks: notify (check);");
    assertThat(log.errors).noneMatch(l -> l.contains("is failing"))
        .contains("retry-owner: 1 of 3 module checks fail: notify (check)");
  }

  @Test
  void aCleanReactorPrintsTheSummaryOnceAndPasses() throws Exception {
    gate("billing", true).concluded(Verdict.CLEAN, SUMMARY, List.of());
    gate("notify", true).concluded(Verdict.VIOLATIONS_ALLOWED, SUMMARY, List.of());
    assertThat(log.infos).isEmpty();

    gate("common", true).concluded(Verdict.CLEAN, SUMMARY, List.of());

    assertThat(log.errors).isEmpty();
    assertThat(log.infos).hasSize(5).startsWith("retry-owner: reactor summary, 3 module checks:")
        .endsWith("retry-owner: every module check passes");
  }

  @Test
  void withoutDeferralAFailingModuleFailsAtOnceAndTheLastStillPrintsTheSummary()
      throws Exception {
    assertThatThrownBy(() -> gate("billing", false).concluded(Verdict.CLEAN, SUMMARY, FAILURE))
        .isInstanceOf(MojoFailureException.class).hasMessage(FAILURE.get(0));
    gate("common", false).concluded(Verdict.CLEAN, SUMMARY, List.of());

    assertThatCode(() -> gate("notify", false).concluded(Verdict.CLEAN, SUMMARY, List.of()))
        .doesNotThrowAnyException();
    assertThat(log.errors).noneMatch(l -> l.contains("is failing"))
        .contains("    billing (check): FAILED, 2 violation(s) in 3 checked class(es)",
            "retry-owner: 1 of 3 module checks fail: billing (check)");
  }

  @Test
  void aSkippedLastCheckStillFailsTheBuildForTheDeferredModules() throws Exception {
    gate("billing", true).concluded(Verdict.CLEAN, SUMMARY, FAILURE);
    gate("common", true).skipped("retry-owner: skipped (retryowner.skip)");

    assertThatThrownBy(() -> gate("notify", true)
        .skipped("retry-owner: skipped, a module with pom packaging has no classes"))
        .hasMessageContaining("fails in 1 of 3 module checks: billing (check);");
    assertThat(log.errors).contains("    common (check): skipped, skipped (retryowner.skip)");
  }

  @Test
  void aLastCheckThatStopsWithAnErrorPrintsTheSummaryBeforeItsCallerThrows() throws Exception {
    gate("billing", true).concluded(Verdict.CLEAN, SUMMARY, FAILURE);
    gate("common", true).concluded(Verdict.CLEAN, SUMMARY, List.of());

    gate("notify", true).stopped("retry-owner: no jobsPackages configured.\nSet them.");

    assertThat(log.errors).contains("    notify (check): ERROR, no jobsPackages configured.",
        "retry-owner: 2 of 3 module checks fail: billing (check), notify (check)");
  }

  @Test
  void aloneOrOnlyGateExecutionAFailureThrowsAtOnceWithoutSummary() throws Exception {
    ReactorTally single = new ReactorTally(ReactorTally.expecting(List.of("billing")));
    for (ReactorGate gate : List.of(ReactorGate.alone(),
        ReactorGate.sharing(single, "billing", "billing (check)", true, log))) {
      assertThatThrownBy(() -> gate.concluded(Verdict.CLEAN, SUMMARY, FAILURE))
          .hasMessage(FAILURE.get(0));
      gate.skipped("retry-owner: skipped (retryowner.skip)");
      gate.stopped("retry-owner: no classes");
    }
    assertThat(log.errors).isEmpty();
    assertThat(log.infos).isEmpty();
  }

  @Test
  void anExecutionTheReactorsPlansDidNotListActsAlone() {
    assertThatThrownBy(() -> ReactorGate.sharing(tally, "search", "search (check)", true, log)
        .concluded(Verdict.CLEAN, SUMMARY, FAILURE)).hasMessage(FAILURE.get(0));
    assertThat(log.errors).isEmpty();
  }

  @Test
  void onlyAFailFastBuildDefersAndOnlyWhenDeferralIsOn() {
    assertThat(ReactorGate.defers(true, "FAIL_FAST")).isTrue();
    assertThat(ReactorGate.defers(true, null)).isTrue();
    assertThat(ReactorGate.defers(true, "FAIL_AT_END")).isFalse();
    assertThat(ReactorGate.defers(true, "FAIL_NEVER")).isFalse();
    assertThat(ReactorGate.defers(false, "FAIL_FAST")).isFalse();
  }

  private ReactorGate gate(String module, boolean defer) {
    return ReactorGate.sharing(tally, module, module + " (check)", defer, log);
  }
}
