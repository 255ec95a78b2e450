package dev.retryowner.jobs;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Claims hold a job for a short lease, and the heartbeat extends it while the handler runs. The
 * lease's times read the injected clock; the heartbeat's cadence is real time, so the started
 * runtimes here beat every 10 ms and the tests move the clock and wait for the extension they
 * expect (latch and queue timeouts only keep a broken build from hanging).
 */
class LeaseHeartbeatTest {
  private static final Instant T0 = Instant.parse("2026-11-30T08:00:00Z");
  private static final Duration LEASE = Duration.ofSeconds(30);

  private final ManualClock clock = ManualClock.at(T0);
  private final HeartbeatLog store = new HeartbeatLog(new InMemoryJobStore());
  private final JobKind slow = JobKind.builder("corpus.reindex")
      .retryPolicy(RetryPolicy.of(3, Backoff.defaultBackoff()))
      .timeout(Duration.ofMinutes(10))
      .build();
  private Jobs jobs;

  /** Every extension the runtime asked for, and the successful ones as they happen. */
  private static final class HeartbeatLog extends ForwardingJobStore {
    record Call(Lease lease, Instant until, boolean extended) {}

    final List<Call> calls = new CopyOnWriteArrayList<>();
    final BlockingQueue<Call> extended = new LinkedBlockingQueue<>();
    final BlockingQueue<Long> completed = new LinkedBlockingQueue<>();

    HeartbeatLog(JobStore store) {
      super(store);
    }

    @Override
    public Optional<JobRecord> extendLease(Lease lease, Instant until) {
      Optional<JobRecord> result = super.extendLease(lease, until);
      Call call = new Call(lease, until, result.isPresent());
      calls.add(call);
      if (call.extended()) {
        extended.add(call);
      }
      return result;
    }

    @Override
    public Optional<JobRecord> complete(Lease lease, Instant now) {
      Optional<JobRecord> result = super.complete(lease, now);
      result.ifPresent(job -> completed.add(job.id()));
      return result;
    }

    List<Call> callsFor(long jobId) {
      return calls.stream().filter(call -> call.lease().jobId() == jobId).toList();
    }
  }

  private Jobs.Builder started() {
    return Jobs.builder().clock(clock).store(store).jitter(Jitter.none())
        .lease(LEASE).heartbeatInterval(Duration.ofMillis(10))
        .pollInterval(Duration.ofMillis(10));
  }

  private static void await(CountDownLatch latch) throws InterruptedException {
    assertThat(latch.await(30, SECONDS)).as("latch reached").isTrue();
  }

  /** Waits for the heartbeat to extend the lease of job {@code id} to {@code until}. */
  private void awaitExtension(long id, Instant until) throws InterruptedException {
    HeartbeatLog.Call call;
    do {
      call = store.extended.poll(30, SECONDS);
      assertThat(call).as("an extension of job " + id + " to " + until).isNotNull();
    } while (call.lease().jobId() != id || !call.until().equals(until));
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

  /** The lease a handler of {@code kind} sees its job held for, run by {@link Jobs#runDue()}. */
  private static Instant leaseSeenByHandler(Jobs.Builder builder, JobKind kind) {
    JobStore ownStore = new InMemoryJobStore();
    List<Instant> seen = new CopyOnWriteArrayList<>();
    Jobs runtime = builder.clock(ManualClock.at(T0)).store(ownStore).queue("default", 1)
        .register(kind, job -> seen.add(ownStore.get(job.id()).orElseThrow().leaseExpiresAt()))
        .build();
    runtime.enqueue(kind, Map.of());
    assertThat(runtime.runDue()).isEqualTo(1);
    assertThat(seen).hasSize(1);
    return seen.get(0);
  }

  @Test
  void aClaimHoldsTheJobForTheLeaseNotForTheKindsTimeout() {
    assertThat(leaseSeenByHandler(Jobs.builder(), slow))
        .isEqualTo(T0.plus(Jobs.Builder.DEFAULT_LEASE))
        .isEqualTo(T0.plusSeconds(30));
    assertThat(leaseSeenByHandler(Jobs.builder().lease(Duration.ofSeconds(5)), slow))
        .isEqualTo(T0.plusSeconds(5));
  }

  @Test
  void theHeartbeatKeepsAJobLeasedForAsLongAsItsHandlerRuns() throws Exception {
    CountDownLatch started = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    CountDownLatch done = new CountDownLatch(1);
    jobs = started().queue("default", 1)
        .register(slow, job -> {
          started.countDown();
          release.await();
          done.countDown();
        })
        .build();
    jobs.start();
    long id = jobs.enqueue(slow, Map.of());
    await(started);

    // Four times the lease passes by the clock; each time the heartbeat extends it before expiry.
    for (int beat = 1; beat <= 4; beat++) {
      Instant now = clock.advance(Duration.ofSeconds(20));
      awaitExtension(id, now.plus(LEASE));
      assertThat(job(id).leaseExpiresAt()).isEqualTo(now.plus(LEASE));
    }
    release.countDown();
    await(done);
    assertThat(jobs.shutdown(Duration.ofSeconds(30))).isTrue();

    JobRecord finished = job(id);
    assertThat(finished.state()).isEqualTo(JobState.COMPLETED);
    assertThat(finished.errors()).as("never rescued").isEmpty();
    assertThat(finished.runs()).isEqualTo(1);
    assertThat(store.callsFor(id)).extracting(HeartbeatLog.Call::until).containsExactly(
        T0.plusSeconds(50), T0.plusSeconds(70), T0.plusSeconds(90), T0.plusSeconds(110));
  }

  @Test
  void theHeartbeatStopsWhenTheAttemptEnds() throws Exception {
    JobKind quick = JobKind.builder("mail.send")
        .retryPolicy(RetryPolicy.of(3, Backoff.defaultBackoff())).build();
    CountDownLatch bothStarted = new CountDownLatch(2);
    CountDownLatch releaseQuick = new CountDownLatch(1);
    CountDownLatch releaseSlow = new CountDownLatch(1);
    jobs = started().queue("default", 2)
        .register(quick, job -> {
          bothStarted.countDown();
          releaseQuick.await();
        })
        .register(slow, job -> {
          bothStarted.countDown();
          releaseSlow.await();
        })
        .build();
    jobs.start();
    long quickId = jobs.enqueue(quick, Map.of());
    long slowId = jobs.enqueue(slow, Map.of());
    await(bothStarted);
    Instant first = clock.advance(Duration.ofSeconds(20));
    awaitExtension(quickId, first.plus(LEASE));
    awaitExtension(slowId, first.plus(LEASE));

    releaseQuick.countDown();
    assertThat(store.completed.poll(30, SECONDS)).isEqualTo(quickId);
    Instant second = clock.advance(Duration.ofSeconds(20));
    awaitExtension(slowId, second.plus(LEASE));
    Instant third = clock.advance(Duration.ofSeconds(20));
    awaitExtension(slowId, third.plus(LEASE));

    assertThat(store.callsFor(quickId)).as("only while it ran")
        .containsExactly(new HeartbeatLog.Call(new Lease(quickId, 1), T0.plusSeconds(50), true));
    assertThat(store.callsFor(slowId)).extracting(HeartbeatLog.Call::until)
        .containsExactly(T0.plusSeconds(50), T0.plusSeconds(70), T0.plusSeconds(90));
    releaseSlow.countDown();
  }

  @Test
  void aJobTakenFromItsWorkerElsewhereHasItsHandlerInterruptedAndNothingRecorded()
      throws Exception {
    CountDownLatch started = new CountDownLatch(1);
    CountDownLatch interrupted = new CountDownLatch(1);
    jobs = started().queue("default", 1)
        .register(slow, job -> {
          started.countDown();
          try {
            new CountDownLatch(1).await();
          } catch (InterruptedException stop) {
            interrupted.countDown();
            throw stop;
          }
        })
        .build();
    jobs.start();
    long id = jobs.enqueue(slow, Map.of());
    await(started);

    // Another process cancels it through the store: this runtime hears of it only by its lease.
    JobRecord cancelled = store.cancel(id, clock.instant()).orElseThrow();
    Instant now = clock.advance(Duration.ofSeconds(1));

    await(interrupted);
    assertThat(jobs.shutdown(Duration.ofSeconds(30))).isTrue();
    assertThat(job(id)).isEqualTo(cancelled);
    assertThat(store.callsFor(id))
        .containsExactly(new HeartbeatLog.Call(new Lease(id, 1), now.plus(LEASE), false));
  }

  @Test
  void aHeartbeatIntervalNotShorterThanTheLeaseIsRefused() {
    assertThatThrownBy(() -> Jobs.builder().lease(Duration.ofSeconds(30))
            .heartbeatInterval(Duration.ofSeconds(30)).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the heartbeat interval (PT30S) must be shorter than the lease (PT30S), or"
            + " leases expire between heartbeats; shorten the interval or lengthen the lease");
    assertThatThrownBy(() -> Jobs.builder().lease(Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the lease must be positive: PT0S");
    assertThat(Jobs.builder().lease(Duration.ofSeconds(3)).build()).isNotNull();
  }
}
