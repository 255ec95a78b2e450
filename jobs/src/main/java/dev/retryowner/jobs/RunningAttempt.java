package dev.retryowner.jobs;

import java.time.Instant;

/**
 * One attempt being run by a thread. Exactly one party ends it: the handler returning, the timeout,
 * a cancel, a lease rescue, a heartbeat that found the lease lost, or the shutdown; only that party
 * records the outcome. An interrupt
 * reaches the thread only while the handler is still running, so it never leaks into the next job
 * on that thread.
 */
final class RunningAttempt {
  /** Who ended the attempt. */
  enum End {
    HANDLER,
    TIMEOUT,
    CANCEL,
    RESCUE,
    LEASE_LOST,
    SHUTDOWN
  }

  private final JobRecord job;
  private final Thread thread;
  private volatile Instant leaseExpiresAt;
  private End end;
  private boolean handlerReturned;

  RunningAttempt(JobRecord job, Instant leaseExpiresAt, Thread thread) {
    this.job = job;
    this.thread = thread;
    this.leaseExpiresAt = leaseExpiresAt;
  }

  JobRecord job() {
    return job;
  }

  /** Until when the store holds the job for this attempt, as far as this worker knows. */
  Instant leaseExpiresAt() {
    return leaseExpiresAt;
  }

  /** A heartbeat extended the lease to {@code until}. */
  void leaseExtended(Instant until) {
    leaseExpiresAt = until;
  }

  /** Ends the attempt by {@code by} unless someone else ended it first; true if {@code by} won. */
  synchronized boolean end(End by) {
    if (end != null) {
      return false;
    }
    end = by;
    return true;
  }

  /** Whether someone ended the attempt already. */
  synchronized boolean isEnded() {
    return end != null;
  }

  /** Interrupts the handler if it is still running. */
  synchronized void interrupt() {
    if (!handlerReturned) {
      thread.interrupt();
    }
  }

  /**
   * Called on the running thread when the handler returned or threw: clears any interrupt this
   * attempt caused and tells whether the handler's outcome counts (nobody ended it before).
   */
  synchronized boolean handlerReturned() {
    handlerReturned = true;
    boolean counts = end(End.HANDLER);
    Thread.interrupted();
    return counts;
  }
}
