package dev.retryowner.jobs;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A clock that moves only when told to: for tests and simulations of schedules that span days.
 * Thread-safe; clocks derived with {@link #withZone} move with it.
 */
public final class ManualClock extends Clock {
  private final AtomicReference<Instant> now;
  private final ZoneId zone;

  private ManualClock(AtomicReference<Instant> now, ZoneId zone) {
    this.now = now;
    this.zone = zone;
  }

  /** A clock standing at {@code start}, in UTC. */
  public static ManualClock at(Instant start) {
    return new ManualClock(new AtomicReference<>(Objects.requireNonNull(start, "start")),
        ZoneOffset.UTC);
  }

  /** Moves the clock forward by {@code amount} and returns the new present. */
  public Instant advance(Duration amount) {
    if (amount.isNegative()) {
      throw new IllegalArgumentException("a clock only moves forward, but the step was " + amount);
    }
    return now.updateAndGet(instant -> instant.plus(amount));
  }

  /** Moves the clock to {@code instant} (forward or back). */
  public void set(Instant instant) {
    now.set(Objects.requireNonNull(instant, "instant"));
  }

  @Override
  public Instant instant() {
    return now.get();
  }

  @Override
  public ZoneId getZone() {
    return zone;
  }

  @Override
  public Clock withZone(ZoneId otherZone) {
    return new ManualClock(now, otherZone);
  }
}
