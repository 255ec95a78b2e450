package dev.retryowner.jobs.postgres;

import java.util.SplittableRandom;

/**
 * Which attempts fail, decided by (job id, attempt) alone, so a worker process injects the
 * failures and a test computes, per job, the attempt count its policy implies.
 */
final class FaultPlan {
  private final int failurePercent;

  FaultPlan(int failurePercent) {
    if (failurePercent < 0 || failurePercent > 100) {
      throw new IllegalArgumentException("a failure rate is a percentage from 0 to 100: "
          + failurePercent);
    }
    this.failurePercent = failurePercent;
  }

  /** True if attempt {@code attempt} of job {@code jobId} is to fail. */
  boolean fails(long jobId, int attempt) {
    return new SplittableRandom(jobId * 1_000_003L + attempt).nextInt(100) < failurePercent;
  }

  /** How many attempts job {@code jobId} gets under at most {@code maxAttempts}. */
  int attempts(long jobId, int maxAttempts) {
    int attempt = 1;
    while (attempt < maxAttempts && fails(jobId, attempt)) {
      attempt++;
    }
    return attempt;
  }

  /** True if job {@code jobId} ends completed under at most {@code maxAttempts}. */
  boolean completes(long jobId, int maxAttempts) {
    return !fails(jobId, attempts(jobId, maxAttempts));
  }
}
