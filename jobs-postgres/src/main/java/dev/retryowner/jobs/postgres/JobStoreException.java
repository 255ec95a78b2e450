package dev.retryowner.jobs.postgres;

import java.sql.SQLException;

/** The database failed a job store operation; the cause says how. */
public final class JobStoreException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public JobStoreException(String message, SQLException cause) {
    super(message + ": " + cause.getMessage(), cause);
  }
}
