package com.example.billing;

import io.github.resilience4j.retry.Retry;
import java.util.function.Supplier;

/** Charges a card; its own retry multiplies with the job's. */
public class PaymentClient {
  private final Retry retry = Retry.ofDefaults("payments"); // expect: RetryOutsideJobs (related)

  public String charge(Supplier<String> gateway) {
    return retry.executeSupplier(gateway); // expect: RetryOutsideJobs
  }
}
