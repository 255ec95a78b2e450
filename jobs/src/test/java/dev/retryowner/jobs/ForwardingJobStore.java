package dev.retryowner.jobs;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/** A store that forwards every call to another: tests override the calls they watch or break. */
class ForwardingJobStore implements JobStore {
  private final JobStore store;

  ForwardingJobStore(JobStore store) {
    this.store = store;
  }

  @Override
  public InsertResult insert(NewJob job) {
    return store.insert(job);
  }

  @Override
  public List<JobRecord> claim(String queue, Instant now, int limit, Instant leaseExpiresAt) {
    return store.claim(queue, now, limit, leaseExpiresAt);
  }

  @Override
  public Optional<JobRecord> release(Lease lease) {
    return store.release(lease);
  }

  @Override
  public Optional<JobRecord> extendLease(Lease lease, Instant until) {
    return store.extendLease(lease, until);
  }

  @Override
  public Optional<JobRecord> complete(Lease lease, Instant now) {
    return store.complete(lease, now);
  }

  @Override
  public Optional<JobRecord> retry(Lease lease, AttemptError error, Instant retryAt) {
    return store.retry(lease, error, retryAt);
  }

  @Override
  public Optional<JobRecord> snooze(Lease lease, Instant until) {
    return store.snooze(lease, until);
  }

  @Override
  public Optional<JobRecord> discard(Lease lease, AttemptError error, Instant now) {
    return store.discard(lease, error, now);
  }

  @Override
  public Optional<JobRecord> cancel(long id, Instant now) {
    return store.cancel(id, now);
  }

  @Override
  public Optional<JobRecord> retryDiscarded(long id, Instant now) {
    return store.retryDiscarded(id, now);
  }

  @Override
  public List<JobRecord> expiredLeases(String queue, Instant now, int limit) {
    return store.expiredLeases(queue, now, limit);
  }

  @Override
  public Optional<JobRecord> get(long id) {
    return store.get(id);
  }

  @Override
  public List<JobRecord> list(JobFilter filter) {
    return store.list(filter);
  }

  @Override
  public List<KindOverview> overview() {
    return store.overview();
  }

  @Override
  public Subscription onInsert(Consumer<String> queueWithNewJob) {
    return store.onInsert(queueWithNewJob);
  }
}
