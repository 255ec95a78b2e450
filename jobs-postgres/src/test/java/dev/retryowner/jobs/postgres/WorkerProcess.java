package dev.retryowner.jobs.postgres;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.retryowner.jobs.Backoff;
import dev.retryowner.jobs.Jitter;
import dev.retryowner.jobs.Job;
import dev.retryowner.jobs.JobHandler;
import dev.retryowner.jobs.JobKind;
import dev.retryowner.jobs.Jobs;
import dev.retryowner.jobs.KeyedLeases;
import dev.retryowner.jobs.RetryPolicy;
import dev.retryowner.jobs.Snooze;
import java.io.IOException;
import java.io.InputStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * A worker process for the fault and load tests: the unchanged {@link Jobs} runtime on a {@link
 * PostgresJobStore}, run in a JVM of its own so a test can kill it or run two side by side. Its
 * handlers record every attempt in the test-owned table {@code attempts_seen} ({@link
 * AttemptsSeen}).
 *
 * <pre>java … WorkerProcess JDBC_URL HANDLER [name=value …]</pre>
 *
 * <p>Handlers: {@code record} (record the attempt), {@code block} (record the start, then block
 * until the process dies), {@code fail} (record, then fail as {@link FaultPlan} says for {@code
 * failPercent}), {@code endpoint} (take the job's {@code endpoint} lease in {@link
 * PostgresKeyedLeases} or snooze briefly; record while holding it). Options: {@code workers},
 * {@code timeoutMillis}, {@code leaseMillis} (the heartbeat extends it while a handler runs), {@code
 * pollMillis}, {@code holdMillis} (how long an attempt works), {@code failPercent}. The process
 * runs until it is destroyed or its parent's end of standard input closes.
 */
public final class WorkerProcess {
  /** The kind every job of these tests has. */
  static final String KIND = "fault.test";
  /** The queue of {@link #KIND}. */
  static final String QUEUE = "faults";
  /** What a worker prints once its runtime runs. */
  static final String RUNNING = "runtime started";

  private final Map<String, String> options;
  private final HikariDataSource database;

  private WorkerProcess(String jdbcUrl, Map<String, String> options) {
    this.options = options;
    HikariConfig pool = new HikariConfig();
    pool.setJdbcUrl(jdbcUrl);
    // The runtime's workers, its dispatcher, the insert listener and the handlers' recording.
    pool.setMaximumPoolSize(2 * option("workers", 4) + 3);
    pool.setConnectionTimeout(2_000);
    this.database = new HikariDataSource(pool);
  }

  public static void main(String[] args) throws InterruptedException {
    if (args.length < 2) {
      throw new IllegalArgumentException(
          "usage: WorkerProcess JDBC_URL record|block|fail|endpoint [name=value ...]");
    }
    Map<String, String> options = new HashMap<>();
    for (int i = 2; i < args.length; i++) {
      String[] option = args[i].split("=", 2);
      if (option.length != 2) {
        throw new IllegalArgumentException("options are name=value, but got " + args[i]);
      }
      options.put(option[0], option[1]);
    }
    WorkerProcess worker = new WorkerProcess(args[0], options);
    Jobs jobs = worker.runtime(worker.handler(args[1]));
    jobs.start();
    System.out.println("worker " + ProcessHandle.current().pid() + ": " + RUNNING
        + ", handler " + args[1] + ", options " + options);
    awaitParentGone();
    jobs.shutdown(Duration.ofSeconds(1));
  }

  /** Returns when standard input ends: the test destroyed us or the test JVM is gone. */
  private static void awaitParentGone() {
    try (InputStream parent = System.in) {
      while (parent.read() >= 0) {
        // nothing is sent; reading only notices the end
      }
    } catch (IOException gone) {
      // the parent's end closed: stop as at end of input
    }
  }

  private Jobs runtime(JobHandler handler) {
    JobKind kind = JobKind.builder(KIND).queue(QUEUE)
        .retryPolicy(RetryPolicy.of(3, Backoff.schedule(Duration.ofMillis(1))))
        .timeout(Duration.ofMillis(option("timeoutMillis", 3_000)))
        .build();
    return Jobs.builder()
        .store(PostgresJobStore.open(database))
        .jitter(Jitter.none())
        .queue(QUEUE, option("workers", 4))
        .pollInterval(Duration.ofMillis(option("pollMillis", 200)))
        .lease(Duration.ofMillis(option("leaseMillis", 4_000)))
        .register(kind, handler)
        .build();
  }

  private JobHandler handler(String name) {
    switch (name) {
      case "record":
        return job -> record(job, null);
      case "block":
        return this::block;
      case "fail":
        FaultPlan plan = new FaultPlan(option("failPercent", 30));
        return job -> {
          record(job, null);
          if (plan.fails(job.id(), job.attempt())) {
            throw new IllegalStateException("injected failure of attempt " + job.attempt());
          }
        };
      case "endpoint":
        KeyedLeases leases = PostgresKeyedLeases.open(database);
        return job -> deliverUnderEndpointLease(leases, job);
      default:
        throw new IllegalArgumentException("unknown handler " + name
            + "; use record, block, fail or endpoint");
    }
  }

  private void record(Job job, String key) throws SQLException, InterruptedException {
    Instant started = Instant.now();
    hold();
    try (Connection connection = database.getConnection()) {
      AttemptsSeen.ran(connection, job.id(), job.attempt(), key, started, Instant.now());
    }
  }

  private void block(Job job) throws SQLException, InterruptedException {
    try (Connection connection = database.getConnection()) {
      AttemptsSeen.started(connection, job.id(), job.attempt(), null, Instant.now());
    }
    Thread.sleep(Long.MAX_VALUE);
  }

  /** One delivery per endpoint at a time across processes: hold its lease or come back soon. */
  private void deliverUnderEndpointLease(KeyedLeases leases, Job job) throws Exception {
    String key = "endpoint:" + job.arg("endpoint");
    String holder = ProcessHandle.current().pid() + "/" + Thread.currentThread().getName();
    Instant now = Instant.now();
    if (!leases.tryAcquire(key, holder, now, now.plusSeconds(10))) {
      throw Snooze.after(Duration.ofMillis(20));
    }
    try {
      record(job, key);
    } finally {
      leases.release(key, holder);
    }
  }

  private void hold() throws InterruptedException {
    int millis = option("holdMillis", 0);
    if (millis > 0) {
      Thread.sleep(millis);
    }
  }

  private int option(String name, int orElse) {
    String value = options.get(name);
    return value == null ? orElse : Integer.parseInt(value);
  }
}
