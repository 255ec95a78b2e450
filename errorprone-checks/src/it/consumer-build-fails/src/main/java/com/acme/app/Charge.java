package com.acme.app;

import io.github.resilience4j.retry.Retry;
import java.util.function.Supplier;

public class Charge {
  public String charge(Supplier<String> call) {
    return Retry.ofDefaults("charge").executeSupplier(call);
  }
}
