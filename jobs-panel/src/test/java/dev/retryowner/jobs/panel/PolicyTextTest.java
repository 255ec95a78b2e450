package dev.retryowner.jobs.panel;

import static org.assertj.core.api.Assertions.assertThat;

import dev.retryowner.jobs.Backoff;
import dev.retryowner.jobs.RetryPolicy;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** How the panel describes a policy's backoff schedule. */
class PolicyTextTest {
  @Test
  void aScheduleFoldsItsRepeatedLastStep() {
    assertThat(PolicyText.backoffSchedule(RetryPolicy.of(18, Backoff.svix())))
        .isEqualTo("5 s, 5 min, 30 min, 2 h, 5 h, 10 h ×12 (before jitter)");
  }

  @Test
  void anExponentialBackoffListsEveryWaitUpToItsCap() {
    assertThat(PolicyText.backoffSchedule(RetryPolicy.of(13, Backoff.defaultBackoff())))
        .isEqualTo("1 s, 2 s, 4 s, 8 s, 16 s, 32 s, 1 min 4 s, 2 min 8 s, 4 min 16 s,"
            + " 8 min 32 s, 15 min ×2 (before jitter)");
  }

  @Test
  void aSingleAttemptHasNoBackoff() {
    assertThat(PolicyText.backoffSchedule(RetryPolicy.noRetry()))
        .isEqualTo("none: one attempt, never retried");
  }

  @Test
  void durationsUseTheirLargestWholeUnits() {
    assertThat(PolicyText.duration(Duration.ofMinutes(90))).isEqualTo("1 h 30 min");
    assertThat(PolicyText.duration(Duration.ofDays(2))).isEqualTo("2 d");
    assertThat(PolicyText.duration(Duration.ZERO)).isEqualTo("0 s");
  }
}
