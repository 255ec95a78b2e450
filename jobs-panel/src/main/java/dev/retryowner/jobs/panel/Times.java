package dev.retryowner.jobs.panel;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;

/** How the panel writes a point in time: UTC, to the second. */
final class Times {
  private static final DateTimeFormatter FORMAT =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss'Z'").withZone(ZoneOffset.UTC);

  private Times() {}

  /** {@code instant} as {@code 2026-11-30 11:20:05Z}, or a dash when there is none. */
  static String format(Instant instant) {
    return instant == null ? "–" : FORMAT.format(instant.truncatedTo(ChronoUnit.SECONDS));
  }
}
