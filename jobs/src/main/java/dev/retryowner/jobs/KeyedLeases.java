package dev.retryowner.jobs;

import java.time.Instant;
import java.util.Objects;

/**
 * Expiring leases on keys, shared by every runtime that uses the same implementation: at most one
 * holder per key at a time, e.g. one delivery per webhook endpoint across all worker processes. A
 * lease ends when its holder releases it or when it expires, so a holder that died frees the key
 * by itself. {@link InMemoryKeyedLeases} serves one process; a database implementation serves many.
 *
 * <p>A handler that cannot get its key snoozes briefly ({@link Snooze#after}) and tries again; it
 * never waits for the key inside the attempt.
 *
 * <p>The behaviour is the abstract {@code KeyedLeasesConformanceTest} in this module's test jar.
 */
public interface KeyedLeases {
  /**
   * Takes or extends the lease on {@code key} for {@code holder} until {@code until}: succeeds
   * when nobody holds the key, its lease expired at {@code now}, or {@code holder} holds it
   * already (the lease then lasts until {@code until}).
   *
   * @return true if {@code holder} holds {@code key} until {@code until}; false if another holder
   *     does, changing nothing
   * @throws IllegalArgumentException if {@code until} is not after {@code now}
   */
  boolean tryAcquire(String key, String holder, Instant now, Instant until);

  /**
   * Ends {@code holder}'s lease on {@code key}.
   *
   * @return true if {@code holder} held it; false (changing nothing) if the key is free or held by
   *     another holder, e.g. after this holder's lease expired and someone else took it
   */
  boolean release(String key, String holder);

  /**
   * The argument checks every implementation makes in {@link #tryAcquire}, so that all of them
   * refuse the same input with the same message.
   */
  static void requireValidAcquire(String key, String holder, Instant now, Instant until) {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(holder, "holder");
    Objects.requireNonNull(now, "now");
    Objects.requireNonNull(until, "until");
    if (!until.isAfter(now)) {
      throw new IllegalArgumentException("the lease on " + key + " must end after now (" + now
          + "), but until is " + until + "; pass now plus the lease's duration");
    }
  }
}
