package dev.retryowner.jobs.postgres;

import dev.retryowner.jobs.AttemptError;
import dev.retryowner.jobs.JobRecord;
import dev.retryowner.jobs.JobState;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Reads job rows and their errors into {@link JobRecord}s, and converts the column types. */
final class JobRows {
  /** Every column of the job aliased {@code j}, arguments as two arrays ordered by name. */
  static final String COLUMNS = "j.id, j.kind, j.queue, j.state, j.attempt, j.max_attempts,"
      + " j.snoozes, j.runs, j.created_at, j.scheduled_at, j.attempted_at, j.finalized_at,"
      + " j.lease_expires_at, j.unique_key,"
      + " ARRAY(SELECT key FROM jsonb_each_text(j.args) ORDER BY key) AS arg_names,"
      + " ARRAY(SELECT value FROM jsonb_each_text(j.args) ORDER BY key) AS arg_values";

  /**
   * What an {@code UPDATE retry_owner_jobs j … RETURNING} gives back for {@link #returned}: every
   * column and whether the job has errors, so a job without errors (the common case: a claim, a
   * completion, a heartbeat) needs no second query.
   */
  static final String RETURNING = " RETURNING " + COLUMNS + ", EXISTS (SELECT 1 FROM"
      + " retry_owner_job_errors e WHERE e.job_id = j.id) AS has_errors";

  private JobRows() {}

  /**
   * The jobs whose ids are {@code ids}, with their errors, in the order of {@code ids}. Ids of
   * missing jobs are skipped.
   */
  static List<JobRecord> byIds(Connection connection, List<Long> ids) throws SQLException {
    if (ids.isEmpty()) {
      return List.of();
    }
    Map<Long, List<AttemptError>> errors = errorsOf(connection, ids);
    Map<Long, JobRecord> byId = new HashMap<>();
    try (PreparedStatement select = connection.prepareStatement(
        "SELECT " + COLUMNS + " FROM retry_owner_jobs j WHERE j.id = ANY (?)")) {
      select.setArray(1, connection.createArrayOf("bigint", ids.toArray()));
      try (ResultSet rows = select.executeQuery()) {
        while (rows.next()) {
          JobRecord job = read(rows, errors.getOrDefault(rows.getLong("id"), List.of()));
          byId.put(job.id(), job);
        }
      }
    }
    List<JobRecord> ordered = new ArrayList<>(ids.size());
    for (long id : ids) {
      JobRecord job = byId.get(id);
      if (job != null) {
        ordered.add(job);
      }
    }
    return ordered;
  }

  /**
   * The jobs an update ending in {@link #RETURNING} returns, in its order; errors are read (one
   * more query) only for jobs that have some.
   */
  static List<JobRecord> returned(Connection connection, PreparedStatement update)
      throws SQLException {
    List<JobRecord> withoutErrors = new ArrayList<>();
    List<Long> idsWithErrors = new ArrayList<>();
    try (ResultSet rows = update.executeQuery()) {
      while (rows.next()) {
        withoutErrors.add(read(rows, List.of()));
        if (rows.getBoolean("has_errors")) {
          idsWithErrors.add(rows.getLong("id"));
        }
      }
    }
    if (idsWithErrors.isEmpty()) {
      return withoutErrors;
    }
    Map<Long, List<AttemptError>> errors = errorsOf(connection, idsWithErrors);
    List<JobRecord> jobs = new ArrayList<>(withoutErrors.size());
    for (JobRecord job : withoutErrors) {
      List<AttemptError> own = errors.get(job.id());
      jobs.add(own == null ? job : withErrors(job, own));
    }
    return jobs;
  }

  private static JobRecord withErrors(JobRecord job, List<AttemptError> errors) {
    return new JobRecord(job.id(), job.kind(), job.queue(), job.args(), job.state(),
        job.attempt(), job.maxAttempts(), job.snoozes(), job.runs(), job.createdAt(),
        job.scheduledAt(), job.attemptedAt(), job.finalizedAt(), job.leaseExpiresAt(),
        job.uniqueKey(), errors);
  }

  /** The ids of the rows {@code statement} returns in its first column, in order. */
  static List<Long> ids(PreparedStatement statement) throws SQLException {
    List<Long> ids = new ArrayList<>();
    try (ResultSet rows = statement.executeQuery()) {
      while (rows.next()) {
        ids.add(rows.getLong(1));
      }
    }
    return ids;
  }

  private static Map<Long, List<AttemptError>> errorsOf(Connection connection, List<Long> ids)
      throws SQLException {
    Map<Long, List<AttemptError>> errors = new HashMap<>();
    try (PreparedStatement select = connection.prepareStatement(
        "SELECT job_id, attempt, at, type, error, trace FROM retry_owner_job_errors"
            + " WHERE job_id = ANY (?) ORDER BY job_id, seq")) {
      select.setArray(1, connection.createArrayOf("bigint", ids.toArray()));
      try (ResultSet rows = select.executeQuery()) {
        while (rows.next()) {
          errors.computeIfAbsent(rows.getLong("job_id"), id -> new ArrayList<>())
              .add(readError(rows));
        }
      }
    }
    return errors;
  }

  static AttemptError readError(ResultSet row) throws SQLException {
    return new AttemptError(row.getInt("attempt"), instant(row, "at"),
        AttemptError.Type.valueOf(row.getString("type")), row.getString("error"),
        row.getString("trace"));
  }

  private static JobRecord read(ResultSet row, List<AttemptError> errors) throws SQLException {
    return new JobRecord(row.getLong("id"), row.getString("kind"), row.getString("queue"),
        args(row.getArray("arg_names"), row.getArray("arg_values")), state(row.getString("state")),
        row.getInt("attempt"), row.getInt("max_attempts"), row.getInt("snoozes"),
        row.getInt("runs"), instant(row, "created_at"), instant(row, "scheduled_at"),
        instant(row, "attempted_at"), instant(row, "finalized_at"),
        instant(row, "lease_expires_at"), row.getString("unique_key"), errors);
  }

  private static Map<String, String> args(Array names, Array values) throws SQLException {
    String[] keys = (String[]) names.getArray();
    String[] vals = (String[]) values.getArray();
    Map<String, String> args = new LinkedHashMap<>();
    for (int i = 0; i < keys.length; i++) {
      args.put(keys[i], vals[i]);
    }
    return args;
  }

  /** The column value of {@code state}. */
  static String column(JobState state) {
    return state.name().toLowerCase(Locale.ROOT);
  }

  /** The state a column value names. */
  static JobState state(String column) {
    return JobState.valueOf(column.toUpperCase(Locale.ROOT));
  }

  /** {@code instant} as a timestamptz parameter (PostgreSQL keeps microseconds). */
  static OffsetDateTime timestamp(Instant instant) {
    return instant == null ? null : instant.atOffset(ZoneOffset.UTC);
  }

  private static Instant instant(ResultSet row, String column) throws SQLException {
    OffsetDateTime value = row.getObject(column, OffsetDateTime.class);
    return value == null ? null : value.toInstant();
  }
}
