package dev.retryowner.jobs;

import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A job to insert into a {@link JobStore}.
 *
 * @param kind the kind's name
 * @param queue the kind's queue
 * @param args the arguments
 * @param maxAttempts the kind's policy's attempts, kept on the row
 * @param createdAt when it was enqueued
 * @param scheduledAt when it first becomes due
 * @param uniqueKey when not null, the store inserts it only if no live job has this key
 */
public record NewJob(
    String kind,
    String queue,
    Map<String, String> args,
    int maxAttempts,
    Instant createdAt,
    Instant scheduledAt,
    String uniqueKey) {
  public NewJob {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(queue, "queue");
    args = Map.copyOf(args);
    Objects.requireNonNull(createdAt, "createdAt");
    Objects.requireNonNull(scheduledAt, "scheduledAt");
    if (maxAttempts < 1) {
      throw new IllegalArgumentException("maxAttempts must be at least 1: " + maxAttempts);
    }
  }

  /**
   * The uniqueness key of a job of {@code kind} with {@code args}: equal for equal arguments in
   * any order, different otherwise (lengths are encoded, so no separator inside a value can make
   * two argument maps collide).
   */
  public static String uniqueKey(String kind, Map<String, String> args) {
    StringBuilder key = new StringBuilder().append(kind.length()).append(':').append(kind);
    SortedMap<String, String> sorted = new TreeMap<>(args);
    sorted.forEach((name, value) -> key.append('|').append(name.length()).append(':').append(name)
        .append('=').append(value.length()).append(':').append(value));
    return key.toString();
  }
}
