package com.example.jobs.internal;

import java.util.function.Supplier;

/** The jobs layer's retry loop: public for the jobs packages, not part of their API. */
public class RetryingRunner {
  public <T> T run(Supplier<T> work, int attempts) {
    RuntimeException last = new IllegalStateException("no attempt made");
    for (int attempt = 0; attempt < attempts; attempt++) {
      try {
        return work.get();
      } catch (RuntimeException e) {
        last = e;
      }
    }
    throw last;
  }
}
