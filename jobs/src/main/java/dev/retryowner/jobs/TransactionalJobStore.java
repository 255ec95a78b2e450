package dev.retryowner.jobs;

import java.sql.Connection;

/**
 * A {@link JobStore} that can also insert on the caller's JDBC connection, inside the caller's
 * transaction: the job commits or rolls back with the domain change made on that connection (the
 * outbox idea). {@link Jobs#with(Connection)} needs one; the in-memory store is not one.
 */
public interface TransactionalJobStore extends JobStore {
  /**
   * Inserts {@code job} as {@link #insert(NewJob)} does, but on {@code connection} and inside its
   * current transaction; does not commit, roll back or close it. Other processes see the job, and
   * {@link #onInsert} signals it, only once the caller commits.
   */
  InsertResult insert(Connection connection, NewJob job);
}
