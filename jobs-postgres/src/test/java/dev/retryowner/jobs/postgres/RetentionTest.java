package dev.retryowner.jobs.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.retryowner.jobs.AttemptError;
import dev.retryowner.jobs.JobFilter;
import dev.retryowner.jobs.JobRecord;
import dev.retryowner.jobs.NewJob;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RetentionTest {
  private static final Instant T0 = Instant.parse("2026-11-30T08:00:00Z");
  private static final Duration LEASE = Duration.ofMinutes(5);

  private final PostgresJobStore store = PostgresJobStore.open(EmbeddedPostgresServer.newDatabase());

  private long insert() {
    return store.insert(new NewJob("a", "default", Map.of(), 3, T0, T0, null)).id();
  }

  private JobRecord claim() {
    return store.claim("default", T0, 1, T0.plus(LEASE)).get(0);
  }

  @Test
  void finishedJobsOlderThanTheirStatesRetentionAreDeletedWithTheirErrors() {
    long completed = insert();
    store.complete(claim().lease(), T0);
    long discarded = insert();
    JobRecord running = claim();
    store.discard(running.lease(), AttemptError.of(1, T0, AttemptError.Type.DISCARD, "410"), T0);
    long cancelled = insert();
    store.cancel(cancelled, T0);
    long pending = insert();
    Instant twoDaysLater = T0.plus(Duration.ofDays(2));

    assertThat(store.prune(Retention.defaults(), twoDaysLater, 100)).isEqualTo(2);

    assertThat(store.list(JobFilter.all())).extracting(JobRecord::id)
        .containsExactly(pending, discarded);
    assertThat(store.get(completed)).isEmpty();
    assertThat(store.prune(Retention.defaults(), T0.plus(Duration.ofDays(8)), 100)).isEqualTo(1);
    assertThat(store.list(JobFilter.all())).extracting(JobRecord::id).containsExactly(pending);
  }

  @Test
  void jobsWithinTheirRetentionAndLiveJobsStay() {
    store.complete(claimAfterInsert().lease(), T0);
    long running = claimAfterInsert().id();

    assertThat(store.prune(Retention.defaults(), T0.plus(Duration.ofHours(23)), 100)).isZero();
    assertThat(store.prune(new Retention(Duration.ZERO, Duration.ZERO, Duration.ZERO),
        T0.plus(Duration.ofDays(30)), 100)).isEqualTo(1);
    assertThat(store.list(JobFilter.all())).extracting(JobRecord::id).containsExactly(running);
  }

  @Test
  void pruneDeletesAtMostItsLimitOldestFirst() {
    for (int i = 0; i < 3; i++) {
      insert();
    }
    List<JobRecord> running = store.claim("default", T0, 3, T0.plus(LEASE));
    store.complete(running.get(2).lease(), T0);
    store.complete(running.get(0).lease(), T0.plusSeconds(1));
    store.complete(running.get(1).lease(), T0.plusSeconds(2));

    assertThat(store.prune(Retention.defaults(), T0.plus(Duration.ofDays(2)), 2)).isEqualTo(2);
    assertThat(store.list(JobFilter.all())).extracting(JobRecord::id)
        .containsExactly(running.get(1).id());
  }

  @Test
  void aNegativeRetentionIsRejected() {
    assertThatThrownBy(() -> new Retention(Duration.ofDays(1), Duration.ofSeconds(-1),
        Duration.ofDays(1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the retention of cancelled jobs must not be negative: PT-1S");
  }

  private JobRecord claimAfterInsert() {
    insert();
    return claim();
  }
}
