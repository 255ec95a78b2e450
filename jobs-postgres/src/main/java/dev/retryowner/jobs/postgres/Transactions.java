package dev.retryowner.jobs.postgres;

import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;

/** Runs work in one transaction on a connection of its own, committed or rolled back as a whole. */
final class Transactions {
  /** Work on one connection inside one transaction. */
  interface SqlWork<T> {
    T run(Connection connection) throws SQLException;
  }

  private Transactions() {}

  /**
   * Runs {@code work} and commits; rolls back when it throws.
   *
   * @param what what the work does, for the error message ("could not " + what)
   * @throws JobStoreException if the database failed
   */
  static <T> T run(DataSource dataSource, String what, SqlWork<T> work) {
    try (Connection connection = dataSource.getConnection()) {
      connection.setAutoCommit(false);
      try {
        T result = work.run(connection);
        connection.commit();
        return result;
      } catch (SQLException | RuntimeException e) {
        connection.rollback();
        throw e;
      }
    } catch (SQLException e) {
      throw new JobStoreException("could not " + what, e);
    }
  }

  /**
   * Runs {@code work}, one statement that is atomic on its own, in auto-commit: one round trip
   * instead of the statement and a commit.
   *
   * @throws JobStoreException if the database failed
   */
  static <T> T runStatement(DataSource dataSource, String what, SqlWork<T> work) {
    try (Connection connection = dataSource.getConnection()) {
      connection.setAutoCommit(true);
      return work.run(connection);
    } catch (SQLException e) {
      throw new JobStoreException("could not " + what, e);
    }
  }
}
