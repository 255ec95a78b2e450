package com.example.testing;

import io.github.resilience4j.retry.Retry;
import java.util.function.Supplier;

/** A test utility that polls until a value is there: testJobsPackages allows it. */
public class Eventually {
  public static <T> T eventually(Supplier<T> value) {
    return Retry.ofDefaults("eventually").executeSupplier(value);
  }
}
