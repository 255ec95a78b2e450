package dev.retryowner.jobs.postgres;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A PostgreSQL server of a test's own (the binaries of {@link EmbeddedPostgresServer}) that the
 * test can stop and start again on the same data directory and port, as an operator restarting
 * the database would: clients see their connections drop and the server come back at the same
 * address with the same data.
 */
final class RestartablePostgresServer implements AutoCloseable {
  private final Path dataDirectory;
  private final int port;
  private EmbeddedPostgres server;

  private RestartablePostgresServer(Path dataDirectory, int port) {
    this.dataDirectory = dataDirectory;
    this.port = port;
  }

  /** Initializes a new data directory under {@code target/} and starts the server on it. */
  static RestartablePostgresServer start() {
    try {
      Path parent = Files.createDirectories(Path.of("target", "restartable-postgres"));
      RestartablePostgresServer restartable = new RestartablePostgresServer(
          Files.createTempDirectory(parent, "data-").toAbsolutePath(), freePort());
      restartable.startAgain();
      return restartable;
    } catch (IOException e) {
      throw new UncheckedIOException("could not prepare a data directory under target/", e);
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  /** A new, empty database on this server. */
  EmbeddedPostgresServer.TestDatabase newTestDatabase() {
    return EmbeddedPostgresServer.createDatabase(running());
  }

  /** Stops the server (a fast shutdown: sessions are ended); the data directory stays. */
  void stop() {
    try {
      running().close();
      server = null;
    } catch (IOException e) {
      throw new UncheckedIOException("could not stop PostgreSQL", e);
    }
  }

  /** Starts the server again on the same data directory and port. */
  void startAgain() {
    if (server != null) {
      throw new IllegalStateException("the server on port " + port + " is running already");
    }
    try {
      server = EmbeddedPostgres.builder()
          .setDataDirectory(dataDirectory)
          .setCleanDataDirectory(false)
          .setPort(port)
          .start();
    } catch (IOException e) {
      throw new UncheckedIOException("could not start PostgreSQL on " + dataDirectory, e);
    }
  }

  private EmbeddedPostgres running() {
    if (server == null) {
      throw new IllegalStateException("the server on port " + port + " is stopped");
    }
    return server;
  }

  @Override
  public void close() {
    if (server != null) {
      stop();
    }
  }
}
