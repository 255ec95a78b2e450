package dev.retryowner.jobs;

import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The workers of one queue: a fixed number of threads of its own, fed by a dispatcher thread that
 * claims as many jobs as there are free workers. With a local queue, two dispatchers each claim
 * half its size at a time, whenever what it holds and what is being claimed come to at most half,
 * and workers take the next job from memory as they finish one. A queue whose jobs are slow
 * therefore holds only its own workers, never another queue's.
 */
final class QueueWorkers {
  private static final System.Logger LOG = System.getLogger(QueueWorkers.class.getName());
  /**
   * Dispatchers of a queue with a local queue: a claim of a few hundred jobs takes about as long
   * as the workers need to run them, so with one claim at a time they wait for each; two overlap
   * (SKIP LOCKED gives them different jobs).
   */
  private static final int DISPATCHERS_WITH_LOCAL_QUEUE = 2;

  private final String queue;
  private final JobRunner runner;
  private final Duration pollInterval;
  private final int batchSize;
  private final int localQueueSize;
  /** Claimed jobs no worker has taken yet: the local queue. */
  private final BlockingQueue<JobRecord> waiting = new LinkedBlockingQueue<>();
  private final Semaphore freeWorkers;
  private final Wakeup wakeup = new Wakeup();
  private final ExecutorService pool;
  private final List<Thread> dispatchers = new ArrayList<>();
  /** Jobs the dispatchers are claiming right now (with a local queue); guarded by this. */
  private int beingClaimed;
  private volatile boolean claiming = true;

  QueueWorkers(String queue, int workers, JobRunner runner, Duration pollInterval, int batchSize,
      int localQueueSize) {
    this.queue = queue;
    this.runner = runner;
    this.pollInterval = pollInterval;
    this.batchSize = batchSize;
    this.localQueueSize = localQueueSize;
    this.freeWorkers = new Semaphore(workers);
    AtomicInteger threadNumber = new AtomicInteger();
    this.pool = Executors.newFixedThreadPool(workers, task -> daemon(task,
        "jobs-" + queue + "-worker-" + threadNumber.incrementAndGet()));
    int dispatcherCount = localQueueSize == 0 ? 1 : DISPATCHERS_WITH_LOCAL_QUEUE;
    for (int i = 1; i <= dispatcherCount; i++) {
      boolean rescues = i == 1;
      dispatchers.add(daemon(() -> dispatch(rescues), "jobs-" + queue + "-dispatcher-" + i));
    }
  }

  private static Thread daemon(Runnable task, String name) {
    Thread thread = new Thread(task, name);
    thread.setDaemon(true);
    return thread;
  }

  void start() {
    dispatchers.forEach(Thread::start);
  }

  /** A job of this queue may have become due: claim now rather than at the next poll. */
  void wake() {
    wakeup.signal();
  }

  /** One dispatcher's loop; {@code rescues} says whether it also rescues expired leases. */
  private void dispatch(boolean rescues) {
    long nextRescue = System.nanoTime();
    while (claiming) {
      try {
        // Wake-ups come with every enqueue and finished job; rescues need only run once a poll.
        if (rescues && System.nanoTime() - nextRescue >= 0) {
          runner.rescueExpiredLeases(queue);
          nextRescue = System.nanoTime() + pollInterval.toNanos();
        }
        int wanted = reserveClaim();
        List<JobRecord> claimed;
        try {
          claimed = wanted == 0 ? List.of() : runner.claim(queue, wanted);
          waiting.addAll(claimed);
        } finally {
          claimDone(wanted);
        }
        while (!waiting.isEmpty() && freeWorkers.tryAcquire()) {
          JobRecord next = waiting.poll();
          if (next == null) {
            freeWorkers.release();
          } else {
            pool.execute(new ClaimedRun(next));
          }
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

  /**
   * How many jobs to claim now: one per free worker (at most a batch); with a local queue, half of
   * it once what it holds and what is being claimed come to at most half, so that it never holds
   * more than its size.
   */
  private synchronized int reserveClaim() {
    if (localQueueSize == 0) {
      return Math.min(freeWorkers.availablePermits(), batchSize);
    }
    int half = Math.max(1, localQueueSize / 2);
    if (waiting.size() + beingClaimed > localQueueSize - half) {
      return 0;
    }
    beingClaimed += half;
    return half;
  }

  /** A claim of {@code wanted} jobs came back, its jobs in the local queue, or failed. */
  private synchronized void claimDone(int wanted) {
    if (localQueueSize > 0) {
      beingClaimed -= wanted;
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

  /** Runs {@code job}, then the jobs of the local queue while it has some and claims go on. */
  private void runAndFreeWorker(JobRecord job) {
    try {
      for (JobRecord next = job; next != null; next = claiming ? waiting.poll() : null) {
        runOne(next);
        if (localQueueSize > 0 && waiting.size() <= localQueueSize / 2) {
          wakeup.signal();
        }
      }
    } finally {
      freeWorkers.release();
      wakeup.signal();
    }
  }

  private void runOne(JobRecord job) {
    try {
      runner.run(job);
    } catch (RuntimeException storeFailure) {
      JobRunner.logUnrecorded(job, storeFailure);
    }
  }

  /** Stops claiming and waits for the dispatchers to end; running jobs go on. */
  void stopClaiming() throws InterruptedException {
    claiming = false;
    for (Thread dispatcher : dispatchers) {
      dispatcher.interrupt();
    }
    for (Thread dispatcher : dispatchers) {
      dispatcher.join();
    }
    pool.shutdown();
  }

  /** Waits up to {@code nanos} for the running jobs to end; true if they all did. */
  boolean awaitIdle(long nanos) throws InterruptedException {
    return pool.awaitTermination(Math.max(0, nanos), TimeUnit.NANOSECONDS);
  }

  /**
   * Interrupts whatever still runs and stops the threads; returns the claimed jobs no worker had
   * started yet (handed to the pool, or still in the local queue).
   */
  List<JobRecord> stopNow() {
    List<JobRecord> unstarted = new ArrayList<>();
    for (Runnable dropped : pool.shutdownNow()) {
      if (dropped instanceof ClaimedRun claimed) {
        unstarted.add(claimed.job);
      }
    }
    waiting.drainTo(unstarted);
    return unstarted;
  }
}
