package com.acme.app;

import io.github.resilience4j.retry.Retry;
import java.util.function.Supplier;

public class Quotes {
  private final Retry retry = Retry.ofDefaults("quotes");

  public String latest(Supplier<String> feed) {
    return retry.executeSupplier(feed);
  }

  public String poll(Supplier<String> feed) throws InterruptedException {
    for (int attempt = 0; attempt < 3; attempt++) {
      try {
        return feed.get();
      } catch (RuntimeException e) {
        Thread.sleep(100);
      }
    }
    throw new IllegalStateException("no quote");
  }
}
