package dev.retryowner.jobs;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Where jobs live: the durable, queryable log of the job layer. {@link InMemoryJobStore} is the
 * embedded default; a database store implements the same contract, which {@code
 * JobStoreConformanceTest} (in this module's test jar) states as tests.
 *
 * <p>Every method is one atomic step; implementations are safe for use by many threads (and, for
 * a database, many processes). Transitions out of {@link JobState#RUNNING} take the run's {@link
 * Lease} and return empty, changing nothing, when that run no longer holds the job (it was
 * rescued, cancelled, or already moved on) — in SQL, {@code UPDATE … WHERE id = ? AND state =
 * 'running' AND runs = ? RETURNING *}.
 */
public interface JobStore {
  /**
   * Inserts {@code job} as {@link JobState#PENDING} with a new id. With a uniqueness key, does
   * nothing if a live job (pending, running, retryable, snoozed) has the same key, and returns
   * that job's id.
   */
  InsertResult insert(NewJob job);

  /**
   * Claims up to {@code limit} claimable jobs of {@code queue} due at {@code now} (scheduled at or
   * before it), earliest due first, then lowest id: each becomes {@link JobState#RUNNING} with
   * {@code attempt} and {@code runs} raised by one, {@code attemptedAt = now} and a lease until
   * {@code leaseExpiresAt}. No job is handed to two claims. In SQL, {@code FOR UPDATE SKIP LOCKED}.
   */
  List<JobRecord> claim(String queue, Instant now, int limit, Instant leaseExpiresAt);

  /**
   * The heartbeat of a running job: its lease now expires at {@code until}, so {@link
   * #expiredLeases} does not offer it before then. Empty, changing nothing, when that run no
   * longer holds the job (it was rescued, cancelled or has finished).
   */
  Optional<JobRecord> extendLease(Lease lease, Instant until);

  /**
   * Gives back a job claimed but never started (its runtime stopped first): running → claimable
   * again, due as before, the attempt the claim counted given back ({@code attempt} lowered by
   * one) and the lease ended; {@link JobState#PENDING} if it has no attempt left counted, else
   * {@link JobState#RETRYABLE}. {@code runs} stays raised, so the released lease holds nothing.
   */
  Optional<JobRecord> release(Lease lease);

  /** Running → {@link JobState#COMPLETED}, finalized at {@code now}. */
  Optional<JobRecord> complete(Lease lease, Instant now);

  /**
   * {@link #complete} for many jobs at once, each guarded by its own lease, all finalized at
   * {@code now}; returns the leases that completed their job (one that no longer holds its job is
   * left out). Unlike {@link #complete} it returns no rows, which a caller that still has the
   * claimed jobs does not need. A store may write them in one step; by default, one {@link
   * #complete} each.
   */
  default List<Lease> completeAll(List<Lease> leases, Instant now) {
    List<Lease> completed = new ArrayList<>();
    for (Lease lease : leases) {
      if (complete(lease, now).isPresent()) {
        completed.add(lease);
      }
    }
    return completed;
  }

  /** Running → {@link JobState#RETRYABLE}, due at {@code retryAt}, with {@code error} appended. */
  Optional<JobRecord> retry(Lease lease, AttemptError error, Instant retryAt);

  /**
   * Running → {@link JobState#SNOOZED}, due at {@code until}; the attempt is given back ({@code
   * attempt} lowered by one) and {@code snoozes} raised by one.
   */
  Optional<JobRecord> snooze(Lease lease, Instant until);

  /** Running → {@link JobState#DISCARDED}, finalized at {@code now}, with {@code error} appended. */
  Optional<JobRecord> discard(Lease lease, AttemptError error, Instant now);

  /**
   * Any live state → {@link JobState#CANCELLED}, finalized at {@code now}; a running job's lease
   * stops holding it. Empty when the job does not exist or is already final.
   */
  Optional<JobRecord> cancel(long id, Instant now);

  /**
   * Discarded → {@link JobState#PENDING}, due at {@code now}, errors kept; an exhausted job gets
   * one more attempt ({@code maxAttempts = attempt + 1}). Empty when the job is not discarded, or a
   * live job holds its uniqueness key.
   */
  Optional<JobRecord> retryDiscarded(long id, Instant now);

  /**
   * Up to {@code limit} running jobs of {@code queue} whose lease expired at {@code now}, oldest
   * lease first. Reading them changes nothing: the caller rescues each with {@link #retry} or
   * {@link #discard} under its {@link JobRecord#lease()}, so two rescuers cannot both succeed.
   */
  List<JobRecord> expiredLeases(String queue, Instant now, int limit);

  /** The job {@code id}, if it exists. */
  Optional<JobRecord> get(long id);

  /** The jobs {@code filter} selects, newest (highest id) first, at most its limit. */
  List<JobRecord> list(JobFilter filter);

  /** Per kind that has jobs: counts by state and the most recent error, sorted by kind name. */
  List<KindOverview> overview();

  /**
   * Calls {@code queueWithNewJob} with a queue's name when a job was inserted on it, also by
   * another process sharing the store, so that idle workers claim at once. A signal may be lost:
   * the runtime still polls, so a lost one only delays. The default signals nothing, which suits
   * a store only this runtime writes to (its enqueue wakes the queue itself).
   *
   * @return the subscription; closing it stops the calls
   */
  default Subscription onInsert(Consumer<String> queueWithNewJob) {
    return () -> {};
  }

  /** A subscription to a store's signals; closing it stops them. */
  @FunctionalInterface
  interface Subscription extends AutoCloseable {
    @Override
    void close();
  }
}
