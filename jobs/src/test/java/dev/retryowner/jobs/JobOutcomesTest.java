package dev.retryowner.jobs;

import static java.time.Duration.ofMinutes;
import static java.time.Duration.ofSeconds;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** What each handler outcome does to a job, run synchronously with {@link Jobs#runDue()}. */
class JobOutcomesTest {
  private static final Instant T0 = Instant.parse("2026-11-30T08:00:00Z");

  private final ManualClock clock = ManualClock.at(T0);
  private final InMemoryJobStore store = new InMemoryJobStore();
  private final List<JobRecord> alerts = new CopyOnWriteArrayList<>();
  private final List<Job> seen = new CopyOnWriteArrayList<>();

  private static JobKind kind(String name, RetryPolicy policy) {
    return JobKind.builder(name).retryPolicy(policy).build();
  }

  private Jobs runtime(JobKind kind, JobHandler handler) {
    return Jobs.builder().clock(clock).store(store).jitter(Jitter.none()).queue("default", 1)
        .alertHook(alerts::add)
        .register(kind, job -> {
          seen.add(job);
          handler.handle(job);
        })
        .build();
  }

  private JobRecord job(long id) {
    return store.get(id).orElseThrow();
  }

  @Test
  void aNormalReturnCompletesTheJob() {
    JobKind kind = kind("corpus.index", RetryPolicy.of(10, Backoff.defaultBackoff()));
    Jobs jobs = runtime(kind, job -> { });

    long id = jobs.enqueue(kind, Map.of("doc", "7"));
    assertThat(jobs.runDue()).isEqualTo(1);

    JobRecord done = job(id);
    assertThat(done.state()).isEqualTo(JobState.COMPLETED);
    assertThat(done.attempt()).isEqualTo(1);
    assertThat(done.finalizedAt()).isEqualTo(T0);
    assertThat(done.errors()).isEmpty();
    assertThat(seen).containsExactly(new Job(id, "corpus.index", Map.of("doc", "7"), 1, T0));
    assertThat(jobs.runDue()).isZero();
  }

  @Test
  void aSnoozeRunsTheJobAgainAtTheTimeNamedWithoutSpendingAnAttempt() {
    JobKind kind = kind("webhook.deliver", RetryPolicy.of(18, Backoff.svix()));
    Jobs jobs = runtime(kind, job -> {
      if (seen.size() == 1) {
        throw Snooze.after(ofMinutes(3));
      }
    });

    long id = jobs.enqueue(kind, Map.of());
    jobs.runDue();

    JobRecord snoozed = job(id);
    assertThat(snoozed.state()).isEqualTo(JobState.SNOOZED);
    assertThat(snoozed.attempt()).isZero();
    assertThat(snoozed.snoozes()).isEqualTo(1);
    assertThat(snoozed.scheduledAt()).isEqualTo(T0.plus(ofMinutes(3)));
    assertThat(snoozed.errors()).isEmpty();
    clock.advance(ofMinutes(3).minusMillis(1));
    assertThat(jobs.runDue()).isZero();
    clock.advance(Duration.ofMillis(1));
    assertThat(jobs.runDue()).isEqualTo(1);
    assertThat(seen).extracting(Job::attempt).containsExactly(1, 1);
    assertThat(job(id).state()).isEqualTo(JobState.COMPLETED);
    assertThat(job(id).attempt()).isEqualTo(1);
  }

  @Test
  void snoozesNeverExhaustAJob() {
    JobKind kind = kind("owner.notify", RetryPolicy.of(1, Backoff.geometric()));
    Jobs jobs = runtime(kind, job -> {
      if (seen.size() <= 5) {
        throw Snooze.until(clock.instant().plusSeconds(30));
      }
    });

    long id = jobs.enqueue(kind, Map.of());
    for (int i = 0; i < 6; i++) {
      jobs.runDue();
      clock.advance(ofSeconds(30));
    }

    assertThat(job(id).state()).isEqualTo(JobState.COMPLETED);
    assertThat(job(id).snoozes()).isEqualTo(5);
    assertThat(job(id).attempt()).isEqualTo(1);
    assertThat(alerts).isEmpty();
  }

  @Test
  void aDiscardEndsTheJobAtOnceWithItsReasonAndNoAlert() {
    JobKind kind = kind("webhook.deliver", RetryPolicy.of(18, Backoff.svix()));
    Jobs jobs = runtime(kind, job -> {
      throw Discard.because("HTTP 410");
    });

    long id = jobs.enqueue(kind, Map.of());
    jobs.runDue();

    JobRecord discarded = job(id);
    assertThat(discarded.state()).isEqualTo(JobState.DISCARDED);
    assertThat(discarded.attempt()).isEqualTo(1);
    assertThat(discarded.errors()).singleElement().satisfies(error -> {
      assertThat(error.type()).isEqualTo(AttemptError.Type.DISCARD);
      assertThat(error.error()).endsWith("HTTP 410");
    });
    assertThat(alerts).isEmpty();
    clock.advance(Duration.ofDays(30));
    assertThat(jobs.runDue()).isZero();
  }

  static Stream<Arguments> retryableFailures() {
    return Stream.of(
        arguments(new IOException("connection reset")),
        arguments(new IllegalStateException("bug")),
        arguments(new RetryableFailure("HTTP 503")),
        arguments(new InterruptedException("stopped")),
        arguments(new AssertionError("an Error")),
        arguments(new StackOverflowError()),
        arguments(new OutOfMemoryError("simulated")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("retryableFailures")
  void anyOtherThrowableIncludingAnErrorIsRetryable(Throwable failure) {
    JobKind kind = kind("corpus.index", RetryPolicy.of(10, Backoff.defaultBackoff()));
    Jobs jobs = runtime(kind, job -> {
      if (failure instanceof Exception exception) {
        throw exception;
      }
      throw (Error) failure;
    });

    long id = jobs.enqueue(kind, Map.of());
    jobs.runDue();

    JobRecord retryable = job(id);
    assertThat(retryable.state()).isEqualTo(JobState.RETRYABLE);
    assertThat(retryable.scheduledAt()).isEqualTo(T0.plusSeconds(1));
    assertThat(retryable.errors()).singleElement().satisfies(error -> {
      assertThat(error.attempt()).isEqualTo(1);
      assertThat(error.type()).isEqualTo(AttemptError.Type.FAILURE);
      assertThat(error.error()).isEqualTo(failure.toString());
      assertThat(error.trace()).contains(failure.getClass().getName());
    });
    assertThat(Thread.interrupted()).as("the runner leaves the thread uninterrupted").isFalse();
  }

  @Test
  void failuresFollowTheBackoffExactlyAndExhaustionDiscardsWithAnAlertKeepingEveryError() {
    JobKind kind = kind("corpus.index", RetryPolicy.of(4, Backoff.defaultBackoff()));
    Jobs jobs = runtime(kind, job -> {
      throw new IOException("search down, attempt " + job.attempt());
    });

    long id = jobs.enqueue(kind, Map.of());
    List<Instant> runs = new ArrayList<>();
    for (Duration wait : List.of(Duration.ZERO, ofSeconds(1), ofSeconds(2), ofSeconds(4))) {
      clock.advance(wait.minusMillis(wait.isZero() ? 0 : 1));
      if (!wait.isZero()) {
        assertThat(jobs.runDue()).as("not due before its backoff").isZero();
        clock.advance(Duration.ofMillis(1));
      }
      assertThat(jobs.runDue()).isEqualTo(1);
      runs.add(clock.instant());
    }

    assertThat(runs).containsExactly(T0, T0.plusSeconds(1), T0.plusSeconds(3), T0.plusSeconds(7));
    JobRecord discarded = job(id);
    assertThat(discarded.state()).isEqualTo(JobState.DISCARDED);
    assertThat(discarded.attempt()).isEqualTo(4);
    assertThat(discarded.errors()).extracting(AttemptError::attempt).containsExactly(1, 2, 3, 4);
    assertThat(discarded.errors()).extracting(AttemptError::error).containsExactly(
        "java.io.IOException: search down, attempt 1", "java.io.IOException: search down, attempt 2",
        "java.io.IOException: search down, attempt 3", "java.io.IOException: search down, attempt 4");
    assertThat(alerts).containsExactly(discarded);
    clock.advance(Duration.ofDays(1));
    assertThat(jobs.runDue()).isZero();
  }

  @Test
  void aQuietPolicyDiscardsAnExhaustedJobWithoutAnAlert() {
    JobKind kind = kind("webhook.deliver",
        RetryPolicy.of(1, Backoff.svix()).whenExhausted(WhenExhausted.DISCARD));
    Jobs jobs = runtime(kind, job -> {
      throw new IOException("refused");
    });

    long id = jobs.enqueue(kind, Map.of());
    jobs.runDue();

    assertThat(job(id).state()).isEqualTo(JobState.DISCARDED);
    assertThat(alerts).isEmpty();
  }

  @Test
  void aFailingAlertHookDoesNotChangeTheJob() {
    JobKind kind = kind("corpus.index", RetryPolicy.of(1, Backoff.defaultBackoff()));
    Jobs jobs = Jobs.builder().clock(clock).store(store).queue("default", 1)
        .alertHook(job -> {
          throw new IllegalStateException("pager down");
        })
        .register(kind, job -> {
          throw new IOException("x");
        })
        .build();

    long id = jobs.enqueue(kind, Map.of());
    jobs.runDue();

    assertThat(job(id).state()).isEqualTo(JobState.DISCARDED);
  }

  @Test
  void everyBackoffIsJitteredByTheInjectedRandomSource() {
    JobKind kind = kind("owner.notify", RetryPolicy.of(8, Backoff.geometric()));
    List<Duration> delays = new ArrayList<>();
    for (long seed = 1; seed <= 20; seed++) {
      InMemoryJobStore jitteredStore = new InMemoryJobStore();
      Jobs jobs = Jobs.builder().clock(clock).store(jitteredStore)
          .jitter(Jitter.standard(new Random(seed))).queue("default", 1)
          .register(kind, job -> {
            throw new IOException("x");
          })
          .build();
      long id = jobs.enqueue(kind, Map.of());
      jobs.runDue();
      delays.add(Duration.between(T0, jitteredStore.get(id).orElseThrow().scheduledAt()));
    }

    assertThat(delays).allSatisfy(delay -> assertThat(delay).isBetween(ofSeconds(18), ofSeconds(22)));
    assertThat(delays).doesNotHaveDuplicates();
  }

  @Test
  void aTimeoutInterruptsTheHandlerAndLeavesTheJobRetryable() {
    JobKind kind = JobKind.builder("corpus.index")
        .retryPolicy(RetryPolicy.of(3, Backoff.defaultBackoff()))
        .timeout(Duration.ofMillis(50))
        .build();
    List<Boolean> interrupted = new ArrayList<>();
    Jobs jobs = runtime(kind, job -> {
      try {
        new CountDownLatch(1).await();
      } catch (InterruptedException expected) {
        interrupted.add(true);
        throw expected;
      }
    });

    long id = jobs.enqueue(kind, Map.of());
    jobs.runDue();

    JobRecord retryable = job(id);
    assertThat(interrupted).containsExactly(true);
    assertThat(retryable.state()).isEqualTo(JobState.RETRYABLE);
    assertThat(retryable.errors()).singleElement().satisfies(error -> {
      assertThat(error.type()).isEqualTo(AttemptError.Type.TIMEOUT);
      assertThat(error.error()).isEqualTo("timed out after PT0.05S and was interrupted");
    });
    assertThat(Thread.interrupted()).as("the interrupt does not leak to the caller").isFalse();
  }

  @Test
  void aTimeoutOnTheLastAttemptDiscardsAndAlerts() {
    JobKind kind = JobKind.builder("corpus.index")
        .retryPolicy(RetryPolicy.of(1, Backoff.defaultBackoff()))
        .timeout(Duration.ofMillis(20))
        .build();
    Jobs jobs = runtime(kind, job -> new CountDownLatch(1).await());

    long id = jobs.enqueue(kind, Map.of());
    jobs.runDue();

    assertThat(job(id).state()).isEqualTo(JobState.DISCARDED);
    assertThat(alerts).extracting(JobRecord::id).containsExactly(id);
  }

  @Test
  void aHandlerWithinItsTimeoutIsNotInterrupted() {
    JobKind kind = JobKind.builder("corpus.index")
        .retryPolicy(RetryPolicy.of(3, Backoff.defaultBackoff()))
        .timeout(Duration.ofMinutes(5))
        .build();
    Jobs jobs = runtime(kind, job -> {
      if (Thread.currentThread().isInterrupted()) {
        throw new IllegalStateException("interrupted too early");
      }
    });

    long id = jobs.enqueue(kind, Map.of());
    jobs.runDue();

    assertThat(job(id).state()).isEqualTo(JobState.COMPLETED);
  }

  @Test
  void runAtDelaysTheFirstRun() {
    JobKind kind = kind("corpus.index", RetryPolicy.of(3, Backoff.defaultBackoff()));
    Jobs jobs = runtime(kind, job -> { });

    long id = jobs.enqueue(kind, Map.of(), EnqueueOptions.runAt(T0.plus(ofMinutes(5))));

    assertThat(jobs.runDue()).isZero();
    clock.advance(ofMinutes(5));
    assertThat(jobs.runDue()).isEqualTo(1);
    assertThat(seen).singleElement().satisfies(job -> {
      assertThat(job.id()).isEqualTo(id);
      assertThat(job.scheduledAt()).isEqualTo(T0.plus(ofMinutes(5)));
    });
  }

  @Test
  void uniqueByArgsEnqueuesOneLiveJobPerArguments() {
    JobKind kind = kind("corpus.index", RetryPolicy.of(3, Backoff.defaultBackoff()));
    Jobs jobs = runtime(kind, job -> { });

    long first = jobs.enqueue(kind, Map.of("doc", "1"), EnqueueOptions.uniqueByArgs());
    long same = jobs.enqueue(kind, Map.of("doc", "1"), EnqueueOptions.uniqueByArgs());
    long other = jobs.enqueue(kind, Map.of("doc", "2"), EnqueueOptions.uniqueByArgs());
    long notUnique = jobs.enqueue(kind, Map.of("doc", "1"));
    long later = jobs.enqueue(kind, Map.of("doc", "1"),
        EnqueueOptions.runAt(T0.plusSeconds(60)).andUniqueByArgs());

    assertThat(same).isEqualTo(first).isEqualTo(later);
    assertThat(other).isNotEqualTo(first);
    assertThat(notUnique).isNotIn(first, other);
    assertThat(jobs.runDue()).isEqualTo(3);
    long afterCompletion = jobs.enqueue(kind, Map.of("doc", "1"), EnqueueOptions.uniqueByArgs());
    assertThat(afterCompletion).isNotIn(first, other, notUnique);
  }

  @Test
  void enqueueRefusesAnUnregisteredKindAndNullArguments() {
    JobKind kind = kind("corpus.index", RetryPolicy.of(3, Backoff.defaultBackoff()));
    JobKind sameNameOtherPolicy = kind("corpus.index", RetryPolicy.of(4, Backoff.defaultBackoff()));
    JobKind unknown = kind("corpus.reindex", RetryPolicy.of(3, Backoff.defaultBackoff()));
    Jobs jobs = runtime(kind, job -> { });
    Map<String, String> nullValue = new HashMap<>();
    nullValue.put("doc", null);

    assertThatThrownBy(() -> jobs.enqueue(unknown, Map.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("job kind corpus.reindex is not registered with this runtime; register it"
            + " with Jobs.builder().register(kind, handler)");
    assertThatThrownBy(() -> jobs.enqueue(sameNameOtherPolicy, Map.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("job kind corpus.index is not registered with this runtime as ");
    assertThatThrownBy(() -> jobs.enqueue(kind, nullValue))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("job kind corpus.index: argument names and values must not be null, but got"
            + " doc=null");
    assertThat(store.list(JobFilter.all())).isEmpty();
  }

  @Test
  void aLeaseThatExpiredIsRescuedAsAFailedAttemptAndRunsAgainOnItsBackoff() {
    JobKind kind = JobKind.builder("corpus.index")
        .retryPolicy(RetryPolicy.of(3, Backoff.defaultBackoff()))
        .timeout(ofSeconds(30))
        .build();
    Jobs jobs = runtime(kind, job -> { });
    long id = jobs.enqueue(kind, Map.of());
    // Another worker claimed it and died.
    store.claim("default", T0, 1, T0.plusSeconds(90));

    clock.advance(ofSeconds(89));
    assertThat(jobs.runDue()).isZero();
    assertThat(job(id).state()).isEqualTo(JobState.RUNNING);
    clock.advance(ofSeconds(1));
    assertThat(jobs.runDue()).isZero();
    JobRecord rescued = job(id);
    assertThat(rescued.state()).isEqualTo(JobState.RETRYABLE);
    assertThat(rescued.scheduledAt()).isEqualTo(T0.plusSeconds(91));
    assertThat(rescued.errors()).singleElement().satisfies(error -> {
      assertThat(error.type()).isEqualTo(AttemptError.Type.LEASE_EXPIRED);
      assertThat(error.attempt()).isEqualTo(1);
    });
    clock.advance(ofSeconds(1));
    assertThat(jobs.runDue()).isEqualTo(1);
    assertThat(seen).extracting(Job::attempt).containsExactly(2);
    assertThat(job(id).state()).isEqualTo(JobState.COMPLETED);
  }

  @Test
  void aJobOfAKindThisRuntimeDoesNotKnowFailsWithTheReason() {
    JobKind kind = kind("corpus.index", RetryPolicy.of(3, Backoff.defaultBackoff()));
    Jobs jobs = runtime(kind, job -> { });
    long id = store.insert(new NewJob("legacy.kind", "default", Map.of(), 2, T0, T0, null)).id();

    jobs.runDue();

    assertThat(job(id).state()).isEqualTo(JobState.RETRYABLE);
    assertThat(job(id).errors()).extracting(AttemptError::error)
        .containsExactly("no handler for kind legacy.kind is registered in this runtime");
  }
}
