package dev.retryowner.jobs;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A job as the store keeps it: the row the inspector shows. Timestamps that have not happened yet
 * are null.
 *
 * @param id the job's id
 * @param kind the kind's name
 * @param queue the queue it runs on
 * @param args its arguments
 * @param state where it is in its life
 * @param attempt attempts spent, counting the running one; snoozes do not count
 * @param maxAttempts attempts allowed; a manual retry of an exhausted job raises it by one
 * @param snoozes how often a handler snoozed it
 * @param runs how often a worker claimed it (attempts plus snoozes, plus runs lost to a lease)
 * @param createdAt when it was enqueued
 * @param scheduledAt when it is (or was last) due
 * @param attemptedAt when a worker last claimed it, or null
 * @param finalizedAt when it became completed, discarded or cancelled, or null
 * @param leaseExpiresAt while running, until when its worker holds it; otherwise null
 * @param uniqueKey its uniqueness key when enqueued unique by arguments, or null
 * @param errors every failed attempt's error, oldest first
 */
public record JobRecord(
    long id,
    String kind,
    String queue,
    Map<String, String> args,
    JobState state,
    int attempt,
    int maxAttempts,
    int snoozes,
    int runs,
    Instant createdAt,
    Instant scheduledAt,
    Instant attemptedAt,
    Instant finalizedAt,
    Instant leaseExpiresAt,
    String uniqueKey,
    List<AttemptError> errors) {
  public JobRecord {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(queue, "queue");
    args = Map.copyOf(args);
    Objects.requireNonNull(state, "state");
    Objects.requireNonNull(createdAt, "createdAt");
    Objects.requireNonNull(scheduledAt, "scheduledAt");
    errors = List.copyOf(errors);
  }

  /** The lease of the current run; meaningful while {@link JobState#RUNNING}. */
  public Lease lease() {
    return new Lease(id, runs);
  }

  /** Whether the attempt now counted is the last one the job may have. */
  public boolean isLastAttempt() {
    return attempt >= maxAttempts;
  }

  /** What the handler sees of this job's current attempt. */
  public Job toJob() {
    return new Job(id, kind, args, attempt, scheduledAt);
  }
}
