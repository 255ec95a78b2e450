package dev.retryowner.jobs.postgres;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.function.BooleanSupplier;
import javax.sql.DataSource;

/** The jobs of the fault and load tests, and waiting for the worker processes to finish them. */
final class FaultTestJobs {
  private FaultTestJobs() {}

  /**
   * Inserts {@code count} pending jobs of {@link WorkerProcess#KIND} in one statement, with
   * arguments {@code n} (1 … count) and {@code endpoint} ({@code n} modulo {@code endpoints}).
   */
  static void insert(DataSource database, int count, int maxAttempts, int endpoints) {
    try (Connection connection = database.getConnection();
        PreparedStatement insert = connection.prepareStatement("INSERT INTO retry_owner_jobs"
            + " (kind, queue, args, state, max_attempts, created_at, scheduled_at)"
            + " SELECT ?, ?, jsonb_build_object('n', g::text, 'endpoint', (g % ?)::text),"
            + " 'pending', ?, now(), now() FROM generate_series(1, ?) AS g")) {
      insert.setString(1, WorkerProcess.KIND);
      insert.setString(2, WorkerProcess.QUEUE);
      insert.setInt(3, endpoints);
      insert.setInt(4, maxAttempts);
      insert.setInt(5, count);
      insert.executeUpdate();
    } catch (SQLException e) {
      throw new IllegalStateException("could not insert " + count + " jobs", e);
    }
  }

  /** How many jobs are completed, discarded or cancelled. */
  static long finished(DataSource database) {
    return AttemptsSeen.count(database, "SELECT count(*) FROM retry_owner_jobs"
        + " WHERE state IN ('completed', 'discarded', 'cancelled')");
  }

  /**
   * Waits until {@code condition} holds, checking every 100 ms.
   *
   * @throws AssertionError naming {@code what} if it does not hold within {@code timeout}
   */
  static void await(String what, Duration timeout, BooleanSupplier condition)
      throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() - deadline > 0) {
        throw new AssertionError("waited " + timeout + " for " + what);
      }
      Thread.sleep(100);
    }
  }
}
