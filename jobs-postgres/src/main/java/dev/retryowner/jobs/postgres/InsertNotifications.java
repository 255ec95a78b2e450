package dev.retryowner.jobs.postgres;

import dev.retryowner.jobs.JobStore;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * Listens on {@link #CHANNEL} (PostgreSQL LISTEN/NOTIFY) on a connection of its own and passes
 * each notified queue name on. An insert notifies in its transaction, so the signal arrives only
 * when the job is committed. When the connection breaks, it logs, pauses and listens again on a
 * new one; signals sent meanwhile are lost, which only delays the job until the runtime's next
 * poll.
 */
final class InsertNotifications implements JobStore.Subscription {
  /** The channel inserts notify; the payload is the job's queue. */
  static final String CHANNEL = "retry_owner_jobs_inserted";

  private static final Logger LOG = Logger.getLogger(InsertNotifications.class.getName());
  private static final int WAIT_MILLIS = 250;

  private final DataSource dataSource;
  private final Consumer<String> queueWithNewJob;
  private final Duration pauseAfterFailure;
  private volatile boolean open = true;

  private InsertNotifications(
      DataSource dataSource, Consumer<String> queueWithNewJob, Duration pauseAfterFailure) {
    this.dataSource = dataSource;
    this.queueWithNewJob = queueWithNewJob;
    this.pauseAfterFailure = pauseAfterFailure;
  }

  /** Starts listening on a daemon thread. */
  static InsertNotifications start(
      DataSource dataSource, Consumer<String> queueWithNewJob, Duration pauseAfterFailure) {
    InsertNotifications notifications =
        new InsertNotifications(dataSource, queueWithNewJob, pauseAfterFailure);
    Thread thread = new Thread(notifications::listenWhileOpen, "jobs-postgres-notifications");
    thread.setDaemon(true);
    thread.start();
    return notifications;
  }

  @Override
  public void close() {
    open = false;
  }

  private void listenWhileOpen() {
    while (open) {
      try {
        listenOnOneConnection();
      } catch (SQLException lost) {
        LOG.log(Level.WARNING, "listening for new jobs failed; polling covers it, listening"
            + " again in " + pauseAfterFailure, lost);
        try {
          Thread.sleep(pauseAfterFailure.toMillis());
        } catch (InterruptedException stop) {
          return;
        }
      }
    }
  }

  private void listenOnOneConnection() throws SQLException {
    try (Connection connection = dataSource.getConnection();
        Statement statement = connection.createStatement()) {
      statement.execute("LISTEN " + CHANNEL);
      PGConnection listener = connection.unwrap(PGConnection.class);
      while (open) {
        PGNotification[] received = listener.getNotifications(WAIT_MILLIS);
        if (received != null) {
          for (PGNotification notification : received) {
            wake(notification.getParameter());
          }
        }
      }
    }
  }

  private void wake(String queue) {
    try {
      queueWithNewJob.accept(queue);
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "waking queue " + queue + " failed", e);
    }
  }
}
