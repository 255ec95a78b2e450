package dev.retryowner.jobs;

import java.util.Objects;

/**
 * How often a job kind runs before it is given up, how long it waits between attempts, and what
 * happens when it is given up. Declared once per {@link JobKind}, as data.
 *
 * @param maxAttempts how many attempts a job gets in all (1 = no retry); snoozes do not count
 * @param backoff the wait after each failed attempt (before jitter)
 * @param whenExhausted what happens when the last attempt failed
 */
public record RetryPolicy(int maxAttempts, Backoff backoff, WhenExhausted whenExhausted) {
  public RetryPolicy {
    if (maxAttempts < 1) {
      throw new IllegalArgumentException(
          "a retry policy needs at least 1 attempt (1 = never retry), but got " + maxAttempts);
    }
    Objects.requireNonNull(backoff, "backoff");
    Objects.requireNonNull(whenExhausted, "whenExhausted");
  }

  /** {@code maxAttempts} attempts with {@code backoff}; when exhausted, discard and alert. */
  public static RetryPolicy of(int maxAttempts, Backoff backoff) {
    return new RetryPolicy(maxAttempts, backoff, WhenExhausted.DISCARD_AND_ALERT);
  }

  /**
   * One attempt, never retried, discarded quietly when it fails: the policy of periodic jobs,
   * whose next period is their retry.
   */
  public static RetryPolicy noRetry() {
    return new RetryPolicy(1, Backoff.defaultBackoff(), WhenExhausted.DISCARD);
  }

  /** This policy with another exhausted behaviour. */
  public RetryPolicy whenExhausted(WhenExhausted behaviour) {
    return new RetryPolicy(maxAttempts, backoff, behaviour);
  }
}
