package com.acme.jobs;

import io.github.resilience4j.retry.Retry;

public class QuoteJob {
  private final Retry retry = Retry.ofDefaults("quote-job");

  public Retry retry() {
    return retry;
  }
}
