package dev.retryowner.jobs;

/** {@link ReleaseConformanceTest} against the embedded store. */
class InMemoryReleaseTest extends ReleaseConformanceTest {
  @Override
  protected JobStore newStore() {
    return new InMemoryJobStore();
  }
}
