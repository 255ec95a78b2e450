package dev.retryowner.jobs.postgres;

import dev.retryowner.jobs.CompleteAllConformanceTest;
import dev.retryowner.jobs.JobStore;

/** {@link CompleteAllConformanceTest} against PostgreSQL. */
class PostgresCompleteAllTest extends CompleteAllConformanceTest {
  @Override
  protected JobStore newStore() {
    return PostgresJobStore.open(EmbeddedPostgresServer.newDatabase());
  }
}
