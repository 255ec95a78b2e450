package dev.retryowner.jobs;

/**
 * Where a job is in its life. A job is claimable while {@link #PENDING}, {@link #RETRYABLE} or
 * {@link #SNOOZED} and due; {@link #COMPLETED}, {@link #DISCARDED} and {@link #CANCELLED} are final
 * (only a discarded job comes back, through {@link Inspector#retry(long)}).
 */
public enum JobState {
  /** Enqueued, waiting for its time ({@code runAt}, or at once). */
  PENDING,
  /** Claimed by a worker; its lease says until when that worker owns it. */
  RUNNING,
  /** Failed and will run again when its backoff is over. */
  RETRYABLE,
  /** The handler asked to run again at a later time; no attempt was spent. */
  SNOOZED,
  /** The handler returned normally. */
  COMPLETED,
  /** Failed for good: the handler discarded it, or its attempts are exhausted. */
  DISCARDED,
  /** Cancelled from the inspector or by the application; not a failure of the job. */
  CANCELLED;

  /** Whether the job can still run: it is not completed, discarded or cancelled. */
  public boolean isLive() {
    return this == PENDING || this == RUNNING || this == RETRYABLE || this == SNOOZED;
  }

  /** Whether a worker may claim a job in this state once it is due. */
  public boolean isClaimable() {
    return this == PENDING || this == RETRYABLE || this == SNOOZED;
  }
}
