package com.example.jobs;

import io.github.resilience4j.retry.Retry;
import io.github.resilience4j.retry.RetryConfig;
import java.util.function.Supplier;

/** The job layer owns retries: the same helper is allowed here. */
public class DeliveryJob {
  private final Retry retry = Retry.of("delivery", RetryConfig.custom().maxAttempts(5).build());

  public String run(Supplier<String> delivery) {
    return retry.executeSupplier(delivery);
  }
}
