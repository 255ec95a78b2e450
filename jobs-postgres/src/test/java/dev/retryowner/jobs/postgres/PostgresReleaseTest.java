package dev.retryowner.jobs.postgres;

import dev.retryowner.jobs.JobStore;
import dev.retryowner.jobs.ReleaseConformanceTest;

/** {@link ReleaseConformanceTest} against PostgreSQL. */
class PostgresReleaseTest extends ReleaseConformanceTest {
  @Override
  protected JobStore newStore() {
    return PostgresJobStore.open(EmbeddedPostgresServer.newDatabase());
  }
}
