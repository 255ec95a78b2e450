package dev.retryowner.jobs;

import java.time.Duration;

/** Wakes a waiting dispatcher early: a job was enqueued or a worker became free. */
final class Wakeup {
  private boolean signalled;

  synchronized void signal() {
    signalled = true;
    notifyAll();
  }

  /** Waits until signalled or {@code max} passed, whichever is first; consumes the signal. */
  synchronized void await(Duration max) throws InterruptedException {
    long deadline = System.nanoTime() + max.toNanos();
    long left = max.toNanos();
    while (!signalled && left > 0) {
      wait(Math.max(1, left / 1_000_000));
      left = deadline - System.nanoTime();
    }
    signalled = false;
  }
}
