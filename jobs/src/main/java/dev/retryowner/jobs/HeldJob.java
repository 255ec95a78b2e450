package dev.retryowner.jobs;

import java.time.Instant;

/**
 * A job claimed by this runtime that no worker has started yet, with its lease as the heartbeat
 * keeps it: a job waiting in a queue's local queue stays held until a worker takes it.
 */
final class HeldJob {
  private final JobRecord job;
  private volatile Instant leaseExpiresAt;

  HeldJob(JobRecord job) {
    this.job = job;
    this.leaseExpiresAt = job.leaseExpiresAt();
  }

  JobRecord job() {
    return job;
  }

  /** Until when the store holds the job, as far as this runtime knows. */
  Instant leaseExpiresAt() {
    return leaseExpiresAt;
  }

  /** A heartbeat extended the lease to {@code until}. */
  void leaseExtended(Instant until) {
    leaseExpiresAt = until;
  }
}
