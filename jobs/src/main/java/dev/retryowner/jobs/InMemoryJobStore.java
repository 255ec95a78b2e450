package dev.retryowner.jobs;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.UnaryOperator;

/**
 * The embedded {@link JobStore}: jobs in memory, lost when the process ends. Thread-safe: every
 * method holds one lock, so each is atomic. Claims and lease scans use per-queue indexes ordered by
 * due time and lease expiry.
 */
public final class InMemoryJobStore implements JobStore {
  private final TreeMap<Long, JobRecord> jobs = new TreeMap<>();
  private final Map<String, NavigableSet<TimedId>> claimableByQueue = new HashMap<>();
  private final Map<String, NavigableSet<TimedId>> runningByQueue = new HashMap<>();
  private final Map<String, Long> liveIdByUniqueKey = new HashMap<>();
  private long lastId;

  /** A job id ordered by a time: due time for claimable jobs, lease expiry for running ones. */
  private record TimedId(Instant at, long id) implements Comparable<TimedId> {
    private static final Comparator<TimedId> ORDER =
        Comparator.comparing(TimedId::at).thenComparingLong(TimedId::id);

    @Override
    public int compareTo(TimedId other) {
      return ORDER.compare(this, other);
    }
  }

  @Override
  public synchronized InsertResult insert(NewJob job) {
    Objects.requireNonNull(job, "job");
    if (job.uniqueKey() != null) {
      Long live = liveIdByUniqueKey.get(job.uniqueKey());
      if (live != null) {
        return new InsertResult(live, false);
      }
    }
    long id = ++lastId;
    put(new JobRecord(id, job.kind(), job.queue(), job.args(), JobState.PENDING, 0,
        job.maxAttempts(), 0, 0, job.createdAt(), job.scheduledAt(), null, null, null,
        job.uniqueKey(), List.of()));
    return new InsertResult(id, true);
  }

  @Override
  public synchronized List<JobRecord> claim(
      String queue, Instant now, int limit, Instant leaseExpiresAt) {
    requirePositive(limit);
    List<JobRecord> claimed = new ArrayList<>();
    Iterator<TimedId> due = indexOf(claimableByQueue, queue).iterator();
    List<Long> ids = new ArrayList<>();
    while (due.hasNext() && ids.size() < limit) {
      TimedId next = due.next();
      if (next.at().isAfter(now)) {
        break;
      }
      ids.add(next.id());
    }
    for (long id : ids) {
      JobRecord job = jobs.get(id);
      claimed.add(replace(job, new Draft(job).running(now, leaseExpiresAt)));
    }
    return claimed;
  }

  @Override
  public synchronized Optional<JobRecord> extendLease(Lease lease, Instant until) {
    Objects.requireNonNull(until, "until");
    return transitionRunning(lease, draft -> draft.leasedUntil(until));
  }

  @Override
  public synchronized Optional<JobRecord> release(Lease lease) {
    return transitionRunning(lease, Draft::released);
  }

  @Override
  public synchronized Optional<JobRecord> complete(Lease lease, Instant now) {
    return transitionRunning(lease, draft -> draft.finalized(JobState.COMPLETED, now));
  }

  @Override
  public synchronized Optional<JobRecord> retry(Lease lease, AttemptError error, Instant retryAt) {
    return transitionRunning(lease, draft -> draft.failed(error).due(JobState.RETRYABLE, retryAt));
  }

  @Override
  public synchronized Optional<JobRecord> snooze(Lease lease, Instant until) {
    return transitionRunning(lease, draft -> draft.snoozed().due(JobState.SNOOZED, until));
  }

  @Override
  public synchronized Optional<JobRecord> discard(Lease lease, AttemptError error, Instant now) {
    return transitionRunning(
        lease, draft -> draft.failed(error).finalized(JobState.DISCARDED, now));
  }

  @Override
  public synchronized Optional<JobRecord> cancel(long id, Instant now) {
    JobRecord job = jobs.get(id);
    if (job == null || !job.state().isLive()) {
      return Optional.empty();
    }
    return Optional.of(replace(job, new Draft(job).finalized(JobState.CANCELLED, now)));
  }

  @Override
  public synchronized Optional<JobRecord> retryDiscarded(long id, Instant now) {
    JobRecord job = jobs.get(id);
    if (job == null || job.state() != JobState.DISCARDED
        || (job.uniqueKey() != null && liveIdByUniqueKey.containsKey(job.uniqueKey()))) {
      return Optional.empty();
    }
    return Optional.of(replace(job, new Draft(job).revived(now)));
  }

  @Override
  public synchronized List<JobRecord> expiredLeases(String queue, Instant now, int limit) {
    requirePositive(limit);
    List<JobRecord> expired = new ArrayList<>();
    for (TimedId running : indexOf(runningByQueue, queue)) {
      if (expired.size() == limit || running.at().isAfter(now)) {
        break;
      }
      expired.add(jobs.get(running.id()));
    }
    return expired;
  }

  @Override
  public synchronized Optional<JobRecord> get(long id) {
    return Optional.ofNullable(jobs.get(id));
  }

  @Override
  public synchronized List<JobRecord> list(JobFilter filter) {
    List<JobRecord> selected = new ArrayList<>();
    for (JobRecord job : jobs.descendingMap().values()) {
      if (selected.size() == filter.limit()) {
        break;
      }
      if (filter.matches(job)) {
        selected.add(job);
      }
    }
    return selected;
  }

  @Override
  public synchronized List<KindOverview> overview() {
    Map<String, Map<JobState, Long>> counts = new TreeMap<>();
    Map<String, AttemptError> lastErrors = new HashMap<>();
    for (JobRecord job : jobs.values()) {
      counts.computeIfAbsent(job.kind(), kind -> new EnumMap<>(JobState.class))
          .merge(job.state(), 1L, Long::sum);
      if (!job.errors().isEmpty()) {
        AttemptError latest = job.errors().get(job.errors().size() - 1);
        lastErrors.merge(job.kind(), latest,
            (kept, candidate) -> candidate.at().isBefore(kept.at()) ? kept : candidate);
      }
    }
    List<KindOverview> overview = new ArrayList<>();
    counts.forEach((kind, byState) ->
        overview.add(new KindOverview(kind, byState, Optional.ofNullable(lastErrors.get(kind)))));
    return overview;
  }

  private Optional<JobRecord> transitionRunning(Lease lease, UnaryOperator<Draft> change) {
    JobRecord job = jobs.get(lease.jobId());
    if (job == null || job.state() != JobState.RUNNING || job.runs() != lease.run()) {
      return Optional.empty();
    }
    return Optional.of(replace(job, change.apply(new Draft(job)).toRecord()));
  }

  private JobRecord replace(JobRecord old, Draft draft) {
    return replace(old, draft.toRecord());
  }

  private JobRecord replace(JobRecord old, JobRecord updated) {
    unindex(old);
    put(updated);
    return updated;
  }

  private void put(JobRecord job) {
    jobs.put(job.id(), job);
    if (job.state().isClaimable()) {
      indexOf(claimableByQueue, job.queue()).add(new TimedId(job.scheduledAt(), job.id()));
    }
    if (job.state() == JobState.RUNNING) {
      indexOf(runningByQueue, job.queue()).add(new TimedId(job.leaseExpiresAt(), job.id()));
    }
    if (job.uniqueKey() != null && job.state().isLive()) {
      liveIdByUniqueKey.put(job.uniqueKey(), job.id());
    }
  }

  private void unindex(JobRecord job) {
    indexOf(claimableByQueue, job.queue()).remove(new TimedId(job.scheduledAt(), job.id()));
    if (job.leaseExpiresAt() != null) {
      indexOf(runningByQueue, job.queue()).remove(new TimedId(job.leaseExpiresAt(), job.id()));
    }
    if (job.uniqueKey() != null) {
      liveIdByUniqueKey.remove(job.uniqueKey(), job.id());
    }
  }

  private static NavigableSet<TimedId> indexOf(
      Map<String, NavigableSet<TimedId>> index, String queue) {
    return index.computeIfAbsent(queue, q -> new TreeSet<>());
  }

  private static void requirePositive(int limit) {
    if (limit < 1) {
      throw new IllegalArgumentException("the batch limit must be at least 1: " + limit);
    }
  }

  /** A mutable copy of a record, for one transition. */
  private static final class Draft {
    private final JobRecord from;
    private JobState state;
    private int attempt;
    private int maxAttempts;
    private int snoozes;
    private int runs;
    private Instant scheduledAt;
    private Instant attemptedAt;
    private Instant finalizedAt;
    private Instant leaseExpiresAt;
    private final List<AttemptError> errors;

    Draft(JobRecord from) {
      this.from = from;
      this.state = from.state();
      this.attempt = from.attempt();
      this.maxAttempts = from.maxAttempts();
      this.snoozes = from.snoozes();
      this.runs = from.runs();
      this.scheduledAt = from.scheduledAt();
      this.attemptedAt = from.attemptedAt();
      this.finalizedAt = from.finalizedAt();
      this.leaseExpiresAt = from.leaseExpiresAt();
      this.errors = new ArrayList<>(from.errors());
    }

    Draft running(Instant now, Instant leaseUntil) {
      state = JobState.RUNNING;
      attempt++;
      runs++;
      attemptedAt = now;
      leaseExpiresAt = leaseUntil;
      return this;
    }

    Draft released() {
      attempt--;
      return due(attempt == 0 ? JobState.PENDING : JobState.RETRYABLE, scheduledAt);
    }

    Draft leasedUntil(Instant until) {
      leaseExpiresAt = until;
      return this;
    }

    Draft failed(AttemptError error) {
      errors.add(error);
      return this;
    }

    Draft snoozed() {
      attempt--;
      snoozes++;
      return this;
    }

    Draft due(JobState claimable, Instant at) {
      state = claimable;
      scheduledAt = at;
      leaseExpiresAt = null;
      return this;
    }

    Draft finalized(JobState end, Instant now) {
      state = end;
      finalizedAt = now;
      leaseExpiresAt = null;
      return this;
    }

    Draft revived(Instant now) {
      maxAttempts = Math.max(maxAttempts, attempt + 1);
      finalizedAt = null;
      return due(JobState.PENDING, now);
    }

    JobRecord toRecord() {
      return new JobRecord(from.id(), from.kind(), from.queue(), from.args(), state, attempt,
          maxAttempts, snoozes, runs, from.createdAt(), scheduledAt, attemptedAt, finalizedAt,
          leaseExpiresAt, from.uniqueKey(), errors);
    }
  }
}
