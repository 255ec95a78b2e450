package dev.retryowner.jobs;

/** The keyed-lease conformance suite against the in-memory implementation. */
class InMemoryKeyedLeasesTest extends KeyedLeasesConformanceTest {
  @Override
  protected KeyedLeases newLeases() {
    return new InMemoryKeyedLeases();
  }
}
