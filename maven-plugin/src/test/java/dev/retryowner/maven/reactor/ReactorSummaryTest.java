package dev.retryowner.maven.reactor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.retryowner.maven.reactor.ModuleOutcome.Verdict;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReactorSummaryTest {
  private static final List<ModuleOutcome> MIXED = List.of(
      new ModuleOutcome("common (check)", Verdict.CLEAN,
          "0 violation(s) in 2 checked class(es), 2 source file(s), in 0.10 s; 3 baselined"),
      new ModuleOutcome("billing (check)", Verdict.FAILING,
          "2 violation(s) in 3 checked class(es), 3 source file(s), in 0.20 s"),
      new ModuleOutcome("parent (check)", Verdict.SKIPPED,
          "skipped, a module with pom packaging has no classes"),
      new ModuleOutcome("notify (testCheck)", Verdict.ERROR, "no test classes to check"),
      new ModuleOutcome("search (check)", Verdict.VIOLATIONS_ALLOWED,
          "1 violation(s) in 1 checked class(es), 1 source file(s), in 0.05 s"));

  @Test
  void theSummaryListsEveryModuleCheckAndNamesTheFailingOnes() {
    assertThat(ReactorSummary.lines(MIXED)).containsExactly(
        "retry-owner: reactor summary, 5 module checks:",
        "    common (check): clean, 0 violation(s) in 2 checked class(es), 2 source file(s), in 0.10 s;"
            + " 3 baselined",
        "    billing (check): FAILS, 2 violation(s) in 3 checked class(es), 3 source file(s), in 0.20 s",
        "    parent (check): skipped, skipped, a module with pom packaging has no classes",
        "    notify (testCheck): ERROR, no test classes to check",
        "    search (check): violations allowed (failOnViolation=false), 1 violation(s) in"
            + " 1 checked class(es), 1 source file(s), in 0.05 s",
        "retry-owner: 2 of 5 module checks fail: billing (check), notify (testCheck)");
    assertThat(ReactorSummary.anyFails(MIXED)).isTrue();
    assertThat(ReactorSummary.failureMessage(MIXED)).isEqualTo("retry-owner: the gate fails in"
        + " 2 of 5 module checks: billing (check), notify (testCheck); see each module's report"
        + " and the reactor summary above");
  }

  @Test
  void aReactorWithoutFailuresSaysEveryCheckPasses() {
    List<ModuleOutcome> passing = List.of(MIXED.get(0), MIXED.get(2), MIXED.get(4));

    assertThat(ReactorSummary.lines(passing)).hasSize(5)
        .endsWith("retry-owner: every module check passes");
    assertThat(ReactorSummary.anyFails(passing)).isFalse();
  }

  @Test
  void aDeferredModuleSaysWhenTheBuildFailsAndHowToFailAtOnce() {
    assertThat(ReactorSummary.deferredLine("billing (check)", 1)).isEqualTo("retry-owner:"
        + " billing (check) is failing; the build fails after the last module's check (1 module"
        + " check still to run). Set deferReactorFailure to false"
        + " (-Dretryowner.deferReactorFailure=false) to fail at once.");
  }
}
