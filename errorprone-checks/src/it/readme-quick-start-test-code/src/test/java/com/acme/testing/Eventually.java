package com.acme.testing;

import java.util.function.Supplier;

/** Waits for an eventually consistent answer: a test helper that may retry. */
public final class Eventually {
  private Eventually() {}

  public static String get(Supplier<String> read) throws InterruptedException {
    for (int attempt = 0; attempt < 10; attempt++) {
      try {
        return read.get();
      } catch (IllegalStateException notYet) {
        Thread.sleep(50);
      }
    }
    throw new AssertionError("no answer after 10 reads");
  }
}
