import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.retryowner.jobs.Backoff;
import dev.retryowner.jobs.InMemoryJobStore;
import dev.retryowner.jobs.JobKind;
import dev.retryowner.jobs.JobState;
import dev.retryowner.jobs.JobStore;
import dev.retryowner.jobs.Jobs;
import dev.retryowner.jobs.KindOverview;
import dev.retryowner.jobs.RetryPolicy;
import dev.retryowner.jobs.postgres.PostgresJobStore;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Jobs per second end to end with a no-op handler: insert N jobs, then time from the runtime's
 * start until every job is completed in the store (the handlers ran and the shutdown waited for
 * every outcome to be recorded). One warm-up round, then the measured rounds, each on a fresh store.
 *
 * <p>Usage: {@code JobsThroughput memory|postgres <jobs> <workers> <batchSize> <rounds>}; prints one
 * tab-separated line per round: store, round, jobs, workers, batch, seconds, jobs/s. {@code
 * postgres-vs-graphile … <graphile-throughput.mjs>} also runs the peer, graphile-worker, on the
 * same server in every round, right after ours, and prints its line too. With the environment
 * variable {@code PG_STATEMENTS=1} the server loads pg_stat_statements, and after each PostgreSQL
 * round (ours and the peer's) its database's commits and costliest statements go to stderr.
 */
public final class JobsThroughput {
  private static final JobKind NOOP = JobKind.builder("bench.noop")
      .queue("bench")
      .retryPolicy(RetryPolicy.of(1, Backoff.defaultBackoff()))
      .build();
  /** As graphile-worker's local queue is configured in graphile-throughput.mjs. */
  private static final int LOCAL_QUEUE_SIZE = 500;

  private JobsThroughput() {}

  /** Makes the store of one round and cleans up after it. */
  private interface StoreFactory extends AutoCloseable {
    JobStore newStore() throws Exception;

    /** Inserts {@code count} jobs before the round starts. */
    void insert(Jobs jobs, JobStore store, int count) throws Exception;

    void endRound() throws InterruptedException;

    @Override
    void close() throws Exception;
  }

  public static void main(String[] args) throws Exception {
    if (args.length < 5 || args[0].equals("postgres-vs-graphile") != (args.length == 6)) {
      System.err.println("usage: JobsThroughput memory|postgres <jobs> <workers> <batchSize>"
          + " <rounds>, or JobsThroughput postgres-vs-graphile <jobs> <workers> <batchSize>"
          + " <rounds> <graphile-throughput.mjs>");
      System.exit(2);
    }
    String storeName = args[0];
    int jobCount = Integer.parseInt(args[1]);
    int workers = Integer.parseInt(args[2]);
    int batchSize = Integer.parseInt(args[3]);
    int rounds = Integer.parseInt(args[4]);
    try (StoreFactory stores = switch (storeName) {
      case "memory" -> new Memory();
      case "postgres", "postgres-vs-graphile" -> new Postgres(workers);
      default -> throw new IllegalArgumentException("unknown store " + storeName
          + "; use memory, postgres or postgres-vs-graphile");
    }) {
      String ours = storeName.equals("memory") ? "memory" : "postgres";
      for (int round = 0; round <= rounds; round++) {
        String label = round == 0 ? "warmup" : Integer.toString(round);
        Postgres server = stores instanceof Postgres postgres ? postgres : null;
        if (server != null) {
          server.resetStatements();
        }
        print(ours, label, jobCount, workers, batchSize,
            measure(stores, jobCount, workers, batchSize));
        if (server != null) {
          server.printStatements(ours, label);
        }
        if (storeName.equals("postgres-vs-graphile")) {
          server.resetStatements();
          print("graphile-worker", label, jobCount, workers, batchSize,
              measureGraphile(server, Path.of(args[5]), jobCount, workers));
          server.printStatements("graphile-worker", label);
        }
      }
    }
  }

  private static void print(String store, String round, int jobs, int workers, int batch,
      double seconds) {
    System.out.printf(Locale.ROOT, "%s\t%s\t%d\t%d\t%d\t%.3f\t%.0f%n", store, round, jobs,
        workers, batch, seconds, jobs / seconds);
  }

  /**
   * One round of the peer, graphile-worker, on a fresh database of the same server, with as many
   * concurrent jobs as our workers; it times itself as {@link #measure} does.
   */
  private static double measureGraphile(Postgres server, Path script, int jobCount, int workers)
      throws Exception {
    Process node = new ProcessBuilder("node", script.toString(), server.newDatabaseUrl(),
        Integer.toString(jobCount), Integer.toString(workers))
        .redirectError(ProcessBuilder.Redirect.INHERIT).start();
    String output = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (node.waitFor() != 0 || !output.startsWith("graphile-worker ")) {
      throw new IllegalStateException("graphile-worker's round failed: " + output);
    }
    return Double.parseDouble(output.substring("graphile-worker ".length()).trim());
  }

  private static double measure(StoreFactory stores, int jobCount, int workers, int batchSize)
      throws Exception {
    JobStore store = stores.newStore();
    CountDownLatch handled = new CountDownLatch(jobCount);
    Jobs jobs = Jobs.builder().store(store).queue("bench", workers).batchSize(batchSize)
        .localQueueSize(LOCAL_QUEUE_SIZE)
        .register(NOOP, job -> handled.countDown())
        .build();
    stores.insert(jobs, store, jobCount);
    long start = System.nanoTime();
    jobs.start();
    if (!handled.await(10, TimeUnit.MINUTES)) {
      throw new IllegalStateException("the jobs did not finish within 10 minutes");
    }
    if (!jobs.shutdown(Duration.ofMinutes(1))) {
      throw new IllegalStateException("the runtime did not finish its jobs within its grace");
    }
    long elapsed = System.nanoTime() - start;
    List<KindOverview> overview = store.overview();
    long completed = overview.isEmpty() ? 0 : overview.get(0).count(JobState.COMPLETED);
    if (completed != jobCount) {
      throw new IllegalStateException("expected " + jobCount + " completed jobs but the store has "
          + overview);
    }
    stores.endRound();
    return elapsed / 1e9;
  }

  private static final class Memory implements StoreFactory {
    @Override
    public JobStore newStore() {
      return new InMemoryJobStore();
    }

    @Override
    public void insert(Jobs jobs, JobStore store, int count) {
      for (int i = 0; i < count; i++) {
        jobs.enqueue(NOOP, Map.of("n", Integer.toString(i)));
      }
    }

    @Override
    public void endRound() {}

    @Override
    public void close() {}
  }

  /**
   * One embedded PostgreSQL server (zonky's binaries, as the tests start it); each round gets a new
   * database behind a HikariCP pool, as an application would configure one.
   */
  private static final class Postgres implements StoreFactory {
    private final EmbeddedPostgres server;
    private final int poolSize;
    private final boolean statements = System.getenv("PG_STATEMENTS") != null;
    private HikariDataSource pool;
    private int databases;

    Postgres(int workers) throws Exception {
      EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder();
      if (statements) {
        builder.setServerConfig("shared_preload_libraries", "pg_stat_statements");
      }
      this.server = builder.start();
      // Workers, the dispatcher, the timer thread and the insert listener each take one.
      this.poolSize = workers + 4;
      try (Connection admin = server.getPostgresDatabase().getConnection();
          Statement statement = admin.createStatement()) {
        for (String setting : List.of("server_version", "fsync", "synchronous_commit",
            "shared_buffers")) {
          try (ResultSet value = statement.executeQuery("SHOW " + setting)) {
            value.next();
            System.err.println("postgres " + setting + " = " + value.getString(1));
          }
        }
      }
    }

    @Override
    public JobStore newStore() throws Exception {
      HikariConfig config = new HikariConfig();
      config.setJdbcUrl(server.getJdbcUrl("postgres", newDatabase()));
      config.setMaximumPoolSize(poolSize);
      pool = new HikariDataSource(config);
      return PostgresJobStore.open(pool);
    }

    /** With PG_STATEMENTS set: forgets the statements counted so far. */
    void resetStatements() throws Exception {
      if (statements) {
        try (Connection admin = server.getPostgresDatabase().getConnection();
            Statement statement = admin.createStatement()) {
          statement.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
          statement.execute("SELECT pg_stat_statements_reset()");
        }
      }
    }

    /**
     * With PG_STATEMENTS set: prints the last database's commits and its five costliest statements
     * since the reset (the peer's include its migration and its addJobs).
     */
    void printStatements(String store, String round) throws Exception {
      if (!statements) {
        return;
      }
      String database = "bench_" + databases;
      try (Connection admin = server.getPostgresDatabase().getConnection();
          Statement statement = admin.createStatement()) {
        try (ResultSet commits = statement.executeQuery("SELECT xact_commit FROM"
            + " pg_stat_database WHERE datname = '" + database + "'")) {
          commits.next();
          System.err.printf(Locale.ROOT, "statements %s %s: %s, %d commits since it was created%n",
              store, round, database, commits.getLong(1));
        }
        try (ResultSet top = statement.executeQuery("SELECT calls, rows, total_exec_time,"
            + " mean_exec_time, left(regexp_replace(query, '\\s+', ' ', 'g'), 100)"
            + " FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid"
            + " WHERE d.datname = '" + database + "' ORDER BY total_exec_time DESC LIMIT 5")) {
          while (top.next()) {
            System.err.printf(Locale.ROOT, "  %6d calls %7d rows %9.1f ms (%.3f ms each)  %s%n",
                top.getLong(1), top.getLong(2), top.getDouble(3), top.getDouble(4),
                top.getString(5));
          }
        }
      }
    }

    /** A fresh database for the peer, as a libpq connection string. */
    String newDatabaseUrl() throws Exception {
      return "postgres://postgres@localhost:" + server.getPort() + "/" + newDatabase();
    }

    private String newDatabase() throws Exception {
      String name = "bench_" + ++databases;
      try (Connection admin = server.getPostgresDatabase().getConnection();
          Statement statement = admin.createStatement()) {
        statement.execute("CREATE DATABASE " + name);
      }
      return name;
    }

    /** One transaction for all inserts, through the runtime's outbox API. */
    @Override
    public void insert(Jobs jobs, JobStore store, int count) throws Exception {
      try (Connection connection = pool.getConnection()) {
        connection.setAutoCommit(false);
        for (int i = 0; i < count; i++) {
          jobs.with(connection).enqueue(NOOP, Map.of("n", Integer.toString(i)));
        }
        connection.commit();
      }
    }

    /** Closes the round's pool once the insert listener saw its subscription closed. */
    @Override
    public void endRound() throws InterruptedException {
      Thread.sleep(500);
      pool.close();
    }

    @Override
    public void close() throws Exception {
      server.close();
    }
  }
}
