package dev.retryowner.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link JobStore#completeAll}, which every store must implement alike: each lease completes its
 * job as {@link JobStore#complete} would, and only the leases that did are returned. A store's
 * test extends this class and says how to make an empty store.
 */
public abstract class CompleteAllConformanceTest {
  private static final Instant T0 = Instant.parse("2026-11-30T08:00:00Z");
  private static final Instant LEASE = T0.plus(Duration.ofMinutes(5));

  private JobStore store;

  /** A new, empty store. */
  protected abstract JobStore newStore();

  @BeforeEach
  void createStore() {
    store = newStore();
  }

  @Test
  void everyLeaseStillHoldingItsJobCompletesItAndTheOthersChangeNothing() {
    for (int i = 0; i < 4; i++) {
      store.insert(new NewJob("a", "default", Map.of("n", String.valueOf(i)), 3, T0, T0, null));
    }
    List<JobRecord> claimed = store.claim("default", T0, 4, LEASE);
    JobRecord cancelled = claimed.get(1);
    store.cancel(cancelled.id(), T0);
    JobRecord retried = claimed.get(2);
    store.retry(retried.lease(), AttemptError.of(1, T0, AttemptError.Type.FAILURE, "boom"), T0);
    Lease staleRun = store.claim("default", T0, 1, LEASE).get(0).lease();
    Instant now = T0.plusSeconds(1);

    List<Lease> completed = store.completeAll(
        List.of(claimed.get(0).lease(), cancelled.lease(), retried.lease(),
            claimed.get(3).lease()), now);

    assertThat(completed).containsExactlyInAnyOrder(claimed.get(0).lease(),
        claimed.get(3).lease());
    for (JobRecord done : List.of(claimed.get(0), claimed.get(3))) {
      JobRecord row = store.get(done.id()).orElseThrow();
      assertThat(row.state()).isEqualTo(JobState.COMPLETED);
      assertThat(row.finalizedAt()).isEqualTo(now);
      assertThat(row.leaseExpiresAt()).isNull();
    }
    assertThat(store.get(cancelled.id()).orElseThrow().state()).isEqualTo(JobState.CANCELLED);
    JobRecord rerun = store.get(retried.id()).orElseThrow();
    assertThat(rerun.state()).as("its new run still holds it").isEqualTo(JobState.RUNNING);
    assertThat(rerun.runs()).isEqualTo(staleRun.run());
    assertThat(store.completeAll(List.of(), now)).isEmpty();
  }
}
