package dev.retryowner.jobs;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * Thrown by a handler to run the job again later without spending an attempt: the receiver said
 * when (429/503 with {@code Retry-After}), an endpoint is busy, a send cap is spent.
 */
public final class Snooze extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final transient Instant until;
  private final transient Duration after;

  private Snooze(Instant until, Duration after) {
    super(until != null ? "snoozed until " + until : "snoozed for " + after, null, false, false);
    this.until = until;
    this.after = after;
  }

  /** Run again at {@code instant} (at once if it has passed). */
  public static Snooze until(Instant instant) {
    return new Snooze(Objects.requireNonNull(instant, "instant"), null);
  }

  /** Run again {@code delay} from now. */
  public static Snooze after(Duration delay) {
    Objects.requireNonNull(delay, "delay");
    if (delay.isNegative()) {
      throw new IllegalArgumentException("a snooze cannot be negative: " + delay);
    }
    return new Snooze(null, delay);
  }

  /** When the job runs again, seen from {@code now}. */
  public Instant wakeAt(Instant now) {
    return until != null ? until : now.plus(after);
  }

  /** When the job runs again, seen from {@code clock}'s present. */
  public Instant wakeAt(Clock clock) {
    return wakeAt(clock.instant());
  }
}
