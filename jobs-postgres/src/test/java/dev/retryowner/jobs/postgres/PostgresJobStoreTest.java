package dev.retryowner.jobs.postgres;

import dev.retryowner.jobs.JobStore;
import dev.retryowner.jobs.JobStoreConformanceTest;

/** The store conformance suite, unchanged, against PostgreSQL. */
class PostgresJobStoreTest extends JobStoreConformanceTest {
  @Override
  protected JobStore newStore() {
    return PostgresJobStore.open(EmbeddedPostgresServer.newDatabase());
  }
}
