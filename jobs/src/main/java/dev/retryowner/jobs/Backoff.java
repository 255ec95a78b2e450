package dev.retryowner.jobs;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * How long a job waits after a failed attempt before it runs again. Only the job layer computes
 * this; a handler never waits or retries itself.
 */
public interface Backoff {
  /** The ceiling of an uncapped exponential backoff, so that a long run of failures cannot overflow. */
  Duration UNCAPPED_CEILING = Duration.ofDays(365);

  /**
   * The delay after attempt {@code failedAttempt} (1-based) failed, spread by {@code jitter}.
   *
   * @throws IllegalArgumentException if {@code failedAttempt} is below 1
   */
  default Duration delay(int failedAttempt, Jitter jitter) {
    if (failedAttempt < 1) {
      throw new IllegalArgumentException(
          "attempts are counted from 1, but the failed attempt was " + failedAttempt);
    }
    return jitter.apply(baseDelay(failedAttempt));
  }

  /** The delay after attempt {@code failedAttempt} (at least 1) failed, before jitter. */
  Duration baseDelay(int failedAttempt);

  /** River's and the seed's {@code DefaultBackoff}: 1 s, doubling, capped at 15 min. */
  static Backoff defaultBackoff() {
    return exponential(Duration.ofSeconds(1), 2, Duration.ofMinutes(15));
  }

  /** The notification backoff: 20 s, then ×3 per attempt (about 6 h over 8 attempts). */
  static Backoff geometric() {
    return exponential(Duration.ofSeconds(20), 3, null);
  }

  /**
   * {@code first}, then multiplied by {@code factor} after every further failure, never above
   * {@code capOrNull} (when null, never above {@link #UNCAPPED_CEILING}).
   */
  static Backoff exponential(Duration first, int factor, Duration capOrNull) {
    return new ExponentialBackoff(first, factor, capOrNull);
  }

  /**
   * A fixed schedule: the n-th failure waits the n-th step; after the last step, the last step
   * repeats.
   */
  static Backoff schedule(Duration... steps) {
    return new ScheduleBackoff(List.of(steps));
  }

  /**
   * Svix's webhook schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, then 10 h steps (18 attempts
   * take about 5.3 days).
   */
  static Backoff svix() {
    return schedule(
        Duration.ofSeconds(5),
        Duration.ofMinutes(5),
        Duration.ofMinutes(30),
        Duration.ofHours(2),
        Duration.ofHours(5),
        Duration.ofHours(10));
  }

  /** See {@link Backoff#exponential}. */
  record ExponentialBackoff(Duration first, int factor, Duration capOrNull) implements Backoff {
    public ExponentialBackoff {
      Objects.requireNonNull(first, "first");
      if (first.isNegative() || first.isZero()) {
        throw new IllegalArgumentException("the first backoff delay must be positive: " + first);
      }
      if (factor < 1) {
        throw new IllegalArgumentException("the backoff factor must be at least 1: " + factor);
      }
      if (capOrNull != null && capOrNull.compareTo(first) < 0) {
        throw new IllegalArgumentException(
            "the backoff cap " + capOrNull + " is below the first delay " + first);
      }
    }

    @Override
    public Duration baseDelay(int failedAttempt) {
      Duration cap = capOrNull == null ? UNCAPPED_CEILING : capOrNull;
      Duration delay = first;
      for (int i = 1; i < failedAttempt && delay.compareTo(cap) < 0; i++) {
        delay = delay.multipliedBy(factor);
      }
      return delay.compareTo(cap) <= 0 ? delay : cap;
    }
  }

  /** See {@link Backoff#schedule}. */
  record ScheduleBackoff(List<Duration> steps) implements Backoff {
    public ScheduleBackoff {
      steps = List.copyOf(steps);
      if (steps.isEmpty()) {
        throw new IllegalArgumentException("a backoff schedule needs at least one step");
      }
      for (Duration step : steps) {
        if (step.isNegative()) {
          throw new IllegalArgumentException("a backoff step must not be negative: " + step);
        }
      }
    }

    @Override
    public Duration baseDelay(int failedAttempt) {
      return steps.get(Math.min(failedAttempt, steps.size()) - 1);
    }
  }
}
