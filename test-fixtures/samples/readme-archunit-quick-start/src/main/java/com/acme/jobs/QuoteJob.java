package com.acme.jobs;

import io.github.resilience4j.retry.Retry;

public class QuoteJob {
  public Retry retry() {
    return Retry.ofDefaults("quote-job");
  }
}
