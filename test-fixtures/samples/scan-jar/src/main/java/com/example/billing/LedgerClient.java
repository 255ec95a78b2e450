package com.example.billing;

import io.github.resilience4j.retry.Retry;
import java.util.function.Supplier;

/** Posts to the ledger with its own retry: the scan of the jar reports it. */
public class LedgerClient {
  private final Retry retry = Retry.ofDefaults("ledger"); // expect: RetryOutsideJobs (related)

  public String post(Supplier<String> ledger) {
    return retry.executeSupplier(ledger); // expect: RetryOutsideJobs
  }
}
