package dev.retryowner.jobs;

import java.sql.Connection;
import java.util.Map;

/**
 * Enqueues on the caller's connection and inside its transaction ({@link Jobs#with(Connection)}):
 * the jobs commit or roll back with the domain change made on the same connection. Idle workers
 * are woken by the store's insert signal once the caller commits (or find the jobs at their next
 * poll), never before.
 */
public final class TransactionalEnqueue {
  private final Jobs jobs;
  private final TransactionalJobStore store;
  private final Connection connection;

  TransactionalEnqueue(Jobs jobs, TransactionalJobStore store, Connection connection) {
    this.jobs = jobs;
    this.store = store;
    this.connection = connection;
  }

  /** {@link Jobs#enqueue(JobKind, Map)}, in the caller's transaction. */
  public long enqueue(JobKind kind, Map<String, String> args) {
    return enqueue(kind, args, EnqueueOptions.defaults());
  }

  /** {@link Jobs#enqueue(JobKind, Map, EnqueueOptions)}, in the caller's transaction. */
  public long enqueue(JobKind kind, Map<String, String> args, EnqueueOptions options) {
    return store.insert(connection, jobs.newJob(kind, args, options)).id();
  }
}
