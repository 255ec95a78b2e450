package dev.retryowner.jobs;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * How to enqueue a job: when it first runs, and whether an equal live job makes it a no-op.
 * Start from {@link #runAt(Instant)}, {@link #uniqueByArgs()} or {@link #defaults()}; combine
 * with {@link #andRunAt(Instant)} and {@link #andUniqueByArgs()}.
 */
public final class EnqueueOptions {
  private static final EnqueueOptions DEFAULTS = new EnqueueOptions(null, false);

  private final Instant runAt;
  private final boolean uniqueByArgs;

  private EnqueueOptions(Instant runAt, boolean uniqueByArgs) {
    this.runAt = runAt;
    this.uniqueByArgs = uniqueByArgs;
  }

  /** Run at once, no uniqueness. */
  public static EnqueueOptions defaults() {
    return DEFAULTS;
  }

  /** First run at {@code instant} (at once if it has passed). */
  public static EnqueueOptions runAt(Instant instant) {
    return DEFAULTS.andRunAt(instant);
  }

  /**
   * Do not enqueue if a live job (pending, running, retryable or snoozed) of the same kind with
   * equal arguments exists; {@link Jobs#enqueue} then returns that job's id.
   */
  public static EnqueueOptions uniqueByArgs() {
    return DEFAULTS.andUniqueByArgs();
  }

  /** These options, with the first run at {@code instant}. */
  public EnqueueOptions andRunAt(Instant instant) {
    return new EnqueueOptions(Objects.requireNonNull(instant, "instant"), uniqueByArgs);
  }

  /** These options, unique by arguments (see {@link #uniqueByArgs()}). */
  public EnqueueOptions andUniqueByArgs() {
    return new EnqueueOptions(runAt, true);
  }

  /** The first run's time; empty means at once. */
  public Optional<Instant> firstRun() {
    return Optional.ofNullable(runAt);
  }

  /** Whether an equal live job makes this enqueue a no-op. */
  public boolean isUniqueByArgs() {
    return uniqueByArgs;
  }
}
