package com.example.reference.mail;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** At most {@code limit} sends per key in each clock hour (a fixed window, 10:00 to 11:00). */
final class HourlyCap {
  private record Window(Instant start, int sent) {}

  private final int limit;
  private final Map<String, Window> windows = new ConcurrentHashMap<>();

  HourlyCap(int limit) {
    if (limit < 1) {
      throw new IllegalArgumentException("An hourly cap allows at least 1 send, got " + limit);
    }
    this.limit = limit;
  }

  /** True when {@code key} already had {@code limit} sends in the hour of {@code now}. */
  boolean isSpent(String key, Instant now) {
    Window window = windows.get(key);
    return window != null && window.start().equals(windowStart(now)) && window.sent() >= limit;
  }

  /** Counts one send for {@code key} at {@code now}. */
  void record(String key, Instant now) {
    Instant start = windowStart(now);
    windows.merge(key, new Window(start, 1), (old, one) -> old.start().equals(start)
        ? new Window(start, old.sent() + 1) : one);
  }

  /** When the next window opens after {@code now}. */
  static Instant nextWindow(Instant now) {
    return windowStart(now).plus(Duration.ofHours(1));
  }

  private static Instant windowStart(Instant now) {
    return now.truncatedTo(ChronoUnit.HOURS);
  }
}
