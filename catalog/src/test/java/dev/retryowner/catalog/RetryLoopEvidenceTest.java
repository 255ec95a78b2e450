package dev.retryowner.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RetryLoopEvidenceTest {
  @Test
  void aSwallowingCatchInACountedLoopIsARetry() {
    RetryLoopEvidence evidence =
        new RetryLoopEvidence(false, true, false, List.of("attempt"), false, false, false,
            false, false);

    assertThat(evidence.hasFailureSignal()).isTrue();
    assertThat(evidence.isBounded()).isTrue();
    assertThat(evidence.describe("while loop", Optional.of("java.lang.Thread#sleep")))
        .isEqualTo("this while loop runs the operation again after a failure (a catch swallows"
            + " the failure), bounded by attempt counter 'attempt', waiting with"
            + " java.lang.Thread#sleep");
  }

  @Test
  void anUnboundedLoopIsARetryOnlyWhenSuccessLeavesIt() {
    assertThat(new RetryLoopEvidence(false, true, false, List.of(), true, false, false, false, false)
        .isBounded()).isFalse();
    RetryLoopEvidence leaves =
        new RetryLoopEvidence(false, true, false, List.of(), true, true, false, false, false);
    assertThat(leaves.isBounded()).isTrue();
    assertThat(leaves.describe("for loop", Optional.empty()))
        .endsWith("bounded by leaving only on success");
  }

  @Test
  void aDeadlineOrCancellationInTheConditionBoundsALoopThatLeavesOnSuccess() {
    RetryLoopEvidence untilDeadline =
        new RetryLoopEvidence(false, true, false, List.of(), false, true, false, false, true);
    assertThat(untilDeadline.isBounded()).isTrue();
    assertThat(untilDeadline.describe("while loop", Optional.empty()))
        .endsWith("bounded by a deadline or cancellation in its condition, leaving on success");
    assertThat(new RetryLoopEvidence(false, true, false, List.of(), false, false, false, false,
        true).isBounded()).isFalse();
  }

  @Test
  void anErrorKeyedConditionIsSignalAndBound() {
    RetryLoopEvidence keyed =
        new RetryLoopEvidence(true, false, false, List.of(), false, false, false, false, false);

    assertThat(keyed.hasFailureSignal()).isTrue();
    assertThat(keyed.isBounded()).isTrue();
    assertThat(keyed.describe("do-while loop", Optional.empty())).isEqualTo("this do-while loop"
        + " runs the operation again after a failure (its condition is true on an error status),"
        + " bounded by the error status");
  }

  @Test
  void aCatchThatGoesRoundAgainOrRethrowsIsSignalAndBound() {
    RetryLoopEvidence retrying = new RetryLoopEvidence(false, false, false, List.of(), true,
        false, true, false, false);

    assertThat(retrying.hasFailureSignal()).isTrue();
    assertThat(retrying.isBounded()).isTrue();
    assertThat(retrying.describe("for loop", Optional.empty())).isEqualTo("this for loop runs"
        + " the operation again after a failure (a catch goes round again on some failures),"
        + " bounded by the catch's rethrow");
  }

  @Test
  void aDecisionThatReadsTheFailureBoundsAnEndlessLoop() {
    RetryLoopEvidence decided = new RetryLoopEvidence(false, true, false, List.of(), true,
        false, false, true, false);

    assertThat(decided.isBounded()).isTrue();
    assertThat(decided.describe("while loop", Optional.empty()))
        .endsWith("bounded by a decision that reads the failure");
    assertThat(new RetryLoopEvidence(false, false, false, List.of(), true, false, false, true, false)
        .hasFailureSignal()).isFalse();
  }

  @Test
  void noFailureSignalNoRetry() {
    RetryLoopEvidence poll =
        new RetryLoopEvidence(false, false, false, List.of("n"), false, true, false, false, false);

    assertThat(poll.hasFailureSignal()).isFalse();
  }

  @Test
  void sentencesOfTheOtherShapes() {
    assertThat(RetryLoopEvidence.reSchedule("run",
        "java.util.concurrent.ScheduledExecutorService#schedule", "from a catch"))
        .isEqualTo("this call hands 'run' back to"
            + " java.util.concurrent.ScheduledExecutorService#schedule from a catch, so it runs"
            + " again after a failure");
    assertThat(RetryLoopEvidence.recursion("stock", "from a catch", "an attempt counter"))
        .isEqualTo("'stock' calls itself from a catch with an attempt counter, so it runs again"
            + " after a failure");
    assertThat(RetryLoopEvidence.repeatedCall("create", "from a catch")).isEqualTo("this call"
        + " of 'create' repeats the call that failed in the try block, from a catch: a retry"
        + " without a loop");
    assertThat(RetryLoopEvidence.resend("okhttp3.Interceptor.Chain#proceed", "chain",
        RetryLoopEvidence.ResendSignal.ERROR_STATUS)).isEqualTo("this call of"
            + " okhttp3.Interceptor.Chain#proceed on 'chain' sends again after an earlier one"
            + " failed (an error status check of its result): a retry without a loop");
    assertThat(RetryLoopEvidence.resend("okhttp3.Interceptor.Chain#proceed", "chain",
        RetryLoopEvidence.ResendSignal.SWALLOWING_CATCH)).endsWith("failed (a catch swallows its"
            + " failure): a retry without a loop");
  }
}
