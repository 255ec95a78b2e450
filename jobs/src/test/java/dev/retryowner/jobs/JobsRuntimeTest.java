package dev.retryowner.jobs;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The started runtime on real threads. Every wait is on a latch the handlers count down; the
 * latch timeouts only keep a broken build from hanging and are never what a test asserts.
 */
class JobsRuntimeTest {
  private static final Instant T0 = Instant.parse("2026-11-30T08:00:00Z");
  private static final RetryPolicy POLICY = RetryPolicy.of(3, Backoff.defaultBackoff());

  private final ManualClock clock = ManualClock.at(T0);
  private final InMemoryJobStore store = new InMemoryJobStore();
  private Jobs jobs;

  /** A builder whose queues wake only on enqueue and freed workers, never on a poll. */
  private Jobs.Builder builder() {
    return Jobs.builder().clock(clock).store(store).jitter(Jitter.none())
        .pollInterval(Duration.ofHours(1));
  }

  private static JobKind kind(String name, String queue) {
    return JobKind.builder(name).queue(queue).retryPolicy(POLICY).build();
  }

  private static void await(CountDownLatch latch) throws InterruptedException {
    assertThat(latch.await(30, SECONDS)).as("latch reached").isTrue();
  }

  /** A handler that says it started, waits until interrupted, says so, and rethrows. */
  private static JobHandler blockUntilInterrupted(
      CountDownLatch started, CountDownLatch interrupted) {
    return job -> {
      started.countDown();
      try {
        new CountDownLatch(1).await();
      } catch (InterruptedException stop) {
        interrupted.countDown();
        throw stop;
      }
    };
  }

  private JobRecord job(long id) {
    return store.get(id).orElseThrow();
  }

  @AfterEach
  void stop() {
    if (jobs != null) {
      jobs.shutdown(Duration.ofSeconds(5));
    }
  }

  @Test
  void aSlowQueueCannotStarveAnother() throws Exception {
    JobKind slow = kind("corpus.reindex", "search");
    JobKind fast = kind("webhook.deliver", "webhooks");
    CountDownLatch slowStarted = new CountDownLatch(1);
    CountDownLatch bothSlowStarted = new CountDownLatch(2);
    CountDownLatch releaseSlow = new CountDownLatch(1);
    CountDownLatch fastDone = new CountDownLatch(1);
    jobs = builder().queue("search", 1).queue("webhooks", 1)
        .register(slow, job -> {
          slowStarted.countDown();
          bothSlowStarted.countDown();
          releaseSlow.await();
        })
        .register(fast, job -> fastDone.countDown())
        .build();
    jobs.start();

    long slow1 = jobs.enqueue(slow, Map.of("n", "1"));
    long slow2 = jobs.enqueue(slow, Map.of("n", "2"));
    await(slowStarted);
    long delivery = jobs.enqueue(fast, Map.of());

    await(fastDone);
    assertThat(job(slow2).state()).as("the slow queue's only worker is busy")
        .isEqualTo(JobState.PENDING);
    releaseSlow.countDown();
    await(bothSlowStarted);
    assertThat(jobs.shutdown(Duration.ofSeconds(30))).isTrue();
    assertThat(job(delivery).state()).isEqualTo(JobState.COMPLETED);
    assertThat(job(slow1).state()).isEqualTo(JobState.COMPLETED);
    assertThat(job(slow2).state()).isEqualTo(JobState.COMPLETED);
  }

  @Test
  void aQueueRunsAtMostItsWorkersAtOnce() throws Exception {
    JobKind kind = kind("corpus.index", "search");
    AtomicInteger runningNow = new AtomicInteger();
    AtomicInteger mostAtOnce = new AtomicInteger();
    CountDownLatch twoStarted = new CountDownLatch(2);
    CountDownLatch allStarted = new CountDownLatch(6);
    CountDownLatch release = new CountDownLatch(1);
    jobs = builder().queue("search", 2)
        .register(kind, job -> {
          mostAtOnce.accumulateAndGet(runningNow.incrementAndGet(), Math::max);
          twoStarted.countDown();
          allStarted.countDown();
          release.await();
          runningNow.decrementAndGet();
        })
        .build();
    jobs.start();

    for (int i = 0; i < 6; i++) {
      jobs.enqueue(kind, Map.of("doc", String.valueOf(i)));
    }
    await(twoStarted);
    release.countDown();
    await(allStarted);

    assertThat(jobs.shutdown(Duration.ofSeconds(30))).isTrue();
    assertThat(mostAtOnce).hasValue(2);
    assertThat(store.list(JobFilter.all())).hasSize(6)
        .allSatisfy(job -> assertThat(job.state()).isEqualTo(JobState.COMPLETED));
  }

  @Test
  void shutdownLetsRunningJobsFinishWithinTheGraceAndStopsClaiming() throws Exception {
    JobKind kind = kind("webhook.fanout", "webhooks");
    JobKind deliver = kind("webhook.deliver", "webhooks");
    CountDownLatch started = new CountDownLatch(1);
    CountDownLatch finish = new CountDownLatch(1);
    long[] enqueuedWhileStopping = new long[1];
    jobs = builder().queue("webhooks", 1)
        .register(kind, job -> {
          started.countDown();
          finish.await();
          enqueuedWhileStopping[0] = jobs.enqueue(deliver, Map.of());
        })
        .register(deliver, job -> { })
        .build();
    jobs.start();
    long running = jobs.enqueue(kind, Map.of());
    await(started);

    boolean[] finishedInGrace = new boolean[1];
    Thread stopper = new Thread(() -> finishedInGrace[0] = jobs.shutdown(Duration.ofSeconds(30)));
    stopper.start();
    // Release the handler only once shutdown is waiting for it.
    while (stopper.getState() != Thread.State.WAITING
        && stopper.getState() != Thread.State.TIMED_WAITING) {
      Thread.onSpinWait();
    }
    finish.countDown();
    stopper.join();

    assertThat(finishedInGrace[0]).as("an enqueue from a handler does not block shutdown")
        .isTrue();
    assertThat(job(running).state()).isEqualTo(JobState.COMPLETED);
    assertThat(job(enqueuedWhileStopping[0]).state()).as("no claims after shutdown")
        .isEqualTo(JobState.PENDING);
    long afterShutdown = jobs.enqueue(kind, Map.of());
    assertThat(job(afterShutdown).state()).isEqualTo(JobState.PENDING);
  }

  @Test
  void shutdownPastTheGraceInterruptsAndLeavesTheJobRetryableAtOnce() throws Exception {
    JobKind kind = JobKind.builder("owner.notify").queue("mail")
        .retryPolicy(RetryPolicy.of(1, Backoff.geometric())).build();
    CountDownLatch started = new CountDownLatch(1);
    CountDownLatch interrupted = new CountDownLatch(1);
    jobs = builder().queue("mail", 1)
        .register(kind, blockUntilInterrupted(started, interrupted))
        .build();
    jobs.start();
    long id = jobs.enqueue(kind, Map.of());
    await(started);

    assertThat(jobs.shutdown(Duration.ofMillis(50))).isFalse();

    await(interrupted);
    JobRecord left = job(id);
    assertThat(left.state()).as("left for the next start, even on its last attempt")
        .isEqualTo(JobState.RETRYABLE);
    assertThat(left.scheduledAt()).isEqualTo(T0);
    assertThat(left.errors()).singleElement().satisfies(error -> {
      assertThat(error.type()).isEqualTo(AttemptError.Type.SHUTDOWN);
      assertThat(error.attempt()).isEqualTo(1);
    });
  }

  @Test
  void cancellingARunningJobInterruptsItAndItsOutcomeIsIgnored() throws Exception {
    JobKind kind = kind("corpus.index", "search");
    CountDownLatch started = new CountDownLatch(1);
    CountDownLatch interrupted = new CountDownLatch(1);
    jobs = builder().queue("search", 1)
        .register(kind, blockUntilInterrupted(started, interrupted))
        .build();
    jobs.start();
    long id = jobs.enqueue(kind, Map.of());
    await(started);

    assertThat(jobs.inspector().cancel(id)).isTrue();

    await(interrupted);

    assertThat(jobs.shutdown(Duration.ofSeconds(30))).as("the handler stopped").isTrue();
    JobRecord cancelled = job(id);
    assertThat(cancelled.state()).isEqualTo(JobState.CANCELLED);
    assertThat(cancelled.errors()).isEmpty();
  }

  @Test
  void aTimeoutMarksTheJobRetryableEvenIfTheHandlerIgnoresTheInterrupt() throws Exception {
    JobKind kind = JobKind.builder("corpus.index").queue("search").retryPolicy(POLICY)
        .timeout(Duration.ofMillis(50)).build();
    CountDownLatch interrupted = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    jobs = builder().queue("search", 1)
        .register(kind, job -> {
          while (true) {
            try {
              release.await();
              return;
            } catch (InterruptedException ignoredOnPurpose) {
              interrupted.countDown();
            }
          }
        })
        .build();
    jobs.start();
    long id = jobs.enqueue(kind, Map.of());

    await(interrupted);
    JobRecord timedOut = job(id);
    assertThat(timedOut.state()).as("recorded before the interrupt").isEqualTo(JobState.RETRYABLE);
    assertThat(timedOut.errors()).singleElement()
        .extracting(AttemptError::type).isEqualTo(AttemptError.Type.TIMEOUT);
    release.countDown();

    assertThat(jobs.shutdown(Duration.ofSeconds(30))).isTrue();
    assertThat(job(id)).as("the late return changes nothing").isEqualTo(timedOut);
  }

  @Test
  void aRunningJobWhoseLeaseExpiredIsRescuedAndItsHandlerInterrupted() throws Exception {
    JobKind kind = kind("corpus.index", "search");
    CountDownLatch started = new CountDownLatch(1);
    CountDownLatch interrupted = new CountDownLatch(1);
    // The heartbeat never comes within the test: the worker looks hung.
    jobs = Jobs.builder().clock(clock).store(store).jitter(Jitter.none())
        .pollInterval(Duration.ofMillis(10))
        .lease(Duration.ofSeconds(30)).heartbeatInterval(Duration.ofSeconds(29))
        .queue("search", 1)
        .register(kind, blockUntilInterrupted(started, interrupted))
        .build();
    jobs.start();
    long id = jobs.enqueue(kind, Map.of());
    await(started);

    clock.advance(Duration.ofSeconds(30));

    await(interrupted);
    JobRecord rescued = job(id);
    assertThat(rescued.state()).isEqualTo(JobState.RETRYABLE);
    assertThat(rescued.errors()).singleElement()
        .extracting(AttemptError::type).isEqualTo(AttemptError.Type.LEASE_EXPIRED);
  }

  @Test
  void aQueueKeepsClaimingAfterTheStoreFailed() throws Exception {
    JobKind kind = kind("corpus.index", "search");
    CountDownLatch done = new CountDownLatch(1);
    jobs = Jobs.builder().clock(clock).store(new FirstClaimsFail(store, 2))
        .pollInterval(Duration.ofMillis(10)).queue("search", 1)
        .register(kind, job -> done.countDown())
        .build();
    jobs.start();

    long id = jobs.enqueue(kind, Map.of());

    await(done);
    assertThat(jobs.shutdown(Duration.ofSeconds(30))).isTrue();
    assertThat(job(id).state()).isEqualTo(JobState.COMPLETED);
  }

  /** A store whose first claims fail, as a database does while it restarts. */
  private static final class FirstClaimsFail extends ForwardingJobStore {
    private final AtomicInteger failuresLeft;

    FirstClaimsFail(JobStore store, int failures) {
      super(store);
      this.failuresLeft = new AtomicInteger(failures);
    }

    @Override
    public List<JobRecord> claim(String queue, Instant now, int limit, Instant leaseExpiresAt) {
      if (failuresLeft.getAndDecrement() > 0) {
        throw new IllegalStateException("connection refused (simulated)");
      }
      return super.claim(queue, now, limit, leaseExpiresAt);
    }
  }
}
