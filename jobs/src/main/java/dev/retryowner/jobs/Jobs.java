package dev.retryowner.jobs;

import java.sql.Connection;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.concurrent.ScheduledThreadPoolExecutor;

/**
 * The job layer's runtime: the one owner of retries. Declare queues and kinds, then either {@link
 * #start()} the workers or, in tests, call {@link #runDue()}:
 *
 * <pre>{@code
 * Jobs jobs = Jobs.builder()
 *     .clock(clock)
 *     .queue("webhooks", 4)
 *     .register(deliverKind, deliverHandler)
 *     .alertHook(job -> ops.page(job))
 *     .build();
 * jobs.start();
 * long id = jobs.enqueue(deliverKind, Map.of("event", "42", "endpoint", "7"));
 * ...
 * jobs.shutdown(Duration.ofSeconds(30));
 * }</pre>
 *
 * <p>Times (due, snooze, backoff, lease expiry) are read from the injected {@link Clock}; timeouts,
 * the heartbeat's cadence and the shutdown grace are real elapsed time, since they bound threads.
 */
public final class Jobs implements AutoCloseable {
  /** How long {@link #close()} lets running jobs finish. */
  public static final Duration DEFAULT_GRACE = Duration.ofSeconds(30);

  private enum Lifecycle { CREATED, STARTED, STOPPED }

  private final Clock clock;
  private final JobStore store;
  private final Map<String, JobRunner.Registration> registrations;
  private final Map<String, Integer> queueWorkers;
  private final Duration pollInterval;
  private final int batchSize;
  private final int localQueueSize;
  /** The one timer thread: hard timeouts and the heartbeat of every running job. */
  private final ScheduledThreadPoolExecutor timers;
  private final JobRunner runner;
  /** Set once by start(); read without the lock, so a handler that enqueues never waits on it. */
  private volatile Map<String, QueueWorkers> running = Map.of();
  /** Wake-ups for jobs other processes insert; open from start() to shutdown. */
  private JobStore.Subscription insertSignals = () -> {};
  private Lifecycle lifecycle = Lifecycle.CREATED;

  private Jobs(Builder builder) {
    this.clock = builder.clock;
    this.store = builder.store;
    this.registrations = Map.copyOf(builder.registrations);
    this.queueWorkers = new LinkedHashMap<>(builder.queues);
    this.pollInterval = builder.pollInterval;
    this.batchSize = builder.batchSize;
    this.localQueueSize = builder.localQueueSize;
    this.timers = new ScheduledThreadPoolExecutor(1, task -> {
      Thread thread = new Thread(task, "jobs-timers");
      thread.setDaemon(true);
      return thread;
    });
    // Almost every attempt ends before its timeout: drop its cancelled deadline at once.
    timers.setRemoveOnCancelPolicy(true);
    this.runner = new JobRunner(clock, store, builder.jitter, builder.alertHook, registrations,
        timers, batchSize, builder.lease, builder.heartbeatInterval());
  }

  /** Starts declaring a runtime. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Starts one dispatcher and the declared number of workers per queue; periodic kinds get their
   * first run scheduled.
   *
   * @throws IllegalStateException if already started or shut down
   */
  public synchronized void start() {
    requireLifecycle(Lifecycle.CREATED, "start()");
    runner.schedulePeriodicKinds();
    runner.startHeartbeat();
    runner.startGroupingCompletions();
    Map<String, QueueWorkers> started = new LinkedHashMap<>();
    queueWorkers.forEach((queue, workers) -> started.put(queue,
        new QueueWorkers(queue, workers, runner, pollInterval, batchSize, localQueueSize)));
    started.values().forEach(QueueWorkers::start);
    running = started;
    insertSignals = store.onInsert(this::wake);
    lifecycle = Lifecycle.STARTED;
  }

  /** Enqueues a job of {@code kind} with {@code args}, to run at once; returns its id. */
  public long enqueue(JobKind kind, Map<String, String> args) {
    return enqueue(kind, args, EnqueueOptions.defaults());
  }

  /**
   * Enqueues a job of {@code kind} with {@code args} as {@code options} say; returns its id, or
   * with {@link EnqueueOptions#uniqueByArgs()} the id of the equal live job that made it a no-op.
   *
   * @throws IllegalArgumentException if {@code kind} is not registered, or an argument is null
   */
  public long enqueue(JobKind kind, Map<String, String> args, EnqueueOptions options) {
    InsertResult result = store.insert(newJob(kind, args, options));
    if (result.inserted()) {
      wake(kind.queue());
    }
    return result.id();
  }

  /**
   * Enqueues on {@code connection}, inside the caller's transaction: {@code
   * jobs.with(connection).enqueue(kind, args)} commits or rolls back with the domain change made on
   * the same connection (the outbox idea). The caller commits, rolls back and closes the
   * connection.
   *
   * @throws IllegalStateException if this runtime's store cannot insert on a connection (it is not
   *     a {@link TransactionalJobStore}, as the in-memory store is not)
   */
  public TransactionalEnqueue with(Connection connection) {
    Objects.requireNonNull(connection, "connection");
    if (!(store instanceof TransactionalJobStore transactional)) {
      throw new IllegalStateException("jobs.with(connection) needs a store that inserts on the"
          + " caller's connection (a " + TransactionalJobStore.class.getSimpleName() + ", such as"
          + " the PostgreSQL store), but this runtime's store is " + store.getClass().getName()
          + "; configure one with Jobs.builder().store(...) or enqueue without a connection");
    }
    return new TransactionalEnqueue(this, transactional, connection);
  }

  /**
   * The row to insert for an enqueue.
   *
   * @throws IllegalArgumentException if {@code kind} is not registered, or an argument is null
   */
  NewJob newJob(JobKind kind, Map<String, String> args, EnqueueOptions options) {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(args, "args");
    Objects.requireNonNull(options, "options");
    JobRunner.Registration registration = registrations.get(kind.name());
    if (registration == null || !registration.kind().equals(kind)) {
      throw new IllegalArgumentException("job kind " + kind.name() + " is not registered with"
          + " this runtime" + (registration == null ? "" : " as " + kind)
          + "; register it with Jobs.builder().register(kind, handler)");
    }
    args.forEach((name, value) -> {
      if (name == null || value == null) {
        throw new IllegalArgumentException("job kind " + kind.name()
            + ": argument names and values must not be null, but got " + name + "=" + value);
      }
    });
    var now = clock.instant();
    return new NewJob(kind.name(), kind.queue(), args, kind.retryPolicy().maxAttempts(), now,
        options.firstRun().orElse(now),
        options.isUniqueByArgs() ? NewJob.uniqueKey(kind.name(), args) : null);
  }

  /**
   * Runs, on the calling thread, every job due at the clock's present, until none is due
   * (including jobs that became due by running others, e.g. a zero snooze); expired leases are
   * rescued first and periodic kinds scheduled. For tests and single-threaded tools: a runtime that
   * was started runs jobs on its workers instead. Timeouts still apply (the calling thread is
   * interrupted).
   *
   * @return how many attempts ran
   * @throws IllegalStateException if the runtime was started or shut down
   */
  public int runDue() {
    synchronized (this) {
      requireLifecycle(Lifecycle.CREATED, "runDue()");
    }
    runner.schedulePeriodicKinds();
    runner.startHeartbeat();
    int ran = 0;
    boolean claimedAny = true;
    while (claimedAny) {
      claimedAny = false;
      for (String queue : queueWorkers.keySet()) {
        runner.rescueExpiredLeases(queue);
        List<JobRecord> claimed = runner.claim(queue, batchSize);
        for (JobRecord job : claimed) {
          runner.run(job);
          ran++;
        }
        claimedAny |= !claimed.isEmpty();
      }
    }
    return ran;
  }

  /** The operator's view: overview, list, get, retry, cancel. */
  public Inspector inspector() {
    return new Inspector(store, clock,
        registrations.values().stream().map(JobRunner.Registration::kind).toList(),
        revived -> wake(revived.queue()), cancelled -> runner.cancelled(cancelled.id()));
  }

  /**
   * Stops gracefully: no new claims; running jobs get up to {@code grace} to finish; any still
   * running then is interrupted and left {@link JobState#RETRYABLE}, due at once, with the
   * interruption as its error. Claimed jobs no worker started (a local queue's) are given back, no
   * attempt spent. Returns once every completion is written (a started runtime writes them in
   * groups on a thread of its own). Jobs enqueued afterwards stay in the store.
   *
   * @return true if every running job finished within {@code grace}
   */
  public synchronized boolean shutdown(Duration grace) {
    Objects.requireNonNull(grace, "grace");
    if (lifecycle == Lifecycle.STOPPED) {
      return true;
    }
    lifecycle = Lifecycle.STOPPED;
    insertSignals.close();
    long deadline = System.nanoTime() + grace.toNanos();
    boolean allFinished = true;
    try {
      for (QueueWorkers queue : running.values()) {
        queue.stopClaiming();
      }
      for (QueueWorkers queue : running.values()) {
        allFinished &= queue.awaitIdle(deadline - System.nanoTime());
      }
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      allFinished = false;
    }
    if (!allFinished) {
      runner.abandonRunning();
    }
    for (QueueWorkers queue : running.values()) {
      runner.release(queue.stopNow());
    }
    try {
      runner.stopGroupingCompletions();
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      allFinished = false;
    }
    timers.shutdownNow();
    return allFinished;
  }

  /** {@link #shutdown(Duration)} with {@link #DEFAULT_GRACE}. */
  @Override
  public void close() {
    shutdown(DEFAULT_GRACE);
  }

  private void wake(String queue) {
    QueueWorkers workers = running.get(queue);
    if (workers != null) {
      workers.wake();
    }
  }

  private void requireLifecycle(Lifecycle expected, String call) {
    if (lifecycle != expected) {
      throw new IllegalStateException(call + " needs a runtime that is "
          + expected.name().toLowerCase(Locale.ROOT) + ", but this one is "
          + lifecycle.name().toLowerCase(Locale.ROOT));
    }
  }

  /** Declares a {@link Jobs} runtime. */
  public static final class Builder {
    /** How often an idle queue looks for due jobs unless {@link #pollInterval} says otherwise. */
    public static final Duration DEFAULT_POLL_INTERVAL = Duration.ofSeconds(1);
    /** How long a claim or a heartbeat holds a running job, unless set. */
    public static final Duration DEFAULT_LEASE = Duration.ofSeconds(30);
    /** How many jobs one claim takes at most, unless set. */
    public static final int DEFAULT_BATCH_SIZE = 100;

    private Clock clock = Clock.systemUTC();
    private JobStore store;
    private Jitter jitter;
    private AlertHook alertHook = AlertHook.NONE;
    private final Map<String, Integer> queues = new LinkedHashMap<>();
    private final Map<String, JobRunner.Registration> registrations = new LinkedHashMap<>();
    private Duration pollInterval = DEFAULT_POLL_INTERVAL;
    private Duration lease = DEFAULT_LEASE;
    private Duration heartbeatInterval;
    private int batchSize = DEFAULT_BATCH_SIZE;
    private int localQueueSize;

    private Builder() {}

    /** The clock every time of the job layer is read from (the system UTC clock unless set). */
    public Builder clock(Clock clock) {
      this.clock = Objects.requireNonNull(clock, "clock");
      return this;
    }

    /** Where jobs live (a new {@link InMemoryJobStore} unless set). */
    public Builder store(JobStore store) {
      this.store = Objects.requireNonNull(store, "store");
      return this;
    }

    /** The jitter of every backoff (±10 % from a new {@link Random} unless set). */
    public Builder jitter(Jitter jitter) {
      this.jitter = Objects.requireNonNull(jitter, "jitter");
      return this;
    }

    /** Declares the queue {@code name} with {@code workers} threads of its own. */
    public Builder queue(String name, int workers) {
      Objects.requireNonNull(name, "name");
      if (workers < 1) {
        throw new IllegalArgumentException(
            "queue " + name + " needs at least 1 worker, but got " + workers);
      }
      if (queues.putIfAbsent(name, workers) != null) {
        throw new IllegalArgumentException("queue " + name + " is declared twice");
      }
      return this;
    }

    /**
     * Registers {@code kind} with the handler that runs it. A kind without a retry policy cannot
     * exist ({@link JobKind.Builder#build()} refuses it).
     */
    public Builder register(JobKind kind, JobHandler handler) {
      Objects.requireNonNull(kind, "kind");
      Objects.requireNonNull(handler, "handler");
      if (registrations.putIfAbsent(kind.name(), new JobRunner.Registration(kind, handler))
          != null) {
        throw new IllegalArgumentException("job kind " + kind.name() + " is registered twice");
      }
      return this;
    }

    /** Told about every job discarded after exhausting its attempts (nothing unless set). */
    public Builder alertHook(AlertHook alertHook) {
      this.alertHook = Objects.requireNonNull(alertHook, "alertHook");
      return this;
    }

    /** How often an idle queue looks for due jobs (1 s unless set); enqueues wake it at once. */
    public Builder pollInterval(Duration pollInterval) {
      this.pollInterval = requirePositive(pollInterval, "poll interval");
      return this;
    }

    /**
     * How long a claim holds a job (30 s unless set); while the handler runs, the heartbeat
     * extends the lease by as much again. A job still running when its lease expires has lost its
     * worker (the process died or hung) and is rescued as a failed attempt, so a shorter lease
     * rescues sooner. Independent of the kinds' timeouts, which stay as they are.
     */
    public Builder lease(Duration lease) {
      this.lease = requirePositive(lease, "lease");
      return this;
    }

    /**
     * How often (real time) the heartbeat extends the leases of running jobs: a third of the
     * lease unless set; it must be shorter than the lease.
     */
    public Builder heartbeatInterval(Duration heartbeatInterval) {
      this.heartbeatInterval = requirePositive(heartbeatInterval, "heartbeat interval");
      return this;
    }

    private Duration heartbeatInterval() {
      return heartbeatInterval != null ? heartbeatInterval : lease.dividedBy(3);
    }

    /** How many jobs one claim or rescue takes at most (100 unless set). */
    public Builder batchSize(int batchSize) {
      if (batchSize < 1) {
        throw new IllegalArgumentException("the batch size must be at least 1: " + batchSize);
      }
      this.batchSize = batchSize;
      return this;
    }

    /**
     * How many claimed jobs no worker has started yet each queue may hold, handed to workers from
     * memory as they finish one (0 unless set). Without one, a queue claims only for free workers
     * (at most a batch at a time), so a job waits in the store, where any process may take it,
     * until a worker is free. With one, two dispatchers each claim half this many jobs in one
     * statement whenever the queue holds and is claiming at most half: far fewer claims for short
     * jobs, but the jobs it holds wait for this runtime's workers even when another process has
     * free ones. The heartbeat keeps them leased; at shutdown the ones not started are given
     * back, no attempt spent.
     */
    public Builder localQueueSize(int localQueueSize) {
      if (localQueueSize < 0) {
        throw new IllegalArgumentException(
            "the local queue size must not be negative: " + localQueueSize);
      }
      this.localQueueSize = localQueueSize;
      return this;
    }

    /**
     * The runtime.
     *
     * @throws IllegalArgumentException if a registered kind's queue was not declared
     */
    public Jobs build() {
      for (JobRunner.Registration registration : registrations.values()) {
        String queue = registration.kind().queue();
        if (!queues.containsKey(queue)) {
          throw new IllegalArgumentException("job kind " + registration.kind().name()
              + " runs on queue " + queue + ", which is not declared; add .queue(\"" + queue
              + "\", workers) to the builder");
        }
      }
      if (heartbeatInterval().compareTo(lease) >= 0) {
        throw new IllegalArgumentException("the heartbeat interval (" + heartbeatInterval()
            + ") must be shorter than the lease (" + lease + "), or leases expire between"
            + " heartbeats; shorten the interval or lengthen the lease");
      }
      if (store == null) {
        store = new InMemoryJobStore();
      }
      if (jitter == null) {
        jitter = Jitter.standard(new Random());
      }
      return new Jobs(this);
    }

    private static Duration requirePositive(Duration duration, String what) {
      Objects.requireNonNull(duration, what);
      if (duration.isNegative() || duration.isZero()) {
        throw new IllegalArgumentException("the " + what + " must be positive: " + duration);
      }
      return duration;
    }
  }
}
