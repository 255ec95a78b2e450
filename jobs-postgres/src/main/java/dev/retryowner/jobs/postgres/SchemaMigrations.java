package dev.retryowner.jobs.postgres;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.sql.DataSource;

/**
 * The job store's schema, as numbered SQL files applied in order and recorded in {@code
 * retry_owner_schema_version}. Applying is idempotent (applied versions are skipped) and safe when
 * several processes start at once: all of it runs in one transaction under a transaction-scoped
 * advisory lock, so the second process waits and then finds the work done.
 */
public final class SchemaMigrations {
  /** The migration files, in order; each is {@code V<n>__<description>.sql} with n = 1, 2, … */
  static final List<String> FILES = List.of("V1__jobs.sql", "V2__keyed_leases.sql",
      "V3__rescue_index_by_lease.sql");

  /** Any constant key; it only has to be the same in every process using this schema. */
  private static final long ADVISORY_LOCK_KEY = 0x7265_7472_796a_6f62L;

  private static final Pattern FILE_NAME = Pattern.compile("V(\\d+)__([a-z0-9_]+)\\.sql");
  private static final String RESOURCE_FOLDER = "migrations/";

  private SchemaMigrations() {}

  /** The version the files bring a database to. */
  public static int latestVersion() {
    return FILES.size();
  }

  /**
   * Brings the database behind {@code dataSource} to {@link #latestVersion()}.
   *
   * @return how many migrations this call applied (0 when the schema was current)
   * @throws IllegalStateException if the database is at a version newer than these files know,
   *     i.e. an older build of the store runs against a newer schema
   */
  public static int apply(DataSource dataSource) {
    return Transactions.run(
        dataSource, "migrate the job store's schema", SchemaMigrations::applyLocked);
  }

  private static int applyLocked(Connection connection) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.execute("SELECT pg_advisory_xact_lock(" + ADVISORY_LOCK_KEY + ")");
      statement.execute("CREATE TABLE IF NOT EXISTS retry_owner_schema_version ("
          + "version integer PRIMARY KEY, file text NOT NULL, "
          + "applied_at timestamptz NOT NULL DEFAULT now())");
    }
    int current = currentVersion(connection);
    if (current > latestVersion()) {
      throw new IllegalStateException("the job store's schema is at version " + current
          + " but this build of retry-owner-jobs-postgres knows only up to " + latestVersion()
          + "; run a newer build of the store against this database");
    }
    for (int version = current + 1; version <= latestVersion(); version++) {
      String file = FILES.get(version - 1);
      requireVersion(file, version);
      try (Statement statement = connection.createStatement()) {
        statement.execute(read(file));
      }
      try (PreparedStatement record = connection.prepareStatement(
          "INSERT INTO retry_owner_schema_version (version, file) VALUES (?, ?)")) {
        record.setInt(1, version);
        record.setString(2, file);
        record.executeUpdate();
      }
    }
    return latestVersion() - current;
  }

  /** The version the database is at; 0 before the first migration. */
  static int currentVersion(Connection connection) throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet max = statement.executeQuery(
            "SELECT coalesce(max(version), 0) FROM retry_owner_schema_version")) {
      max.next();
      return max.getInt(1);
    }
  }

  static void requireVersion(String file, int expected) {
    Matcher name = FILE_NAME.matcher(file);
    if (!name.matches() || Integer.parseInt(name.group(1)) != expected) {
      throw new IllegalStateException("migration file " + file + " must be named V" + expected
          + "__<lowercase_description>.sql: migrations are numbered 1, 2, … without gaps");
    }
  }

  private static String read(String file) {
    try (InputStream in = SchemaMigrations.class.getResourceAsStream(RESOURCE_FOLDER + file)) {
      if (in == null) {
        throw new IllegalStateException("migration " + file + " is listed but not on the class"
            + " path under dev/retryowner/jobs/postgres/" + RESOURCE_FOLDER);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("could not read migration " + file, e);
    }
  }
}
