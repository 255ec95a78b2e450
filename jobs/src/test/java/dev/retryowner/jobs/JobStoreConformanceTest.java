package dev.retryowner.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.groups.Tuple.tuple;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The behaviour every {@link JobStore} must have. A store's test extends this class and says how
 * to make an empty store; the suite runs unchanged against each (in-memory, PostgreSQL).
 */
public abstract class JobStoreConformanceTest {
  protected static final Instant T0 = Instant.parse("2026-11-30T08:00:00Z");
  private static final Instant LEASE = T0.plus(Duration.ofMinutes(5));

  private JobStore store;

  /** A new, empty store. */
  protected abstract JobStore newStore();

  @BeforeEach
  void createStore() {
    store = newStore();
  }

  private long insert(String kind, String queue, Map<String, String> args, Instant due) {
    return store.insert(new NewJob(kind, queue, args, 3, T0, due, null)).id();
  }

  private long insert(String kind, Instant due) {
    return insert(kind, "default", Map.of(), due);
  }

  /** Inserts a job of kind "a" due at {@code due} and returns {@code due}, to claim it then. */
  private Instant insertAndReturn(Instant due) {
    insert("a", due);
    return due;
  }

  private InsertResult insertUnique(String kind, Map<String, String> args) {
    return store.insert(new NewJob(kind, "default", args, 3, T0, T0,
        NewJob.uniqueKey(kind, args)));
  }

  private JobRecord claimOne(Instant now) {
    List<JobRecord> claimed = store.claim("default", now, 1, now.plus(Duration.ofMinutes(5)));
    assertThat(claimed).hasSize(1);
    return claimed.get(0);
  }

  private static AttemptError error(JobRecord job, Instant at, String message) {
    return AttemptError.of(job.attempt(), at, AttemptError.Type.FAILURE, message);
  }

  private JobRecord stored(long id) {
    return store.get(id).orElseThrow();
  }

  @Test
  void insertAssignsIncreasingIdsAndStartsPending() {
    long first = insert("a", T0);
    long second = store.insert(new NewJob("b", "mail", Map.of("to", "x@y"), 8, T0,
        T0.plusSeconds(60), null)).id();

    assertThat(second).isGreaterThan(first);
    JobRecord job = stored(second);
    assertThat(job.kind()).isEqualTo("b");
    assertThat(job.queue()).isEqualTo("mail");
    assertThat(job.args()).isEqualTo(Map.of("to", "x@y"));
    assertThat(job.state()).isEqualTo(JobState.PENDING);
    assertThat(job.attempt()).isZero();
    assertThat(job.maxAttempts()).isEqualTo(8);
    assertThat(job.snoozes()).isZero();
    assertThat(job.runs()).isZero();
    assertThat(job.createdAt()).isEqualTo(T0);
    assertThat(job.scheduledAt()).isEqualTo(T0.plusSeconds(60));
    assertThat(job.attemptedAt()).isNull();
    assertThat(job.finalizedAt()).isNull();
    assertThat(job.leaseExpiresAt()).isNull();
    assertThat(job.uniqueKey()).isNull();
    assertThat(job.errors()).isEmpty();
  }

  @Test
  void aUniqueInsertReturnsTheLiveJobWithTheSameKey() {
    InsertResult first = insertUnique("index", Map.of("doc", "1"));
    InsertResult again = insertUnique("index", Map.of("doc", "1"));

    assertThat(first.inserted()).isTrue();
    assertThat(again).isEqualTo(new InsertResult(first.id(), false));
    claimOne(T0);
    assertThat(insertUnique("index", Map.of("doc", "1"))).isEqualTo(again);
  }

  @Test
  void aUniqueKeyDoesNotHoldOtherArgumentsKindsOrKeylessInserts() {
    long first = insertUnique("index", Map.of("doc", "1")).id();

    assertThat(insertUnique("index", Map.of("doc", "2")).inserted()).isTrue();
    assertThat(insertUnique("reindex", Map.of("doc", "1")).inserted()).isTrue();
    assertThat(insert("index", "default", Map.of("doc", "1"), T0)).isNotEqualTo(first);
  }

  @Test
  void aFinishedJobFreesItsUniqueKey() {
    long completed = insertUnique("index", Map.of("doc", "1")).id();
    store.complete(claimOne(T0).lease(), T0);
    InsertResult afterComplete = insertUnique("index", Map.of("doc", "1"));
    store.cancel(afterComplete.id(), T0);
    InsertResult afterCancel = insertUnique("index", Map.of("doc", "1"));

    assertThat(afterComplete.inserted()).isTrue();
    assertThat(afterComplete.id()).isNotEqualTo(completed);
    assertThat(afterCancel.inserted()).isTrue();
    assertThat(afterCancel.id()).isNotEqualTo(afterComplete.id());
  }

  @Test
  void claimTakesOnlyDueJobsOfItsQueue() {
    long due = insert("a", T0);
    insert("a", T0.plusSeconds(1));
    insert("a", "other", Map.of(), T0);

    List<JobRecord> claimed = store.claim("default", T0, 10, LEASE);

    assertThat(claimed).extracting(JobRecord::id).containsExactly(due);
    assertThat(store.claim("default", T0, 10, LEASE)).isEmpty();
    assertThat(store.claim("nobody-uses-this-queue", T0, 10, LEASE)).isEmpty();
  }

  @Test
  void claimTakesTheEarliestDueFirstThenTheLowestIdAndAtMostTheLimit() {
    long late = insert("a", T0.minusSeconds(1));
    long earliest = insert("a", T0.minusSeconds(30));
    long lateToo = insert("a", T0.minusSeconds(1));

    assertThat(store.claim("default", T0, 2, LEASE)).extracting(JobRecord::id)
        .containsExactly(earliest, late);
    assertThat(store.claim("default", T0, 2, LEASE)).extracting(JobRecord::id)
        .containsExactly(lateToo);
  }

  @Test
  void aClaimMakesTheJobRunningWithItsNextAttemptAndALease() {
    long id = insert("a", T0);
    Instant now = T0.plusSeconds(5);

    JobRecord claimed = store.claim("default", now, 1, LEASE).get(0);

    assertThat(claimed.id()).isEqualTo(id);
    assertThat(claimed.state()).isEqualTo(JobState.RUNNING);
    assertThat(claimed.attempt()).isEqualTo(1);
    assertThat(claimed.runs()).isEqualTo(1);
    assertThat(claimed.attemptedAt()).isEqualTo(now);
    assertThat(claimed.leaseExpiresAt()).isEqualTo(LEASE);
    assertThat(claimed.lease()).isEqualTo(new Lease(id, 1));
    assertThat(stored(id)).isEqualTo(claimed);
  }

  @Test
  void aBatchLimitBelowOneIsRejected() {
    assertThatThrownBy(() -> store.claim("default", T0, 0, LEASE))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void concurrentClaimsNeverHandOutAJobTwice() throws Exception {
    int jobCount = 400;
    for (int i = 0; i < jobCount; i++) {
      insert("a", T0);
    }
    int claimers = 8;
    ExecutorService pool = Executors.newFixedThreadPool(claimers);
    CountDownLatch start = new CountDownLatch(1);
    try {
      List<Future<List<Long>>> results = new ArrayList<>();
      for (int i = 0; i < claimers; i++) {
        results.add(pool.submit(() -> {
          start.await();
          List<Long> mine = new ArrayList<>();
          List<JobRecord> batch;
          while (!(batch = store.claim("default", T0, 7, LEASE)).isEmpty()) {
            batch.forEach(job -> mine.add(job.id()));
          }
          return mine;
        }));
      }
      start.countDown();
      List<Long> all = new ArrayList<>();
      for (Future<List<Long>> result : results) {
        all.addAll(result.get());
      }
      assertThat(all).hasSize(jobCount).doesNotHaveDuplicates();
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void concurrentCompletionsEachGetTheirOwnJobAndAStaleLeaseNone() throws Exception {
    int jobCount = 240;
    for (int i = 0; i < jobCount; i++) {
      insert("a", T0);
    }
    List<JobRecord> running = store.claim("default", T0, jobCount, LEASE);
    assertThat(running).hasSize(jobCount);
    JobRecord stale = running.get(17);
    store.complete(stale.lease(), T0);
    int completers = 12;
    ExecutorService pool = Executors.newFixedThreadPool(completers);
    CountDownLatch start = new CountDownLatch(1);
    try {
      List<Future<List<String>>> results = new ArrayList<>();
      for (int i = 0; i < completers; i++) {
        int first = i;
        results.add(pool.submit(() -> {
          start.await();
          List<String> mine = new ArrayList<>();
          for (int j = first; j < jobCount; j += completers) {
            JobRecord job = running.get(j);
            Instant at = T0.plusMillis(j);
            mine.add(job.id() + " " + store.complete(job.lease(), at)
                .map(done -> done.id() + " " + done.state() + " " + done.finalizedAt())
                .orElse("stale"));
          }
          return mine;
        }));
      }
      start.countDown();
      List<String> all = new ArrayList<>();
      for (Future<List<String>> result : results) {
        all.addAll(result.get());
      }
      List<String> expected = new ArrayList<>();
      for (int j = 0; j < jobCount; j++) {
        long id = running.get(j).id();
        expected.add(j == 17 ? id + " stale"
            : id + " " + id + " " + JobState.COMPLETED + " " + T0.plusMillis(j));
      }
      assertThat(all).as("each caller's own job, completed at its own time")
          .containsExactlyInAnyOrderElementsOf(expected);
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void completeFinalizesTheRunAndAStaleLeaseChangesNothing() {
    JobRecord running = claimOne(insertAndReturn(T0));
    Instant now = T0.plusSeconds(3);

    JobRecord completed = store.complete(running.lease(), now).orElseThrow();

    assertThat(completed.state()).isEqualTo(JobState.COMPLETED);
    assertThat(completed.finalizedAt()).isEqualTo(now);
    assertThat(completed.leaseExpiresAt()).isNull();
    assertThat(store.complete(running.lease(), now)).isEmpty();
    assertThat(store.discard(running.lease(), error(running, now, "late"), now)).isEmpty();
    assertThat(stored(running.id())).isEqualTo(completed);
  }

  @Test
  void retryKeepsTheErrorAndMakesTheJobDueAtTheRetryTimeOnly() {
    long id = insert("a", T0);
    JobRecord first = claimOne(T0);
    Instant retryAt = T0.plusSeconds(10);

    JobRecord retryable = store.retry(first.lease(), error(first, T0, "boom 1"), retryAt)
        .orElseThrow();

    assertThat(retryable.state()).isEqualTo(JobState.RETRYABLE);
    assertThat(retryable.scheduledAt()).isEqualTo(retryAt);
    assertThat(retryable.attempt()).isEqualTo(1);
    assertThat(retryable.leaseExpiresAt()).isNull();
    assertThat(retryable.errors()).extracting(AttemptError::error).containsExactly("boom 1");
    assertThat(store.claim("default", retryAt.minusMillis(1), 1, LEASE)).isEmpty();

    JobRecord second = claimOne(retryAt);
    store.retry(second.lease(), error(second, retryAt, "boom 2"), retryAt.plusSeconds(20));

    JobRecord twice = stored(id);
    assertThat(second.attempt()).isEqualTo(2);
    assertThat(twice.errors()).extracting(AttemptError::attempt, AttemptError::error)
        .containsExactly(tuple(1, "boom 1"),
            tuple(2, "boom 2"));
  }

  @Test
  void snoozeGivesTheAttemptBackAndRecordsNoError() {
    long id = insert("a", T0);
    JobRecord first = claimOne(T0);
    Instant until = T0.plus(Duration.ofMinutes(2));

    JobRecord snoozed = store.snooze(first.lease(), until).orElseThrow();

    assertThat(snoozed.state()).isEqualTo(JobState.SNOOZED);
    assertThat(snoozed.attempt()).isZero();
    assertThat(snoozed.snoozes()).isEqualTo(1);
    assertThat(snoozed.scheduledAt()).isEqualTo(until);
    assertThat(snoozed.errors()).isEmpty();
    assertThat(store.claim("default", until.minusMillis(1), 1, LEASE)).isEmpty();
    JobRecord again = claimOne(until);
    assertThat(again.id()).isEqualTo(id);
    assertThat(again.attempt()).isEqualTo(1);
    assertThat(again.runs()).isEqualTo(2);
  }

  @Test
  void discardFinalizesWithTheError() {
    JobRecord running = claimOne(insertAndReturn(T0));
    Instant now = T0.plusSeconds(1);

    JobRecord discarded = store.discard(running.lease(),
        AttemptError.of(1, now, AttemptError.Type.DISCARD, "HTTP 410"), now).orElseThrow();

    assertThat(discarded.state()).isEqualTo(JobState.DISCARDED);
    assertThat(discarded.finalizedAt()).isEqualTo(now);
    assertThat(discarded.errors()).singleElement().satisfies(e -> {
      assertThat(e.type()).isEqualTo(AttemptError.Type.DISCARD);
      assertThat(e.error()).isEqualTo("HTTP 410");
    });
    assertThat(store.claim("default", now.plusSeconds(3600), 1, LEASE)).isEmpty();
  }

  @Test
  void cancelEndsALiveJobButNotAFinishedOne() {
    long pending = insert("a", T0.plusSeconds(60));
    long finished = insert("a", T0);
    store.complete(claimOne(T0).lease(), T0);

    JobRecord cancelled = store.cancel(pending, T0).orElseThrow();

    assertThat(cancelled.state()).isEqualTo(JobState.CANCELLED);
    assertThat(cancelled.finalizedAt()).isEqualTo(T0);
    assertThat(cancelled.errors()).isEmpty();
    assertThat(store.cancel(pending, T0)).isEmpty();
    assertThat(store.cancel(finished, T0)).isEmpty();
    assertThat(store.cancel(999_999, T0)).isEmpty();
    assertThat(store.claim("default", T0.plusSeconds(3600), 1, LEASE)).isEmpty();
  }

  @Test
  void cancellingARunningJobMakesItsLeaseStale() {
    JobRecord running = claimOne(insertAndReturn(T0));

    store.cancel(running.id(), T0);

    assertThat(store.complete(running.lease(), T0)).isEmpty();
    assertThat(store.retry(running.lease(), error(running, T0, "x"), T0)).isEmpty();
    assertThat(store.snooze(running.lease(), T0)).isEmpty();
    assertThat(stored(running.id()).state()).isEqualTo(JobState.CANCELLED);
    assertThat(store.expiredLeases("default", LEASE.plusSeconds(1), 10)).isEmpty();
  }

  @Test
  void retryDiscardedRevivesTheJobAtOnceKeepingItsErrorsWithOneMoreAttemptWhenExhausted() {
    long id = store.insert(new NewJob("a", "default", Map.of(), 1, T0, T0, null)).id();
    JobRecord running = claimOne(T0);
    store.discard(running.lease(), error(running, T0, "exhausted"), T0);
    Instant later = T0.plus(Duration.ofHours(1));

    JobRecord revived = store.retryDiscarded(id, later).orElseThrow();

    assertThat(revived.state()).isEqualTo(JobState.PENDING);
    assertThat(revived.scheduledAt()).isEqualTo(later);
    assertThat(revived.finalizedAt()).isNull();
    assertThat(revived.maxAttempts()).isEqualTo(2);
    assertThat(revived.errors()).extracting(AttemptError::error).containsExactly("exhausted");
    assertThat(claimOne(later).attempt()).isEqualTo(2);
  }

  @Test
  void retryDiscardedKeepsMaxAttemptsWhenAttemptsRemain() {
    long id = insert("a", T0);
    JobRecord running = claimOne(T0);
    store.discard(running.lease(), error(running, T0, "gone"), T0);

    assertThat(store.retryDiscarded(id, T0).orElseThrow().maxAttempts()).isEqualTo(3);
  }

  @Test
  void retryDiscardedRefusesJobsThatAreNotDiscarded() {
    long pending = insert("a", T0.plusSeconds(60));
    long cancelled = insert("a", T0.plusSeconds(60));
    store.cancel(cancelled, T0);

    assertThat(store.retryDiscarded(pending, T0)).isEmpty();
    assertThat(store.retryDiscarded(cancelled, T0)).isEmpty();
    assertThat(store.retryDiscarded(999_999, T0)).isEmpty();
    assertThat(stored(cancelled).state()).isEqualTo(JobState.CANCELLED);
  }

  @Test
  void retryDiscardedRefusesAJobWhoseUniqueKeyALiveJobHolds() {
    long discarded = insertUnique("index", Map.of("doc", "1")).id();
    JobRecord running = claimOne(T0);
    store.discard(running.lease(), error(running, T0, "x"), T0);
    long live = insertUnique("index", Map.of("doc", "1")).id();

    assertThat(store.retryDiscarded(discarded, T0)).isEmpty();
    store.cancel(live, T0);
    assertThat(store.retryDiscarded(discarded, T0)).isPresent();
    assertThat(insertUnique("index", Map.of("doc", "1")))
        .isEqualTo(new InsertResult(discarded, false));
  }

  @Test
  void expiredLeasesAreFoundOnlyAfterExpiryAndRescuedOnce() {
    JobRecord running = claimOne(insertAndReturn(T0));
    Instant expiry = running.leaseExpiresAt();

    assertThat(store.expiredLeases("default", expiry.minusMillis(1), 10)).isEmpty();
    assertThat(store.expiredLeases("other", expiry, 10)).isEmpty();
    List<JobRecord> expired = store.expiredLeases("default", expiry, 10);
    assertThat(expired).extracting(JobRecord::id).containsExactly(running.id());

    JobRecord stale = expired.get(0);
    AttemptError lost = AttemptError.of(1, expiry, AttemptError.Type.LEASE_EXPIRED, "lease");
    assertThat(store.retry(stale.lease(), lost, expiry)).isPresent();
    assertThat(store.retry(stale.lease(), lost, expiry)).isEmpty();
    assertThat(store.expiredLeases("default", expiry, 10)).isEmpty();

    JobRecord rerun = claimOne(expiry);
    assertThat(rerun.attempt()).isEqualTo(2);
    assertThat(store.complete(running.lease(), expiry)).as("the dead worker's lease").isEmpty();
    assertThat(store.complete(rerun.lease(), expiry)).isPresent();
  }

  @Test
  void anExtendedLeaseKeepsTheJobOutOfExpiredLeasesUntilItsNewExpiry() {
    JobRecord running = claimOne(insertAndReturn(T0));
    Instant expiry = running.leaseExpiresAt();
    Instant extended = expiry.plus(Duration.ofMinutes(5));

    JobRecord heartbeat = store.extendLease(running.lease(), extended).orElseThrow();

    assertThat(heartbeat.leaseExpiresAt()).isEqualTo(extended);
    assertThat(heartbeat.state()).isEqualTo(JobState.RUNNING);
    assertThat(heartbeat.attempt()).isEqualTo(running.attempt());
    assertThat(heartbeat.runs()).isEqualTo(running.runs());
    assertThat(stored(running.id())).isEqualTo(heartbeat);
    assertThat(store.expiredLeases("default", expiry, 10)).isEmpty();
    assertThat(store.expiredLeases("default", extended.minusMillis(1), 10)).isEmpty();
    assertThat(store.expiredLeases("default", extended, 10)).extracting(JobRecord::id)
        .containsExactly(running.id());
    assertThat(store.complete(running.lease(), extended)).as("the lease still holds").isPresent();
  }

  @Test
  void aRunThatNoLongerHoldsTheJobCannotExtendItsLease() {
    JobRecord rescued = claimOne(insertAndReturn(T0));
    Instant expiry = rescued.leaseExpiresAt();
    store.retry(rescued.lease(), AttemptError.of(1, expiry, AttemptError.Type.LEASE_EXPIRED,
        "lease"), expiry);
    JobRecord rerun = claimOne(expiry);
    JobRecord cancelled = claimOne(insertAndReturn(T0));
    store.cancel(cancelled.id(), T0);
    JobRecord completed = claimOne(insertAndReturn(T0));
    store.complete(completed.lease(), T0);
    Instant later = expiry.plus(Duration.ofHours(1));

    assertThat(store.extendLease(rescued.lease(), later)).as("the rescued run").isEmpty();
    assertThat(store.extendLease(cancelled.lease(), later)).as("the cancelled run").isEmpty();
    assertThat(store.extendLease(completed.lease(), later)).as("the finished run").isEmpty();
    assertThat(store.extendLease(new Lease(999_999, 1), later)).as("no such job").isEmpty();
    assertThat(stored(rerun.id())).isEqualTo(rerun);
    assertThat(stored(cancelled.id()).state()).isEqualTo(JobState.CANCELLED);
    assertThat(stored(cancelled.id()).leaseExpiresAt()).isNull();
    assertThat(stored(completed.id()).leaseExpiresAt()).isNull();
  }

  @Test
  void expiredLeasesComeOldestFirstUpToTheLimit() {
    insert("a", T0);
    insert("a", T0);
    JobRecord later = store.claim("default", T0, 1, T0.plusSeconds(20)).get(0);
    JobRecord sooner = store.claim("default", T0, 1, T0.plusSeconds(10)).get(0);

    assertThat(store.expiredLeases("default", T0.plusSeconds(30), 1))
        .extracting(JobRecord::id).containsExactly(sooner.id());
    assertThat(store.expiredLeases("default", T0.plusSeconds(30), 5))
        .extracting(JobRecord::id).containsExactly(sooner.id(), later.id());
  }

  @Test
  void getOfAnUnknownIdIsEmpty() {
    assertThat(store.get(424_242)).isEmpty();
  }

  @Test
  void listFiltersByKindQueueStateAndArgumentsNewestFirst() {
    long deliverA = insert("webhook.deliver", "webhooks", Map.of("endpoint", "A"), T0);
    long deliverB = insert("webhook.deliver", "webhooks", Map.of("endpoint", "B"), T0);
    long notify = insert("owner.notify", "mail", Map.of("owner", "A"), T0.plusSeconds(60));
    long deliverA2 = insert("webhook.deliver", "webhooks", Map.of("endpoint", "A"), T0);
    JobRecord running = store.claim("webhooks", T0, 1, LEASE).get(0);
    store.discard(running.lease(), error(running, T0, "HTTP 410"), T0);

    assertThat(store.list(JobFilter.all())).extracting(JobRecord::id)
        .containsExactly(deliverA2, notify, deliverB, deliverA);
    assertThat(store.list(JobFilter.all().kind("webhook.deliver"))).extracting(JobRecord::id)
        .containsExactly(deliverA2, deliverB, deliverA);
    assertThat(store.list(JobFilter.all().queue("mail"))).extracting(JobRecord::id)
        .containsExactly(notify);
    assertThat(store.list(JobFilter.all().states(JobState.DISCARDED))).extracting(JobRecord::id)
        .containsExactly(deliverA);
    assertThat(store.list(JobFilter.all().states(JobState.PENDING, JobState.DISCARDED)))
        .extracting(JobRecord::id).containsExactly(deliverA2, notify, deliverB, deliverA);
    assertThat(store.list(JobFilter.all().kind("webhook.deliver").arg("endpoint", "A")))
        .extracting(JobRecord::id).containsExactly(deliverA2, deliverA);
    assertThat(store.list(JobFilter.all().arg("endpoint", "A").states(JobState.DISCARDED)))
        .extracting(JobRecord::id).containsExactly(deliverA);
    assertThat(store.list(JobFilter.all().limit(2))).extracting(JobRecord::id)
        .containsExactly(deliverA2, notify);
    assertThat(store.list(JobFilter.all().kind("nothing"))).isEmpty();
  }

  @Test
  void overviewCountsEachKindsJobsByStateWithItsMostRecentError() {
    insert("b", T0);
    JobRecord first = claimOne(T0);
    store.retry(first.lease(), error(first, T0.plusSeconds(1), "older"), T0.plusSeconds(5));
    insert("b", T0.plusSeconds(60));
    insert("a", T0.plusSeconds(60));
    JobRecord second = claimOne(T0.plusSeconds(5));
    store.discard(second.lease(), error(second, T0.plusSeconds(7), "newest"), T0.plusSeconds(7));

    List<KindOverview> overview = store.overview();

    assertThat(overview).extracting(KindOverview::kind).containsExactly("a", "b");
    KindOverview a = overview.get(0);
    assertThat(a.counts()).isEqualTo(Map.of(JobState.PENDING, 1L));
    assertThat(a.lastError()).isEmpty();
    KindOverview b = overview.get(1);
    assertThat(b.count(JobState.DISCARDED)).isEqualTo(1);
    assertThat(b.count(JobState.PENDING)).isEqualTo(1);
    assertThat(b.count(JobState.COMPLETED)).isZero();
    assertThat(b.lastError()).map(AttemptError::error).contains("newest");
  }

  @Test
  void anEmptyStoreHasAnEmptyOverviewAndList() {
    assertThat(store.overview()).isEmpty();
    assertThat(store.list(JobFilter.all())).isEmpty();
  }

  @Test
  void everyStateIsReachable() {
    Set<JobState> seen = new HashSet<>();
    insert("a", T0.plusSeconds(3600));
    insert("a", T0);
    insert("a", T0);
    insert("a", T0);
    insert("a", T0);
    insert("a", T0);
    List<JobRecord> running = store.claim("default", T0, 5, LEASE);
    store.complete(running.get(0).lease(), T0);
    store.retry(running.get(1).lease(), error(running.get(1), T0, "x"), T0.plusSeconds(60));
    store.snooze(running.get(2).lease(), T0.plusSeconds(60));
    store.discard(running.get(3).lease(), error(running.get(3), T0, "x"), T0);
    store.cancel(running.get(4).id(), T0);
    insert("a", T0);
    store.claim("default", T0, 1, LEASE);

    store.list(JobFilter.all()).forEach(job -> seen.add(job.state()));

    assertThat(seen).containsExactlyInAnyOrder(JobState.values());
  }
}
