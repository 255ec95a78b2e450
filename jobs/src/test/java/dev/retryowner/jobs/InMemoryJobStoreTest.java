package dev.retryowner.jobs;

/** The store conformance suite against the embedded store. */
class InMemoryJobStoreTest extends JobStoreConformanceTest {
  @Override
  protected JobStore newStore() {
    return new InMemoryJobStore();
  }
}
