package dev.retryowner.jobs;

import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Writes the completions of a started runtime's jobs in groups, on a thread of its own: a worker
 * whose handler returned hands its job over and goes on to its next job, and the completions
 * handed over while one group is written make up the next group, one {@link
 * JobStore#completeAll} each. A completion counts (the next run of a periodic kind is scheduled,
 * the shutdown may return) only once written; until then the job stays running in the store
 * under its lease, so if the process dies first the job is rescued and runs again, as
 * at-least-once allows.
 */
final class CompletionWriter {
  private final JobStore store;
  private final Clock clock;
  private final Consumer<JobRecord> written;
  private final Thread thread;
  private List<JobRecord> handedOver = new ArrayList<>();
  private boolean stopping;

  /**
   * {@code written} is called with each job the store completed, as it was claimed, after its
   * group is written.
   */
  CompletionWriter(JobStore store, Clock clock, Consumer<JobRecord> written) {
    this.store = store;
    this.clock = clock;
    this.written = written;
    this.thread = new Thread(this::writeGroups, "jobs-completions");
    thread.setDaemon(true);
  }

  void start() {
    thread.start();
  }

  /**
   * Hands over a job whose handler returned normally; once the writer stopped, the caller writes
   * it itself.
   */
  void handOver(JobRecord job) {
    synchronized (this) {
      if (!stopping) {
        handedOver.add(job);
        notifyAll();
        return;
      }
    }
    write(List.of(job));
  }

  private void writeGroups() {
    while (true) {
      List<JobRecord> group;
      synchronized (this) {
        while (handedOver.isEmpty() && !stopping) {
          try {
            wait();
          } catch (InterruptedException stop) {
            stopping = true;
          }
        }
        if (handedOver.isEmpty()) {
          return;
        }
        group = handedOver;
        handedOver = new ArrayList<>();
      }
      write(group);
    }
  }

  private void write(List<JobRecord> group) {
    try {
      Map<Lease, JobRecord> byLease = new HashMap<>();
      group.forEach(job -> byLease.put(job.lease(), job));
      store.completeAll(List.copyOf(byLease.keySet()), clock.instant())
          .forEach(lease -> written.accept(byLease.get(lease)));
    } catch (RuntimeException storeFailure) {
      group.forEach(job -> JobRunner.logUnrecorded(job, storeFailure));
    }
  }

  /** Writes every completion handed over so far, then ends the thread. */
  void stop() throws InterruptedException {
    synchronized (this) {
      stopping = true;
      notifyAll();
    }
    if (thread.isAlive()) {
      thread.join();
    }
  }
}
