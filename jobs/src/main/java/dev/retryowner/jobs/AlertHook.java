package dev.retryowner.jobs;

/**
 * Told when a job's attempts are exhausted and its policy says {@link
 * WhenExhausted#DISCARD_AND_ALERT}: the job is already discarded, with every attempt's error, and
 * the inspector can retry it. An exception thrown here is logged and does not affect the job.
 */
@FunctionalInterface
public interface AlertHook {
  /** Does nothing; the inspector still shows discarded jobs. */
  AlertHook NONE = job -> { };

  /** {@code job} was discarded after its last attempt failed. */
  void exhausted(JobRecord job);
}
