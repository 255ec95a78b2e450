package com.acme.jobs;

import io.github.resilience4j.retry.Retry;
import java.util.function.Supplier;

/** The same call inside the jobs package: allowed. */
public class ChargeJob {
  public String run(Supplier<String> call) {
    return Retry.ofDefaults("charge-job").executeSupplier(call);
  }
}
