package com.example.orders;

import io.github.resilience4j.retry.Retry;
import java.util.function.Supplier;

/** A test helper that hides a flaky dependency behind retries: testCheck reports it. */
public class FlakyGateway {
  public static String placeUntilItWorks(OrderService service, Supplier<String> gateway) {
    Retry retry = Retry.ofDefaults("flaky"); // expect: RetryOutsideJobs (related)
    return retry.executeSupplier(() -> service.place(gateway)); // expect: RetryOutsideJobs
  }
}
