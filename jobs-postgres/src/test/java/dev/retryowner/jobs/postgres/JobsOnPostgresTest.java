package dev.retryowner.jobs.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.retryowner.jobs.AttemptError;
import dev.retryowner.jobs.Backoff;
import dev.retryowner.jobs.Jitter;
import dev.retryowner.jobs.JobKind;
import dev.retryowner.jobs.JobRecord;
import dev.retryowner.jobs.JobState;
import dev.retryowner.jobs.Jobs;
import dev.retryowner.jobs.ManualClock;
import dev.retryowner.jobs.NewJob;
import dev.retryowner.jobs.RetryPolicy;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The unchanged runtime on the PostgreSQL store: outcomes, rescue, and real worker threads. */
class JobsOnPostgresTest {
  private static final Instant T0 = Instant.parse("2026-11-30T08:00:00Z");

  private final PostgresJobStore store = PostgresJobStore.open(EmbeddedPostgresServer.newDatabase());
  private final ManualClock clock = ManualClock.at(T0);
  private final JobKind index = JobKind.builder("corpus.index")
      .queue("search")
      .retryPolicy(RetryPolicy.of(3, Backoff.defaultBackoff()))
      .timeout(Duration.ofSeconds(10))
      .build();

  @Test
  void aFailingHandlerIsRetriedOnItsBackoffWithEveryErrorKept() {
    List<Integer> attempts = new ArrayList<>();
    Jobs jobs = Jobs.builder().clock(clock).jitter(Jitter.none()).store(store)
        .queue("search", 1)
        .register(index, job -> {
          attempts.add(job.attempt());
          if (job.attempt() < 3) {
            throw new IllegalStateException("search down " + job.attempt());
          }
        })
        .build();
    long id = jobs.enqueue(index, Map.of("doc", "42"));

    jobs.runDue();
    clock.advance(Duration.ofSeconds(1));
    jobs.runDue();
    clock.advance(Duration.ofSeconds(2));
    jobs.runDue();

    JobRecord job = store.get(id).orElseThrow();
    assertThat(attempts).containsExactly(1, 2, 3);
    assertThat(job.state()).isEqualTo(JobState.COMPLETED);
    assertThat(job.errors()).extracting(AttemptError::error).containsExactly(
        "java.lang.IllegalStateException: search down 1",
        "java.lang.IllegalStateException: search down 2");
    assertThat(job.errors()).allSatisfy(error -> assertThat(error.trace()).contains("at "));
  }

  @Test
  void aJobWhoseWorkerDiedIsRescuedAndRunAgain() {
    // Another worker (another process) claimed the job and died: its lease runs out.
    long id = store.insert(new NewJob("corpus.index", "search", Map.of("doc", "1"), 3, T0, T0,
        null)).id();
    store.claim("search", T0, 1, T0.plusSeconds(70));
    List<Integer> attempts = new ArrayList<>();
    Jobs jobs = Jobs.builder().clock(clock).jitter(Jitter.none()).store(store)
        .queue("search", 1)
        .register(index, job -> attempts.add(job.attempt()))
        .build();

    assertThat(jobs.runDue()).as("the lease still holds").isZero();
    clock.advance(Duration.ofSeconds(70));
    jobs.runDue();
    clock.advance(Duration.ofSeconds(1));
    jobs.runDue();

    JobRecord job = store.get(id).orElseThrow();
    assertThat(attempts).containsExactly(2);
    assertThat(job.state()).isEqualTo(JobState.COMPLETED);
    assertThat(job.errors()).singleElement()
        .extracting(AttemptError::type).isEqualTo(AttemptError.Type.LEASE_EXPIRED);
  }

  @Test
  void startedWorkersRunEnqueuedJobs() throws InterruptedException {
    int count = 50;
    CountDownLatch done = new CountDownLatch(count);
    Jobs jobs = Jobs.builder().store(store)
        .queue("search", 4)
        .pollInterval(Duration.ofMillis(100))
        .register(index, job -> done.countDown())
        .build();
    jobs.start();
    try {
      for (int i = 0; i < count; i++) {
        jobs.enqueue(index, Map.of("doc", Integer.toString(i)));
      }
      assertThat(done.await(30, TimeUnit.SECONDS)).isTrue();
    } finally {
      jobs.shutdown(Duration.ofSeconds(5));
    }
    assertThat(store.overview()).singleElement().satisfies(kind ->
        assertThat(kind.counts()).isEqualTo(Map.of(JobState.COMPLETED, (long) count)));
  }
}
