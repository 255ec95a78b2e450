package dev.retryowner.jobs.postgres;

import dev.retryowner.jobs.KeyedLeases;
import dev.retryowner.jobs.KeyedLeasesConformanceTest;

/** The keyed-lease conformance suite, unchanged, against PostgreSQL. */
class PostgresKeyedLeasesTest extends KeyedLeasesConformanceTest {
  @Override
  protected KeyedLeases newLeases() {
    return PostgresKeyedLeases.open(EmbeddedPostgresServer.newDatabase());
  }
}
