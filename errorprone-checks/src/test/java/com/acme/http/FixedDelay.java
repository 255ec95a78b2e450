package com.acme.http;

import java.time.Duration;

/** Test stub: a backoff whose constructor takes the number of retries. */
public class FixedDelay {
  public FixedDelay(int retries, Duration delay) {}
}
