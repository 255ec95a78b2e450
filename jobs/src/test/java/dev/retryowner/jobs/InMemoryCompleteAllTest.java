package dev.retryowner.jobs;

/** {@link CompleteAllConformanceTest} against the embedded store. */
class InMemoryCompleteAllTest extends CompleteAllConformanceTest {
  @Override
  protected JobStore newStore() {
    return new InMemoryJobStore();
  }
}
