package dev.retryowner.jobs;

import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The workers of one queue: a fixed number of threads of its own, fed by a dispatcher thread that
 * claims only as many jobs as there are free workers. A queue whose jobs are slow therefore holds
 * only its own workers, never another queue's.
 */
final class QueueWorkers {
  private static final System.Logger LOG = System.getLogger(QueueWorkers.class.getName());

  private final String queue;
  private final JobRunner runner;
  private final Duration pollInterval;
  private final int batchSize;
  private final Semaphore freeWorkers;
  private final Wakeup wakeup = new Wakeup();
  private final ExecutorService pool;
  private final Thread dispatcher;
  private volatile boolean claiming = true;

  QueueWorkers(String queue, int workers, JobRunner runner, Duration pollInterval, int batchSize) {
    this.queue = queue;
    this.runner = runner;
    this.pollInterval = pollInterval;
    this.batchSize = batchSize;
    this.freeWorkers = new Semaphore(workers);
    AtomicInteger threadNumber = new AtomicInteger();
    this.pool = Executors.newFixedThreadPool(workers, task -> daemon(task,
        "jobs-" + queue + "-worker-" + threadNumber.incrementAndGet()));
    this.dispatcher = daemon(this::dispatch, "jobs-" + queue + "-dispatcher");
  }

  private static Thread daemon(Runnable task, String name) {
    Thread thread = new Thread(task, name);
    thread.setDaemon(true);
    return thread;
  }

  void start() {
    dispatcher.start();
  }

  /** A job of this queue may have become due: claim now rather than at the next poll. */
  void wake() {
    wakeup.signal();
  }

  private void dispatch() {
    long nextRescue = System.nanoTime();
    while (claiming) {
      try {
        // Wake-ups come with every enqueue and finished job; rescues need only run once a poll.
        if (System.nanoTime() - nextRescue >= 0) {
          runner.rescueExpiredLeases(queue);
          nextRescue = System.nanoTime() + pollInterval.toNanos();
        }
        int free = freeWorkers.availablePermits();
        int wanted = Math.min(free, batchSize);
        List<JobRecord> claimed = wanted == 0 ? List.of() : runner.claim(queue, wanted);
        for (JobRecord job : claimed) {
          freeWorkers.acquireUninterruptibly();
          pool.execute(new ClaimedRun(job));
        }
        if (claimed.size() < wanted || wanted == 0) {
          wakeup.await(pollInterval);
        }
      } catch (InterruptedException stop) {
        return;
      } catch (RuntimeException storeFailure) {
        // A store outage must not end the queue: log, wait a poll, and claim again.
        LOG.log(Level.WARNING, "queue " + queue + ": claiming failed; trying again in "
            + pollInterval, storeFailure);
        try {
          wakeup.await(pollInterval);
        } catch (InterruptedException stop) {
          return;
        }
      }
    }
  }

  /** A claimed job handed to the pool, so that one the pool never started is known by its job. */
  private final class ClaimedRun implements Runnable {
    private final JobRecord job;

    ClaimedRun(JobRecord job) {
      this.job = job;
    }

    @Override
    public void run() {
      runAndFreeWorker(job);
    }
  }

  private void runAndFreeWorker(JobRecord job) {
    try {
      runner.run(job);
    } catch (RuntimeException storeFailure) {
      JobRunner.logUnrecorded(job, storeFailure);
    } finally {
      freeWorkers.release();
      wakeup.signal();
    }
  }

  /** Stops claiming and waits for the dispatcher to end; running jobs go on. */
  void stopClaiming() throws InterruptedException {
    claiming = false;
    dispatcher.interrupt();
    dispatcher.join();
    pool.shutdown();
  }

  /** Waits up to {@code nanos} for the running jobs to end; true if they all did. */
  boolean awaitIdle(long nanos) throws InterruptedException {
    return pool.awaitTermination(Math.max(0, nanos), TimeUnit.NANOSECONDS);
  }

  /**
   * Interrupts whatever still runs and stops the threads; returns the claimed jobs the pool had
   * not started yet.
   */
  List<JobRecord> stopNow() {
    List<JobRecord> unstarted = new ArrayList<>();
    for (Runnable dropped : pool.shutdownNow()) {
      if (dropped instanceof ClaimedRun claimed) {
        unstarted.add(claimed.job);
      }
    }
    return unstarted;
  }
}
