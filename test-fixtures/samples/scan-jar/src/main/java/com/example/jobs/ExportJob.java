package com.example.jobs;

import io.github.resilience4j.retry.Retry;
import java.util.function.Supplier;

/** The job layer owns retries. */
public class ExportJob {
  private final Retry retry = Retry.ofDefaults("export");

  public String run(Supplier<String> export) {
    return retry.executeSupplier(export);
  }
}
