package com.example.jobs;

import io.github.resilience4j.retry.Retry;
import java.util.function.Supplier;

/** The job layer owns retries. */
public class DeliveryJob {
  private final Retry retry = Retry.ofDefaults("delivery");

  public String deliver(Supplier<String> send) {
    return retry.executeSupplier(send);
  }
}
