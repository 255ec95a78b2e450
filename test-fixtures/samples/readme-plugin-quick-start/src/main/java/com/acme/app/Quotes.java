package com.acme.app;

import io.github.resilience4j.retry.Retry;
import java.util.function.Supplier;

public class Quotes {
  public String latest(Supplier<String> feed) {
    return Retry.ofDefaults("quotes").executeSupplier(feed);
  }
}
