package dev.retryowner.jobs.postgres;

import dev.retryowner.jobs.AttemptError;
import dev.retryowner.jobs.InsertResult;
import dev.retryowner.jobs.JobFilter;
import dev.retryowner.jobs.JobRecord;
import dev.retryowner.jobs.JobState;
import dev.retryowner.jobs.JobStore;
import dev.retryowner.jobs.KindOverview;
import dev.retryowner.jobs.Lease;
import dev.retryowner.jobs.NewJob;
import dev.retryowner.jobs.TransactionalJobStore;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;
import javax.sql.DataSource;

/**
 * A {@link JobStore} on PostgreSQL, in plain JDBC: many threads and many processes share one
 * database. Each method is one short transaction on a connection of its own (never held across a
 * handler: the runtime calls the store once per step). Claims lock due rows with {@code FOR UPDATE
 * SKIP LOCKED}, so concurrent claimers split the work instead of waiting; every transition out of
 * running is one {@code UPDATE} guarded by the run's lease ({@code state = 'running' AND runs =
 * ?}). Errors of every attempt are rows of {@code retry_owner_job_errors}.
 *
 * <p>Create it with {@link #open(DataSource)}, which applies the schema migrations first.
 */
public final class PostgresJobStore implements TransactionalJobStore {
  private static final String LIVE = "('pending', 'running', 'retryable', 'snoozed')";
  private static final String CLAIMABLE = "('pending', 'retryable', 'snoozed')";
  private static final String UNIQUE_VIOLATION = "23505";
  private static final Duration PAUSE_AFTER_LISTEN_FAILURE = Duration.ofSeconds(1);

  private final DataSource dataSource;
  private final CompletionBatches completions = new CompletionBatches(this::completeAll);

  private PostgresJobStore(DataSource dataSource) {
    this.dataSource = dataSource;
  }

  /** Migrates the schema behind {@code dataSource} to the latest version and opens the store. */
  public static PostgresJobStore open(DataSource dataSource) {
    Objects.requireNonNull(dataSource, "dataSource");
    SchemaMigrations.apply(dataSource);
    return new PostgresJobStore(dataSource);
  }

  /**
   * Inserts {@code job} on the caller's {@code connection}, inside the caller's transaction: the
   * job commits or rolls back with the domain change made on the same connection (the outbox
   * idea). Does not commit, roll back or close the connection.
   */
  @Override
  public InsertResult insert(Connection connection, NewJob job) {
    Objects.requireNonNull(connection, "connection");
    Objects.requireNonNull(job, "job");
    try {
      return insertOn(connection, job);
    } catch (SQLException e) {
      throw new JobStoreException("could not insert a job of kind " + job.kind(), e);
    }
  }

  @Override
  public InsertResult insert(NewJob job) {
    Objects.requireNonNull(job, "job");
    return inTransaction("insert a job of kind " + job.kind(), c -> insertOn(c, job));
  }

  private static InsertResult insertOn(Connection connection, NewJob job) throws SQLException {
    List<String> names = new ArrayList<>(job.args().keySet());
    List<String> values = new ArrayList<>();
    names.forEach(name -> values.add(job.args().get(name)));
    try (PreparedStatement insert = connection.prepareStatement(
        "INSERT INTO retry_owner_jobs (kind, queue, args, state, max_attempts, created_at,"
            + " scheduled_at, unique_key) VALUES (?, ?, jsonb_object(?::text[], ?::text[]),"
            + " 'pending', ?, ?, ?, ?) ON CONFLICT (unique_key) WHERE unique_key IS NOT NULL"
            + " AND state IN " + LIVE + " DO NOTHING RETURNING id")) {
      insert.setString(1, job.kind());
      insert.setString(2, job.queue());
      insert.setArray(3, connection.createArrayOf("text", names.toArray()));
      insert.setArray(4, connection.createArrayOf("text", values.toArray()));
      insert.setInt(5, job.maxAttempts());
      insert.setObject(6, JobRows.timestamp(job.createdAt()));
      insert.setObject(7, JobRows.timestamp(job.scheduledAt()));
      insert.setString(8, job.uniqueKey());
      List<Long> inserted = JobRows.ids(insert);
      if (!inserted.isEmpty()) {
        notifyInsert(connection, job.queue());
        return new InsertResult(inserted.get(0), true);
      }
    }
    // The key conflicted with a live job; read it (this statement sees rows committed since).
    try (PreparedStatement live = connection.prepareStatement(
        "SELECT id FROM retry_owner_jobs WHERE unique_key = ? AND state IN " + LIVE)) {
      live.setString(1, job.uniqueKey());
      List<Long> ids = JobRows.ids(live);
      if (ids.isEmpty()) {
        throw new IllegalStateException("the live job holding unique key " + job.uniqueKey()
            + " finished while this insert was waiting for it; enqueue the job again");
      }
      return new InsertResult(ids.get(0), false);
    }
  }

  /** Signals listeners of {@link InsertNotifications} once the transaction commits. */
  private static void notifyInsert(Connection connection, String queue) throws SQLException {
    try (PreparedStatement notify = connection.prepareStatement("SELECT pg_notify(?, ?)")) {
      notify.setString(1, InsertNotifications.CHANNEL);
      notify.setString(2, queue);
      notify.executeQuery().close();
    }
  }

  /**
   * Listens (PostgreSQL LISTEN/NOTIFY, on a connection of its own) for jobs that any process
   * inserts and calls {@code queueWithNewJob} with their queue once they are committed.
   */
  @Override
  public Subscription onInsert(Consumer<String> queueWithNewJob) {
    Objects.requireNonNull(queueWithNewJob, "queueWithNewJob");
    return InsertNotifications.start(dataSource, queueWithNewJob, PAUSE_AFTER_LISTEN_FAILURE);
  }

  @Override
  public List<JobRecord> claim(String queue, Instant now, int limit, Instant leaseExpiresAt) {
    requirePositive(limit);
    // One statement: the rows come back from the update itself (errors only when a job has some).
    return inStatement("claim jobs of queue " + queue, c -> {
      try (PreparedStatement claim = c.prepareStatement(
          "WITH due AS (SELECT id FROM retry_owner_jobs WHERE queue = ? AND state IN " + CLAIMABLE
              + " AND scheduled_at <= ? ORDER BY scheduled_at, id LIMIT ? FOR UPDATE SKIP LOCKED)"
              + " UPDATE retry_owner_jobs j SET state = 'running', attempt = attempt + 1,"
              + " runs = runs + 1, attempted_at = ?, lease_expires_at = ? FROM due"
              + " WHERE j.id = due.id" + JobRows.RETURNING)) {
        claim.setString(1, queue);
        claim.setObject(2, JobRows.timestamp(now));
        claim.setInt(3, limit);
        claim.setObject(4, JobRows.timestamp(now));
        claim.setObject(5, JobRows.timestamp(leaseExpiresAt));
        List<JobRecord> ordered = new ArrayList<>(JobRows.returned(c, claim));
        ordered.sort(Comparator.comparing(JobRecord::scheduledAt)
            .thenComparingLong(JobRecord::id));
        return ordered;
      }
    });
  }

  @Override
  public Optional<JobRecord> extendLease(Lease lease, Instant until) {
    Objects.requireNonNull(lease, "lease");
    Objects.requireNonNull(until, "until");
    return updateRunning(lease, "lease_expires_at = ?", null, until);
  }

  @Override
  public Optional<JobRecord> release(Lease lease) {
    Objects.requireNonNull(lease, "lease");
    return inStatement("release job " + lease.jobId(), c -> {
      try (PreparedStatement update = c.prepareStatement("UPDATE retry_owner_jobs j"
          + " SET state = CASE WHEN attempt = 1 THEN 'pending' ELSE 'retryable' END,"
          + " attempt = attempt - 1, lease_expires_at = NULL"
          + " WHERE j.id = ? AND j.state = 'running' AND j.runs = ?" + JobRows.RETURNING)) {
        update.setLong(1, lease.jobId());
        update.setInt(2, lease.run());
        return JobRows.returned(c, update).stream().findFirst();
      }
    });
  }

  @Override
  public Optional<JobRecord> complete(Lease lease, Instant now) {
    Objects.requireNonNull(lease, "lease");
    return completions.complete(lease, now);
  }

  @Override
  public List<Lease> completeAll(List<Lease> leases, Instant now) {
    Objects.requireNonNull(leases, "leases");
    Objects.requireNonNull(now, "now");
    if (leases.isEmpty()) {
      return List.of();
    }
    return inStatement("complete " + leases.size() + " job(s)", c -> {
      List<Lease> completed = new ArrayList<>();
      try (PreparedStatement update = c.prepareStatement(
          completeInOneStatement(" RETURNING j.id, j.runs"))) {
        bindCompletions(c, update, leases, leases.stream().map(lease -> now).toList());
        try (ResultSet rows = update.executeQuery()) {
          while (rows.next()) {
            completed.add(new Lease(rows.getLong(1), rows.getInt(2)));
          }
        }
      }
      return completed;
    });
  }

  /** One batch of {@link CompletionBatches}: the completed rows, read back as a single one is. */
  private List<JobRecord> completeAll(List<CompletionBatches.Completion> batch) {
    return inStatement("complete " + batch.size() + " job(s)", c -> {
      try (PreparedStatement update =
          c.prepareStatement(completeInOneStatement(JobRows.RETURNING))) {
        bindCompletions(c, update,
            batch.stream().map(CompletionBatches.Completion::lease).toList(),
            batch.stream().map(CompletionBatches.Completion::at).toList());
        return JobRows.returned(c, update);
      }
    });
  }

  /**
   * One update that completes many jobs, each guarded as a single completion is (the job still
   * running, in the lease's run), finalized at its own time; {@link #bindCompletions} binds it.
   * The leases name different jobs, and their callers hold them, so two such updates never share
   * a row.
   */
  private static String completeInOneStatement(String returning) {
    return "UPDATE retry_owner_jobs j"
        + " SET state = 'completed', finalized_at = l.at, lease_expires_at = NULL"
        + " FROM unnest(?::bigint[], ?::int[], ?::timestamptz[]) AS l(id, runs, at)"
        + " WHERE j.id = l.id AND j.state = 'running' AND j.runs = l.runs" + returning;
  }

  private static void bindCompletions(Connection c, PreparedStatement update, List<Lease> leases,
      List<Instant> at) throws SQLException {
    update.setArray(1, c.createArrayOf("bigint", leases.stream().map(Lease::jobId).toArray()));
    update.setArray(2, c.createArrayOf("int4", leases.stream().map(Lease::run).toArray()));
    update.setArray(3, c.createArrayOf("timestamptz",
        at.stream().map(JobRows::timestamp).toArray()));
  }

  @Override
  public Optional<JobRecord> retry(Lease lease, AttemptError error, Instant retryAt) {
    return transitionRunning(lease, "state = 'retryable', scheduled_at = ?", error, retryAt);
  }

  @Override
  public Optional<JobRecord> snooze(Lease lease, Instant until) {
    return transitionRunning(lease,
        "state = 'snoozed', scheduled_at = ?, attempt = attempt - 1, snoozes = snoozes + 1",
        null, until);
  }

  @Override
  public Optional<JobRecord> discard(Lease lease, AttemptError error, Instant now) {
    return transitionRunning(lease, "state = 'discarded', finalized_at = ?", error, now);
  }

  /**
   * One guarded update out of running: {@code assignments} has one parameter, {@code at}; the
   * lease ends, and {@code error} (if not null) is appended in the same transaction. Without an
   * error it is a single statement that returns the row itself.
   */
  private Optional<JobRecord> transitionRunning(
      Lease lease, String assignments, AttemptError error, Instant at) {
    return updateRunning(lease, assignments + ", lease_expires_at = NULL", error, at);
  }

  /**
   * One update of a job while {@code lease} holds it: {@code assignments} has one parameter,
   * {@code at}; {@code error} (if not null) is appended in the same transaction.
   */
  private Optional<JobRecord> updateRunning(
      Lease lease, String assignments, AttemptError error, Instant at) {
    Objects.requireNonNull(lease, "lease");
    String guarded = "UPDATE retry_owner_jobs j SET " + assignments
        + " WHERE j.id = ? AND j.state = 'running' AND j.runs = ?";
    if (error == null) {
      return inStatement("update job " + lease.jobId(), c -> {
        try (PreparedStatement update = c.prepareStatement(guarded + JobRows.RETURNING)) {
          update.setObject(1, JobRows.timestamp(at));
          update.setLong(2, lease.jobId());
          update.setInt(3, lease.run());
          return JobRows.returned(c, update).stream().findFirst();
        }
      });
    }
    return inTransaction("update job " + lease.jobId(), c -> {
      try (PreparedStatement update = c.prepareStatement(guarded + " RETURNING j.id")) {
        update.setObject(1, JobRows.timestamp(at));
        update.setLong(2, lease.jobId());
        update.setInt(3, lease.run());
        if (JobRows.ids(update).isEmpty()) {
          return Optional.empty();
        }
      }
      appendError(c, lease.jobId(), error);
      return single(c, lease.jobId());
    });
  }

  private static void appendError(Connection connection, long jobId, AttemptError error)
      throws SQLException {
    try (PreparedStatement insert = connection.prepareStatement(
        "INSERT INTO retry_owner_job_errors (job_id, attempt, at, type, error, trace)"
            + " VALUES (?, ?, ?, ?, ?, ?)")) {
      insert.setLong(1, jobId);
      insert.setInt(2, error.attempt());
      insert.setObject(3, JobRows.timestamp(error.at()));
      insert.setString(4, error.type().name());
      insert.setString(5, error.error());
      insert.setString(6, error.trace());
      insert.executeUpdate();
    }
  }

  @Override
  public Optional<JobRecord> cancel(long id, Instant now) {
    return inTransaction("cancel job " + id, c -> {
      try (PreparedStatement update = c.prepareStatement(
          "UPDATE retry_owner_jobs SET state = 'cancelled', finalized_at = ?,"
              + " lease_expires_at = NULL WHERE id = ? AND state IN " + LIVE + " RETURNING id")) {
        update.setObject(1, JobRows.timestamp(now));
        update.setLong(2, id);
        return JobRows.ids(update).isEmpty() ? Optional.empty() : single(c, id);
      }
    });
  }

  @Override
  public Optional<JobRecord> retryDiscarded(long id, Instant now) {
    try {
      return inTransaction("retry discarded job " + id, c -> {
        try (PreparedStatement update = c.prepareStatement(
            "UPDATE retry_owner_jobs SET state = 'pending', scheduled_at = ?,"
                + " finalized_at = NULL, max_attempts = greatest(max_attempts, attempt + 1)"
                + " WHERE id = ? AND state = 'discarded' RETURNING id")) {
          update.setObject(1, JobRows.timestamp(now));
          update.setLong(2, id);
          return JobRows.ids(update).isEmpty() ? Optional.empty() : single(c, id);
        }
      });
    } catch (JobStoreException e) {
      if (e.getCause() instanceof SQLException sql
          && UNIQUE_VIOLATION.equals(sql.getSQLState())) {
        return Optional.empty(); // a live job holds its uniqueness key
      }
      throw e;
    }
  }

  @Override
  public List<JobRecord> expiredLeases(String queue, Instant now, int limit) {
    requirePositive(limit);
    return inTransaction("find expired leases of queue " + queue, c -> {
      try (PreparedStatement select = c.prepareStatement(
          "SELECT id FROM retry_owner_jobs WHERE queue = ? AND state = 'running'"
              + " AND lease_expires_at <= ? ORDER BY lease_expires_at, id LIMIT ?")) {
        select.setString(1, queue);
        select.setObject(2, JobRows.timestamp(now));
        select.setInt(3, limit);
        return JobRows.byIds(c, JobRows.ids(select));
      }
    });
  }

  @Override
  public Optional<JobRecord> get(long id) {
    return inTransaction("read job " + id, c -> single(c, id));
  }

  @Override
  public List<JobRecord> list(JobFilter filter) {
    Objects.requireNonNull(filter, "filter");
    return inTransaction("list jobs", c -> {
      StringBuilder sql = new StringBuilder("SELECT id FROM retry_owner_jobs WHERE true");
      List<Object> parameters = new ArrayList<>();
      if (filter.kindOrNull() != null) {
        sql.append(" AND kind = ?");
        parameters.add(filter.kindOrNull());
      }
      if (filter.queueOrNull() != null) {
        sql.append(" AND queue = ?");
        parameters.add(filter.queueOrNull());
      }
      if (!filter.states().isEmpty()) {
        sql.append(" AND state = ANY (?)");
        parameters.add(c.createArrayOf("text",
            filter.states().stream().map(JobRows::column).toArray()));
      }
      for (Map.Entry<String, String> arg : filter.args().entrySet()) {
        sql.append(" AND args @> jsonb_build_object(?::text, ?::text)");
        parameters.add(arg.getKey());
        parameters.add(arg.getValue());
      }
      sql.append(" ORDER BY id DESC LIMIT ?");
      parameters.add(filter.limit());
      try (PreparedStatement select = c.prepareStatement(sql.toString())) {
        for (int i = 0; i < parameters.size(); i++) {
          select.setObject(i + 1, parameters.get(i));
        }
        return JobRows.byIds(c, JobRows.ids(select));
      }
    });
  }

  @Override
  public List<KindOverview> overview() {
    return inTransaction("read the overview", c -> {
      Map<String, Map<JobState, Long>> counts = new TreeMap<>();
      try (PreparedStatement select = c.prepareStatement(
              "SELECT kind, state, count(*) FROM retry_owner_jobs GROUP BY kind, state");
          ResultSet rows = select.executeQuery()) {
        while (rows.next()) {
          counts.computeIfAbsent(rows.getString(1), kind -> new EnumMap<>(JobState.class))
              .put(JobRows.state(rows.getString(2)), rows.getLong(3));
        }
      }
      Map<String, AttemptError> lastErrors = new HashMap<>();
      try (PreparedStatement select = c.prepareStatement(
              "SELECT DISTINCT ON (j.kind) j.kind, e.attempt, e.at, e.type, e.error, e.trace"
                  + " FROM retry_owner_job_errors e JOIN retry_owner_jobs j ON j.id = e.job_id"
                  + " ORDER BY j.kind, e.at DESC, e.seq DESC");
          ResultSet rows = select.executeQuery()) {
        while (rows.next()) {
          lastErrors.put(rows.getString("kind"), JobRows.readError(rows));
        }
      }
      List<KindOverview> overview = new ArrayList<>();
      counts.forEach((kind, byState) -> overview.add(
          new KindOverview(kind, byState, Optional.ofNullable(lastErrors.get(kind)))));
      return overview;
    });
  }

  /**
   * Deletes up to {@code limit} finished jobs (and their errors) that finished longer ago than
   * {@code retention} keeps them at {@code now}, oldest first; run it periodically (for example
   * from a periodic job kind). Bounded, so one call never holds many rows locked.
   *
   * @return how many jobs it deleted
   */
  public int prune(Retention retention, Instant now, int limit) {
    Objects.requireNonNull(retention, "retention");
    requirePositive(limit);
    return inTransaction("prune finished jobs", c -> {
      try (PreparedStatement delete = c.prepareStatement(
          "DELETE FROM retry_owner_jobs WHERE id IN (SELECT id FROM retry_owner_jobs"
              + " WHERE (state = 'completed' AND finalized_at < ?)"
              + " OR (state = 'cancelled' AND finalized_at < ?)"
              + " OR (state = 'discarded' AND finalized_at < ?)"
              + " ORDER BY finalized_at LIMIT ? FOR UPDATE SKIP LOCKED)")) {
        delete.setObject(1, JobRows.timestamp(now.minus(retention.completed())));
        delete.setObject(2, JobRows.timestamp(now.minus(retention.cancelled())));
        delete.setObject(3, JobRows.timestamp(now.minus(retention.discarded())));
        delete.setInt(4, limit);
        return delete.executeUpdate();
      }
    });
  }

  private static Optional<JobRecord> single(Connection connection, long id) throws SQLException {
    return JobRows.byIds(connection, List.of(id)).stream().findFirst();
  }

  private static void requirePositive(int limit) {
    if (limit < 1) {
      throw new IllegalArgumentException("the batch limit must be at least 1: " + limit);
    }
  }

  private <T> T inTransaction(String what, Transactions.SqlWork<T> work) {
    return Transactions.run(dataSource, what, work);
  }

  private <T> T inStatement(String what, Transactions.SqlWork<T> work) {
    return Transactions.runStatement(dataSource, what, work);
  }
}
