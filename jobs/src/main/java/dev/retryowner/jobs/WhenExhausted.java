package dev.retryowner.jobs;

/** What happens to a job whose last allowed attempt failed. It is discarded either way. */
public enum WhenExhausted {
  /** Discard the job and call the runtime's {@link AlertHook}: someone should look at it. */
  DISCARD_AND_ALERT,
  /** Discard the job quietly; the inspector still shows it with every error. */
  DISCARD
}
