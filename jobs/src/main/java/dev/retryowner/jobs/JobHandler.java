package dev.retryowner.jobs;

/**
 * Runs one attempt of a job. A handler only classifies what happened; the job kind's policy
 * decides when to try again:
 *
 * <ul>
 *   <li>return normally: the job is completed;
 *   <li>throw {@link Snooze}: run again at the time named, no attempt spent;
 *   <li>throw {@link Discard}: failed for good, never retried;
 *   <li>throw anything else (an exception or an {@link Error}), or exceed the kind's timeout: the
 *       attempt failed and the job is retried per its policy, or discarded when exhausted.
 * </ul>
 *
 * <p>A handler never retries or sleeps itself. It must stop when interrupted (timeout, cancel,
 * shutdown).
 */
@FunctionalInterface
public interface JobHandler {
  /** Runs one attempt of {@code job}. */
  void handle(Job job) throws Exception;
}
