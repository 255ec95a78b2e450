package dev.retryowner.gate.baseline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.Site;
import dev.retryowner.gate.GateResult;
import dev.retryowner.gate.Violation;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class BaselineTest {
  private static final String RETRY = "io.github.resilience4j.retry.Retry";
  private static final Finding OF = call("<init>()", 14, "calls " + RETRY + "#of");
  private static final Finding FIELD = new Finding("RetryOutsideJobs", "com.acme.PaymentClient",
      "retry", "com/acme/PaymentClient.java", 11, Site.FIELD_TYPE, RETRY,
      "declares field 'retry' of type " + RETRY, "retries on its own");
  private static final Finding EXECUTE =
      call("charge()", 20, "calls " + RETRY + "#executeSupplier");

  @Test
  void aBaselineOfTheFindingsAcceptsEveryViolation() {
    GateResult result = resultOf(FIELD, OF, EXECUTE);

    BaselineVerdict verdict = Baseline.of(result.findings()).judge(result);

    assertThat(verdict.baselined()).hasSize(3);
    assertThat(verdict.newViolations()).isEmpty();
    assertThat(verdict.leftovers()).isEmpty();
    assertThat(verdict.stateOf(verdict.baselined().get(0))).contains(BaselineState.UNCHANGED);
  }

  @Test
  void renamingALocalVariableKeepsItsFindingBaselinedAlsoInAnOlderBaseline() {
    Finding config = local("config");
    Finding renamed = local("settings");
    BaselineKey legacy = BaselineKey.legacyOf(config);
    Baseline older = new Baseline(List.of(new BaselineEntry(legacy.rule(), legacy.className(),
        legacy.member(), BaselineKey.stableMessage(config.message()), legacy.fingerprint(), 1)));

    assertThat(Baseline.of(List.of(config)).judge(resultOf(renamed)).newViolations()).isEmpty();
    assertThat(older.judge(resultOf(config)).newViolations()).isEmpty();
    assertThat(Baseline.of(List.of(config)).judge(resultOf(local("config").atLine(30)))
        .baselined()).hasSize(1);
    Finding field = new Finding("RetryOutsideJobs", "com.acme.PaymentClient", "retries",
        "com/acme/PaymentClient.java", 11, Site.FIELD_TYPE, RETRY,
        "declares field 'retries' of type " + RETRY, "retries on its own");
    assertThat(Baseline.of(List.of(FIELD)).judge(resultOf(field)).newViolations()).hasSize(1);
  }

  @Test
  void entriesOfClassesTheRunDidNotCheckAreNoLeftovers() {
    Finding refund = new Finding("RetryOutsideJobs", "com.acme.RefundClient$1", "run()",
        "com/acme/RefundClient.java", 9, Site.CALL, RETRY, "calls " + RETRY + "#of", "retries");
    Baseline baseline = Baseline.of(List.of(FIELD, OF, refund));

    BaselineVerdict narrowed = baseline.judge(resultOf(FIELD, OF),
        className -> className.startsWith("com.acme.PaymentClient"));
    BaselineVerdict whole = baseline.judge(resultOf(FIELD, OF));

    assertThat(narrowed.leftovers()).isEmpty();
    assertThat(whole.leftovers()).extracting(l -> l.entry().className())
        .containsExactly("com.acme.RefundClient$*");
  }

  @Test
  void anEntryWithTheMembersTypesAsWrittenMatchesTheFullySpelledMember() {
    Finding loop = new Finding("HandRolledRetry", "com.acme.PaymentClient",
        "charge(java.util.function.Supplier, okhttp3.Interceptor$Chain, byte[])",
        "com/acme/PaymentClient.java", 18, Site.CALL, "", "this for loop runs again", "why");
    BaselineKey key = BaselineKey.of(loop);
    Baseline older = new Baseline(List.of(new BaselineEntry(key.rule(), key.className(),
        "charge(Supplier<String>, Interceptor.Chain, byte[])", "this for loop runs again",
        key.fingerprint(), 1)));

    assertThat(older.judge(resultOf(loop)).newViolations()).isEmpty();
    assertThat(older.judge(resultOf(loop)).leftovers()).isEmpty();
  }

  private static Finding local(String name) {
    return new Finding("RetryOutsideJobs", "com.acme.PaymentClient", "charge()",
        "com/acme/PaymentClient.java", 18, Site.LOCAL_TYPE, RETRY + "Config",
        "declares local variable '" + name + "' of type " + RETRY + "Config", "retries");
  }

  @Test
  void entriesCarryNoLinesSoMovedCodeStaysBaselined() {
    Baseline baseline = Baseline.of(List.of(FIELD, OF, EXECUTE));
    GateResult moved = resultOf(FIELD.atLine(31), OF.atLine(40), EXECUTE.atLine(57));

    BaselineVerdict verdict = baseline.judge(moved);

    assertThat(verdict.newViolations()).isEmpty();
    assertThat(verdict.baselined()).extracting(Violation::line).containsExactly(31, 40, 57);
    assertThat(baseline).isEqualTo(Baseline.of(moved.findings()));
  }

  @Test
  void aLineInTheMessageDoesNotChangeTheKey() {
    Finding located = call("run()", 8, "uses " + RETRY + " in (PaymentClient.java:8)");

    assertThat(BaselineKey.of(located)).isEqualTo(BaselineKey.of(
        call("run()", 30, "uses " + RETRY + " in (PaymentClient.java:30)")));
    assertThat(Baseline.of(List.of(located)).entries().get(0).message())
        .isEqualTo("uses " + RETRY + " in (PaymentClient.java)");
  }

  @Test
  void anAnonymousClassAddedAboveKeepsTheKeysOfTheOnesBelow() {
    Finding inFirst = new Finding("SchedulingOutsideJobs", "com.acme.ReportTimer$1", "",
        "com/acme/ReportTimer.java", 10, Site.SUPERTYPE, "java.util.TimerTask",
        "extends java.util.TimerTask", "");
    Finding nowSecond = new Finding(inFirst.rule(), "com.acme.ReportTimer$2", "",
        inFirst.sourcePath(), 18, Site.SUPERTYPE, inFirst.target(), inFirst.message(), "");
    Finding constructs = call("start()", 9,
        "constructs com.acme.ReportTimer.1 (catalog entry java.util.TimerTask)");
    Finding constructsShifted = call("start()", 17,
        "constructs com.acme.ReportTimer.2 (catalog entry java.util.TimerTask)");

    assertThat(BaselineKey.of(nowSecond)).isEqualTo(BaselineKey.of(inFirst));
    assertThat(BaselineKey.of(constructsShifted)).isEqualTo(BaselineKey.of(constructs));
    assertThat(Baseline.of(List.of(inFirst, constructs)).entries())
        .extracting(BaselineEntry::className, BaselineEntry::message).containsExactly(
            tuple("com.acme.PaymentClient",
                "constructs com.acme.ReportTimer.* (catalog entry java.util.TimerTask)"),
            tuple("com.acme.ReportTimer$*", "extends java.util.TimerTask"));
    assertThat(BaselineKey.stableMessage("waits 3.5 s in com.acme.Local$1Worker"))
        .isEqualTo("waits 3.5 s in com.acme.Local$*Worker");
  }

  @Test
  void anotherTargetMemberClassOrRuleIsANewViolation() {
    Baseline baseline = Baseline.of(List.of(OF));
    Finding otherTarget = call("<init>()", 14, "calls " + RETRY + "#ofDefaults");
    Finding otherMember = call("reset()", 14, OF.message());
    Finding otherClass = new Finding(OF.rule(), "com.acme.RefundClient", OF.member(),
        "com/acme/RefundClient.java", 14, Site.CALL, RETRY, OF.message(), OF.reason());
    Finding otherRule = new Finding("SchedulingOutsideJobs", OF.className(), OF.member(),
        OF.sourcePath(), 15, Site.CALL, RETRY, OF.message(), OF.reason());

    for (Finding changed : List.of(otherTarget, otherMember, otherClass, otherRule)) {
      BaselineVerdict verdict = baseline.judge(resultOf(changed));

      assertThat(verdict.newViolations()).as(changed.toString()).hasSize(1);
      assertThat(verdict.baselined()).isEmpty();
      assertThat(verdict.leftovers()).extracting(BaselineVerdict.Leftover::entry)
          .containsExactlyElementsOf(baseline.entries());
    }
  }

  @Test
  void aCountAcceptsThatManyFindingsAndTheLaterOnesAreNew() {
    Finding first = call("charge()", 20, "calls " + RETRY + "#executeSupplier");
    Finding second = first.atLine(24);
    Finding third = first.atLine(29);
    Baseline baseline = Baseline.of(List.of(first, second));

    BaselineVerdict verdict = baseline.judge(resultOf(first, second, third));

    assertThat(baseline.entries()).singleElement()
        .extracting(BaselineEntry::count).isEqualTo(2);
    assertThat(verdict.baselined()).extracting(Violation::line).containsExactly(20, 24);
    assertThat(verdict.newViolations()).extracting(Violation::line).containsExactly(29);
    assertThat(verdict.stateOf(verdict.newViolations().get(0))).contains(BaselineState.NEW);
  }

  @Test
  void aLineWithANewFindingBesideABaselinedOneIsNew() {
    BaselineVerdict verdict = Baseline.of(List.of(OF)).judge(resultOf(
        OF, new Finding(OF.rule(), OF.className(), "<init>()", OF.sourcePath(), 14,
            Site.LOCAL_TYPE, RETRY, "declares local variable 'r' of type " + RETRY, "")));

    assertThat(verdict.newViolations()).singleElement()
        .extracting(violation -> violation.findings().size()).isEqualTo(2);
    assertThat(verdict.baselined()).isEmpty();
  }

  @Test
  void entriesNothingMatchesAreLeftoversWithTheCountStillOpen() {
    Baseline baseline = Baseline.of(List.of(OF, EXECUTE, EXECUTE.atLine(25), EXECUTE.atLine(30)));

    BaselineVerdict verdict = baseline.judge(resultOf(EXECUTE));

    assertThat(verdict.newViolations()).isEmpty();
    assertThat(verdict.leftovers()).extracting(BaselineVerdict.Leftover::describe)
        .containsExactly(
            "RetryOutsideJobs in com.acme.PaymentClient.<init>(): calls " + RETRY + "#of ["
                + BaselineKey.of(OF).fingerprint() + "]",
            "RetryOutsideJobs in com.acme.PaymentClient.charge(): calls " + RETRY
                + "#executeSupplier [" + BaselineKey.of(EXECUTE).fingerprint()
                + "] (count 3, 2 gone: lower the count to 1)");
  }

  @Test
  void entriesAreSortedAndEntriesWithOneKeyAddUp() {
    BaselineEntry execute = Baseline.of(List.of(EXECUTE)).entries().get(0);
    BaselineEntry of = Baseline.of(List.of(OF)).entries().get(0);

    Baseline merged = new Baseline(List.of(execute, of, execute));

    assertThat(merged.entries()).containsExactly(of, execute.withCount(2));
  }

  @Test
  void withoutABaselineEveryViolationIsNewAndHasNoState() {
    GateResult result = resultOf(OF, EXECUTE);

    BaselineVerdict verdict = BaselineVerdict.withoutBaseline(result);

    assertThat(verdict.newViolations()).hasSize(2);
    assertThat(verdict.stateOf(verdict.newViolations().get(0))).isEmpty();
    assertThat(verdict.failing(result)).isEqualTo(result);
  }

  @Test
  void theFailingResultHoldsOnlyTheNewViolations() {
    GateResult result = resultOf(OF, EXECUTE);

    GateResult failing = Baseline.of(List.of(OF)).judge(result).failing(result);

    assertThat(failing.findings()).containsExactly(EXECUTE);
    assertThat(failing.classCount()).isEqualTo(result.classCount());
  }

  /** A changed algorithm would turn every committed baseline into leftovers and new violations. */
  @Test
  void theFingerprintIsAFixedFunctionOfTheMessage() {
    assertThat(BaselineKey.fingerprint("calls " + RETRY + "#of")).isEqualTo("1858467c6b0b8433")
        .isNotEqualTo(BaselineKey.fingerprint("calls " + RETRY + "#ofDefaults"));
  }

  private static Finding call(String member, int line, String message) {
    return new Finding("RetryOutsideJobs", "com.acme.PaymentClient", member,
        "com/acme/PaymentClient.java", line, Site.CALL, RETRY, message, "retries on its own");
  }

  private static GateResult resultOf(Finding... findings) {
    return new GateResult(List.of(findings), 4, 2, Duration.ofMillis(10), List.of());
  }
}
