package dev.retryowner.archrules;

import io.github.resilience4j.retry.Retry;

/**
 * App code that keeps and hands out resilience4j retries: no catalog entry itself, top-level so
 * that the samples reach its members as a foreign type.
 */
public final class RetryStages {
  public Retry retryFor(String name) {
    return Retry.ofDefaults(name);
  }

  public String decorate(Retry retry) {
    return retry.getName();
  }

  public int count(Retry... retries) {
    return retries.length;
  }
}
