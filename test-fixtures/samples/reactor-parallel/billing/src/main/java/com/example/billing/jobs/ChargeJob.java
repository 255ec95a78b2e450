package com.example.billing.jobs;

import io.github.resilience4j.retry.Retry;
import java.util.function.Supplier;

/** The job layer owns retries: the same helper is allowed here. */
public class ChargeJob {
  private final Retry retry = Retry.ofDefaults("charge");

  public String run(Supplier<String> charge) {
    return retry.executeSupplier(charge);
  }
}
