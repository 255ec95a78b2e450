package dev.retryowner.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The behaviour every {@link KeyedLeases} must have. An implementation's test extends this class
 * and says how to make one with no leases; the suite runs unchanged against each (in-memory,
 * PostgreSQL).
 */
public abstract class KeyedLeasesConformanceTest {
  private static final Instant T0 = Instant.parse("2026-11-30T08:00:00Z");
  private static final Instant T5 = T0.plusSeconds(5);
  private static final Instant T10 = T0.plusSeconds(10);

  private KeyedLeases leases;

  /** New keyed leases, none held. */
  protected abstract KeyedLeases newLeases();

  @BeforeEach
  void createLeases() {
    leases = newLeases();
  }

  @Test
  void aFreeKeyIsAcquired() {
    assertThat(leases.tryAcquire("endpoint:1", "worker-a", T0, T5)).isTrue();
  }

  @Test
  void aHeldKeyIsRefusedToAnotherHolderUntilItExpires() {
    leases.tryAcquire("endpoint:1", "worker-a", T0, T5);

    assertThat(leases.tryAcquire("endpoint:1", "worker-b", T0.plusSeconds(4), T10)).isFalse();
    assertThat(leases.tryAcquire("endpoint:1", "worker-b", T5, T10))
        .as("expired at its end").isTrue();
    assertThat(leases.tryAcquire("endpoint:1", "worker-a", T5.plusSeconds(1), T10))
        .as("worker-b holds it now").isFalse();
  }

  @Test
  void theHolderExtendsItsOwnLease() {
    leases.tryAcquire("endpoint:1", "worker-a", T0, T5);

    assertThat(leases.tryAcquire("endpoint:1", "worker-a", T0.plusSeconds(4), T10)).isTrue();
    assertThat(leases.tryAcquire("endpoint:1", "worker-b", T5.plusSeconds(1), T10))
        .as("extended past its first end").isFalse();
  }

  @Test
  void keysAreIndependent() {
    leases.tryAcquire("endpoint:1", "worker-a", T0, T5);

    assertThat(leases.tryAcquire("endpoint:2", "worker-b", T0, T5)).isTrue();
  }

  @Test
  void releaseByTheHolderFreesTheKey() {
    leases.tryAcquire("endpoint:1", "worker-a", T0, T10);

    assertThat(leases.release("endpoint:1", "worker-a")).isTrue();
    assertThat(leases.tryAcquire("endpoint:1", "worker-b", T0, T5)).isTrue();
  }

  @Test
  void releaseByAnotherHolderOrOfAFreeKeyChangesNothing() {
    leases.tryAcquire("endpoint:1", "worker-a", T0, T10);

    assertThat(leases.release("endpoint:1", "worker-b")).isFalse();
    assertThat(leases.release("endpoint:2", "worker-a")).isFalse();
    assertThat(leases.tryAcquire("endpoint:1", "worker-b", T5, T10)).as("still held").isFalse();
  }

  @Test
  void aHolderWhoseLeaseWasTakenOverCannotReleaseTheNewHoldersLease() {
    leases.tryAcquire("endpoint:1", "worker-a", T0, T5);
    leases.tryAcquire("endpoint:1", "worker-b", T5, T10);

    assertThat(leases.release("endpoint:1", "worker-a")).isFalse();
    assertThat(leases.tryAcquire("endpoint:1", "worker-c", T5, T10)).isFalse();
  }

  @Test
  void aLeaseThatDoesNotEndAfterNowIsRefused() {
    assertThatThrownBy(() -> leases.tryAcquire("endpoint:1", "worker-a", T5, T5))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("endpoint:1").hasMessageContaining("must end after now");
    assertThat(leases.tryAcquire("endpoint:1", "worker-b", T0, T5))
        .as("the refused call took nothing").isTrue();
  }

  @Test
  void ofManyConcurrentHoldersExactlyOneGetsTheKey() throws Exception {
    int holders = 8;
    CountDownLatch go = new CountDownLatch(1);
    ExecutorService threads = Executors.newFixedThreadPool(holders);
    try {
      List<Future<Boolean>> results = new ArrayList<>();
      for (int i = 0; i < holders; i++) {
        String holder = "worker-" + i;
        Callable<Boolean> acquire = () -> {
          go.await();
          return leases.tryAcquire("endpoint:1", holder, T0, T0.plus(Duration.ofMinutes(1)));
        };
        results.add(threads.submit(acquire));
      }
      go.countDown();
      int won = 0;
      for (Future<Boolean> result : results) {
        won += result.get() ? 1 : 0;
      }
      assertThat(won).isEqualTo(1);
    } finally {
      threads.shutdownNow();
    }
  }
}
