package dev.retryowner.jobs.postgres;

import dev.retryowner.jobs.JobState;
import java.time.Duration;
import java.util.Objects;

/**
 * How long finished jobs stay in the store after they finished, per final state; {@link
 * PostgresJobStore#prune} deletes older ones (and their errors). Live jobs are never pruned.
 *
 * @param completed how long a completed job is kept
 * @param cancelled how long a cancelled job is kept
 * @param discarded how long a discarded job is kept (long enough to notice it and retry it)
 */
public record Retention(Duration completed, Duration cancelled, Duration discarded) {
  public Retention {
    requireNotNegative(completed, JobState.COMPLETED);
    requireNotNegative(cancelled, JobState.CANCELLED);
    requireNotNegative(discarded, JobState.DISCARDED);
  }

  /** Completed and cancelled jobs for a day, discarded ones for a week (River's defaults). */
  public static Retention defaults() {
    return new Retention(Duration.ofDays(1), Duration.ofDays(1), Duration.ofDays(7));
  }

  private static void requireNotNegative(Duration keep, JobState state) {
    String name = JobRows.column(state);
    Objects.requireNonNull(keep, name);
    if (keep.isNegative()) {
      throw new IllegalArgumentException(
          "the retention of " + name + " jobs must not be negative: " + keep);
    }
  }
}
