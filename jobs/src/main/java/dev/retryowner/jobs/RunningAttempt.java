package dev.retryowner.jobs;

/**
 * One attempt being run by a thread. Exactly one party ends it: the handler returning, the timeout,
 * a cancel, a lease rescue or the shutdown; only that party records the outcome. An interrupt
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
    SHUTDOWN
  }

  private final JobRecord job;
  private final Thread thread;
  private End end;
  private boolean handlerReturned;

  RunningAttempt(JobRecord job, Thread thread) {
    this.job = job;
    this.thread = thread;
  }

  JobRecord job() {
    return job;
  }

  /** Ends the attempt by {@code by} unless someone else ended it first; true if {@code by} won. */
  synchronized boolean end(End by) {
    if (end != null) {
      return false;
    }
    end = by;
    return true;
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
