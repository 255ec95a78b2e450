package dev.retryowner.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link JobStore#release}, which every store must implement alike: a job claimed but never
 * started goes back to where the claim found it, no attempt spent. A store's test extends this
 * class and says how to make an empty store.
 */
public abstract class ReleaseConformanceTest {
  private static final Instant T0 = Instant.parse("2026-11-30T08:00:00Z");
  private static final Instant LEASE = T0.plus(Duration.ofMinutes(5));

  private JobStore store;

  /** A new, empty store. */
  protected abstract JobStore newStore();

  @BeforeEach
  void createStore() {
    store = newStore();
  }

  private JobRecord claimOne(Instant now) {
    return store.claim("default", now, 1, now.plus(Duration.ofMinutes(5))).get(0);
  }

  @Test
  void aReleasedJobIsPendingAgainWithNoAttemptSpentAndItsLeaseHoldsNothing() {
    long id = store.insert(new NewJob("a", "default", Map.of("n", "1"), 3, T0, T0, null)).id();
    JobRecord claimed = claimOne(T0);

    JobRecord released = store.release(claimed.lease()).orElseThrow();

    assertThat(released.id()).isEqualTo(id);
    assertThat(released.state()).isEqualTo(JobState.PENDING);
    assertThat(released.attempt()).isZero();
    assertThat(released.runs()).isEqualTo(1);
    assertThat(released.scheduledAt()).isEqualTo(T0);
    assertThat(released.leaseExpiresAt()).isNull();
    assertThat(released.errors()).isEmpty();
    assertThat(store.complete(claimed.lease(), T0)).as("the released lease").isEmpty();
    assertThat(store.release(claimed.lease())).as("released twice").isEmpty();
    JobRecord again = claimOne(T0);
    assertThat(again.id()).isEqualTo(id);
    assertThat(again.attempt()).isEqualTo(1);
  }

  @Test
  void aReleasedRetryIsRetryableAgainAtItsTimeWithItsErrorsKept() {
    store.insert(new NewJob("a", "default", Map.of(), 3, T0, T0, null));
    JobRecord first = claimOne(T0);
    Instant retryAt = T0.plusSeconds(10);
    store.retry(first.lease(), AttemptError.of(1, T0, AttemptError.Type.FAILURE, "boom"), retryAt);
    JobRecord second = claimOne(retryAt);

    JobRecord released = store.release(second.lease()).orElseThrow();

    assertThat(released.state()).isEqualTo(JobState.RETRYABLE);
    assertThat(released.attempt()).isEqualTo(1);
    assertThat(released.scheduledAt()).isEqualTo(retryAt);
    assertThat(released.errors()).extracting(AttemptError::error).containsExactly("boom");
  }

  @Test
  void onlyARunningJobInItsLeasesRunCanBeReleased() {
    store.insert(new NewJob("a", "default", Map.of(), 3, T0, T0, null));
    JobRecord claimed = store.claim("default", T0, 1, LEASE).get(0);
    store.complete(claimed.lease(), T0);

    assertThat(store.release(claimed.lease())).isEmpty();
    assertThat(store.get(claimed.id()).orElseThrow().state()).isEqualTo(JobState.COMPLETED);
  }
}
