package com.example.billing;

import io.github.resilience4j.retry.Retry;
import io.github.resilience4j.retry.RetryConfig;
import java.util.function.Supplier;

/**
 * Charges a card through the payment gateway. Its own retry multiplies with the job's: a job
 * that tries 3 times around a client that tries 3 times charges up to 9 times.
 */
public class PaymentClient {
  private final Retry retry; // expect: RetryOutsideJobs (related)

  public PaymentClient() {
    RetryConfig config = RetryConfig.custom().maxAttempts(3).build(); // expect: RetryOutsideJobs (related)
    this.retry = Retry.of("payments", config); // expect: RetryOutsideJobs (related)
  }

  public String charge(Supplier<String> gateway) {
    return retry.executeSupplier(gateway); // expect: RetryOutsideJobs
  }
}
