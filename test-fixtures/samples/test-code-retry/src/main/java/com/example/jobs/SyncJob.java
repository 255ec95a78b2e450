package com.example.jobs;

import io.github.resilience4j.retry.Retry;
import java.util.function.Supplier;

/** The job layer owns retries. */
public class SyncJob {
  private final Retry retry = Retry.ofDefaults("sync");

  public String run(Supplier<String> sync) {
    return retry.executeSupplier(sync);
  }
}
