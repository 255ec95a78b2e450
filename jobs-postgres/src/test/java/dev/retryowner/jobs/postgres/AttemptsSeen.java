package dev.retryowner.jobs.postgres;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;

/**
 * The test-owned table {@code attempts_seen} (not part of the product schema): the worker
 * processes' handlers write one row per attempt they ran, the tests read them back.
 */
final class AttemptsSeen {
  /** One attempt a handler ran; {@code endedAt} is null while it runs (or if its process died). */
  record Attempt(long jobId, int attempt, long pid, String key, Instant startedAt,
      Instant endedAt) {
    boolean overlaps(Attempt other) {
      return endedAt.isAfter(other.startedAt) && other.endedAt.isAfter(startedAt);
    }
  }

  private AttemptsSeen() {}

  static void create(DataSource database) {
    try (Connection connection = database.getConnection();
        Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE attempts_seen (job_id bigint NOT NULL,"
          + " attempt integer NOT NULL, pid bigint NOT NULL, key text,"
          + " started_at timestamptz NOT NULL, ended_at timestamptz)");
    } catch (SQLException e) {
      throw new IllegalStateException("could not create attempts_seen", e);
    }
  }

  /** Every attempt seen, by job, attempt and start. */
  static List<Attempt> all(DataSource database) {
    List<Attempt> attempts = new ArrayList<>();
    try (Connection connection = database.getConnection();
        Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("SELECT job_id, attempt, pid, key, started_at,"
            + " ended_at FROM attempts_seen ORDER BY job_id, attempt, started_at")) {
      while (rows.next()) {
        attempts.add(new Attempt(rows.getLong(1), rows.getInt(2), rows.getLong(3),
            rows.getString(4), instant(rows, 5), instant(rows, 6)));
      }
    } catch (SQLException e) {
      throw new IllegalStateException("could not read attempts_seen", e);
    }
    return attempts;
  }

  /** Records that an attempt started; its end is never recorded (it is to die running). */
  static void started(Connection connection, long jobId, int attempt, String key, Instant at)
      throws SQLException {
    insert(connection, jobId, attempt, key, at, null);
  }

  /** Records a whole attempt at its end, in one statement. */
  static void ran(Connection connection, long jobId, int attempt, String key, Instant startedAt,
      Instant endedAt) throws SQLException {
    insert(connection, jobId, attempt, key, startedAt, endedAt);
  }

  private static void insert(Connection connection, long jobId, int attempt, String key,
      Instant startedAt, Instant endedAtOrNull) throws SQLException {
    try (PreparedStatement insert = connection.prepareStatement("INSERT INTO attempts_seen"
        + " (job_id, attempt, pid, key, started_at, ended_at) VALUES (?, ?, ?, ?, ?, ?)")) {
      insert.setLong(1, jobId);
      insert.setInt(2, attempt);
      insert.setLong(3, ProcessHandle.current().pid());
      insert.setString(4, key);
      insert.setObject(5, JobRows.timestamp(startedAt));
      insert.setObject(6, JobRows.timestamp(endedAtOrNull));
      insert.executeUpdate();
    }
  }

  /** How many rows the query {@code sql} (one count column) counts. */
  static long count(DataSource database, String sql) {
    try (Connection connection = database.getConnection();
        Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery(sql)) {
      rows.next();
      return rows.getLong(1);
    } catch (SQLException e) {
      throw new IllegalStateException("could not run " + sql, e);
    }
  }

  private static Instant instant(ResultSet rows, int column) throws SQLException {
    OffsetDateTime value = rows.getObject(column, OffsetDateTime.class);
    return value == null ? null : value.toInstant();
  }
}
