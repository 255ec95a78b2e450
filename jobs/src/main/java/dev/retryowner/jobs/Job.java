package dev.retryowner.jobs;

import java.time.Instant;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;

/**
 * What a {@link JobHandler} sees of the job it runs. Handlers are called at least once per job, so
 * they must be idempotent (the id is a natural idempotency key).
 *
 * @param id the job's id, the same on every attempt
 * @param kind the job kind's name
 * @param args the arguments it was enqueued with
 * @param attempt the attempt now running, counted from 1; snoozes do not count
 * @param scheduledAt when this attempt was due
 */
public record Job(long id, String kind, Map<String, String> args, int attempt, Instant scheduledAt) {
  public Job {
    Objects.requireNonNull(kind, "kind");
    args = Map.copyOf(args);
    Objects.requireNonNull(scheduledAt, "scheduledAt");
    if (attempt < 1) {
      throw new IllegalArgumentException("attempts are counted from 1, but got " + attempt);
    }
  }

  /**
   * The argument {@code name}.
   *
   * @throws NoSuchElementException if the job was enqueued without it
   */
  public String arg(String name) {
    String value = args.get(name);
    if (value == null) {
      throw new NoSuchElementException("job " + id + " (" + kind + ") has no argument \"" + name
          + "\"; its arguments are " + args.keySet());
    }
    return value;
  }
}
