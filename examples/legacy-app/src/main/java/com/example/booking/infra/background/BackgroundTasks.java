package com.example.booking.infra.background;

import io.github.resilience4j.retry.Retry;
import io.github.resilience4j.retry.RetryConfig;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Runs work off the request thread. A task that fails is run again, {@value #MAX_ATTEMPTS}
 * attempts in all, then logged and dropped.
 */
public class BackgroundTasks implements AutoCloseable {
  public static final int MAX_ATTEMPTS = 3;
  private static final System.Logger LOG = System.getLogger(BackgroundTasks.class.getName());

  private final ExecutorService executor = Executors.newFixedThreadPool(2);
  private final RetryConfig retryConfig;

  public BackgroundTasks(Duration retryWait) {
    this.retryConfig = RetryConfig.custom().maxAttempts(MAX_ATTEMPTS).waitDuration(retryWait).build();
  }

  /** Starts {@code task}; the future completes when it succeeded or its last attempt failed. */
  public CompletableFuture<Void> invoke(String name, Runnable task) {
    Runnable retried = Retry.decorateRunnable(Retry.of(name, retryConfig), task);
    return CompletableFuture.runAsync(() -> {
      try {
        retried.run();
      } catch (RuntimeException e) {
        LOG.log(System.Logger.Level.WARNING, "background task {0} failed {1} times, dropped: {2}", name, MAX_ATTEMPTS, e.getMessage());
        throw e;
      }
    }, executor);
  }

  @Override
  public void close() {
    executor.shutdown();
  }
}
