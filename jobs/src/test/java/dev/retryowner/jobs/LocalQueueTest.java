package dev.retryowner.jobs;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A queue with a local queue claims ahead of its workers: the jobs it holds stay leased while
 * they wait, and the ones no worker started are given back at shutdown, no attempt spent.
 */
class LocalQueueTest {
  private static final Instant T0 = Instant.parse("2026-11-30T08:00:00Z");
  private static final Duration LEASE = Duration.ofSeconds(30);

  private final ManualClock clock = ManualClock.at(T0);
  private final InMemoryJobStore store = new InMemoryJobStore();
  private final JobKind kind = JobKind.builder("corpus.index")
      .retryPolicy(RetryPolicy.of(3, Backoff.defaultBackoff()))
      .timeout(Duration.ofMinutes(10))
      .build();
  private Jobs jobs;

  private Jobs.Builder builder() {
    return Jobs.builder().clock(clock).store(store).jitter(Jitter.none())
        .lease(LEASE).heartbeatInterval(Duration.ofMillis(10))
        .pollInterval(Duration.ofHours(1)).localQueueSize(10);
  }

  private static void await(CountDownLatch latch) throws InterruptedException {
    assertThat(latch.await(30, SECONDS)).as("latch reached").isTrue();
  }

  private JobRecord job(long id) {
    return store.get(id).orElseThrow();
  }

  /** Enqueues {@code count} jobs before the runtime starts, so that one claim finds them all. */
  private List<Long> enqueue(int count) {
    List<Long> ids = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      ids.add(jobs.enqueue(kind, Map.of("n", String.valueOf(i))));
    }
    return ids;
  }

  @AfterEach
  void stop() {
    if (jobs != null) {
      jobs.shutdown(Duration.ofSeconds(5));
    }
  }

  @Test
  void theJobsWaitingForABusyWorkerAreClaimedAndGivenBackAtShutdown() throws Exception {
    CountDownLatch started = new CountDownLatch(1);
    jobs = builder().queue("default", 1)
        .register(kind, job -> {
          started.countDown();
          new CountDownLatch(1).await();
        })
        .build();
    List<Long> ids = enqueue(3);
    jobs.start();
    await(started);

    assertThat(ids).as("one runs, two wait in the local queue")
        .allSatisfy(id -> assertThat(job(id).state()).isEqualTo(JobState.RUNNING));
    assertThat(jobs.shutdown(Duration.ofMillis(50))).isFalse();

    JobRecord interrupted = job(ids.get(0));
    assertThat(interrupted.state()).isEqualTo(JobState.RETRYABLE);
    assertThat(interrupted.errors()).singleElement()
        .extracting(AttemptError::type).isEqualTo(AttemptError.Type.SHUTDOWN);
    assertThat(ids.subList(1, 3)).as("never started: given back").allSatisfy(id -> {
      JobRecord released = job(id);
      assertThat(released.state()).isEqualTo(JobState.PENDING);
      assertThat(released.attempt()).isZero();
      assertThat(released.leaseExpiresAt()).isNull();
      assertThat(released.errors()).isEmpty();
    });
  }

  @Test
  void theHeartbeatKeepsAWaitingJobLeasedUntilAWorkerRunsIt() throws Exception {
    CountDownLatch firstStarted = new CountDownLatch(1);
    CountDownLatch releaseFirst = new CountDownLatch(1);
    CountDownLatch bothDone = new CountDownLatch(2);
    jobs = builder().queue("default", 1)
        .register(kind, job -> {
          firstStarted.countDown();
          releaseFirst.await();
          bothDone.countDown();
        })
        .build();
    List<Long> ids = enqueue(2);
    jobs.start();
    await(firstStarted);

    Instant now = clock.advance(Duration.ofSeconds(20));
    long deadline = System.nanoTime() + SECONDS.toNanos(30);
    while (!now.plus(LEASE).equals(job(ids.get(1)).leaseExpiresAt())
        && System.nanoTime() < deadline) {
      Thread.sleep(5);
    }
    assertThat(job(ids.get(1)).leaseExpiresAt()).as("extended while it waits")
        .isEqualTo(now.plus(LEASE));
    assertThat(job(ids.get(1)).state()).isEqualTo(JobState.RUNNING);

    releaseFirst.countDown();
    await(bothDone);
    assertThat(jobs.shutdown(Duration.ofSeconds(30))).isTrue();
    assertThat(ids).allSatisfy(id -> {
      assertThat(job(id).state()).isEqualTo(JobState.COMPLETED);
      assertThat(job(id).attempt()).isEqualTo(1);
      assertThat(job(id).errors()).isEmpty();
    });
  }

  @Test
  void aNegativeLocalQueueSizeIsRefused() {
    assertThatThrownBy(() -> Jobs.builder().localQueueSize(-1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("must not be negative");
  }
}
