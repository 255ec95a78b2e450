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
  /** Every column of a job, arguments as two arrays ordered by name. */
  static final String COLUMNS = "id, kind, queue, state, attempt, max_attempts, snoozes, runs,"
      + " created_at, scheduled_at, attempted_at, finalized_at, lease_expires_at, unique_key,"
      + " ARRAY(SELECT key FROM jsonb_each_text(args) ORDER BY key) AS arg_names,"
      + " ARRAY(SELECT value FROM jsonb_each_text(args) ORDER BY key) AS arg_values";

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
        "SELECT " + COLUMNS + " FROM retry_owner_jobs WHERE id = ANY (?)")) {
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
