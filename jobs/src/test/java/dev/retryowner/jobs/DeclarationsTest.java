package dev.retryowner.jobs;

import static java.time.Duration.ofMinutes;
import static java.time.Duration.ofSeconds;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Map;
import java.util.NoSuchElementException;
import org.junit.jupiter.api.Test;

/** Kinds, policies and runtimes as declared data, and the errors that say what is wrong. */
class DeclarationsTest {
  private static final RetryPolicy POLICY = RetryPolicy.of(10, Backoff.defaultBackoff());

  @Test
  void aKindIsDataWithDefaultsForQueueAndTimeout() {
    JobKind deliver = JobKind.builder("webhook.deliver")
        .queue("webhooks")
        .retryPolicy(RetryPolicy.of(18, Backoff.svix()).whenExhausted(WhenExhausted.DISCARD))
        .timeout(ofSeconds(30))
        .build();
    JobKind index = JobKind.builder("corpus.index").retryPolicy(POLICY).build();

    assertThat(deliver.name()).isEqualTo("webhook.deliver");
    assertThat(deliver.queue()).isEqualTo("webhooks");
    assertThat(deliver.retryPolicy().maxAttempts()).isEqualTo(18);
    assertThat(deliver.retryPolicy().whenExhausted()).isEqualTo(WhenExhausted.DISCARD);
    assertThat(deliver.timeout()).isEqualTo(ofSeconds(30));
    assertThat(deliver.isPeriodic()).isFalse();
    assertThat(index.queue()).isEqualTo(JobKind.DEFAULT_QUEUE);
    assertThat(index.timeout()).isEqualTo(JobKind.DEFAULT_TIMEOUT);
    assertThat(index.retryPolicy().whenExhausted()).isEqualTo(WhenExhausted.DISCARD_AND_ALERT);
    assertThat(index).isEqualTo(JobKind.builder("corpus.index").retryPolicy(POLICY).build())
        .hasSameHashCodeAs(JobKind.builder("corpus.index").retryPolicy(POLICY).build())
        .isNotEqualTo(deliver);
  }

  @Test
  void aKindWithoutARetryPolicyCannotBeBuiltSoItCannotBeRegistered() {
    assertThatThrownBy(() -> JobKind.builder("corpus.index").queue("search").build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("job kind corpus.index has no retry policy; the job layer owns retries, so"
            + " declare one, e.g. .retryPolicy(RetryPolicy.of(10, Backoff.defaultBackoff()))");
  }

  @Test
  void aPeriodicKindNeverRetries() {
    JobKind cleanup = JobKind.builder("sessions.cleanup").periodic(Duration.ofHours(1)).build();

    assertThat(cleanup.isPeriodic()).isTrue();
    assertThat(cleanup.period()).contains(Duration.ofHours(1));
    assertThat(cleanup.retryPolicy()).isEqualTo(RetryPolicy.noRetry());
    assertThat(cleanup.retryPolicy().maxAttempts()).isEqualTo(1);
    assertThatThrownBy(() -> JobKind.builder("sessions.cleanup").periodic(Duration.ofHours(1))
            .retryPolicy(POLICY).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("job kind sessions.cleanup is periodic and periodic jobs never"
            + " retry (the next period is the retry), but its policy allows 10 attempts");
  }

  @Test
  void badKindValuesAreRejectedNamingTheKind() {
    assertThatThrownBy(() -> JobKind.builder(" "))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a job kind needs a name, e.g. \"webhook.deliver\"");
    assertThatThrownBy(() -> JobKind.builder("k").timeout(Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("job kind k: the timeout must be positive, but was PT0S");
    assertThatThrownBy(() -> JobKind.builder("k").periodic(ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("job kind k: the period must be positive, but was PT-1S");
    assertThatThrownBy(() -> JobKind.builder("k").queue(""))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("job kind k: the queue name is blank");
  }

  @Test
  void aPolicyNeedsAtLeastOneAttempt() {
    assertThat(RetryPolicy.of(1, Backoff.geometric()).maxAttempts()).isEqualTo(1);
    assertThatThrownBy(() -> RetryPolicy.of(0, Backoff.geometric()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a retry policy needs at least 1 attempt (1 = never retry), but got 0");
  }

  @Test
  void aRuntimeRefusesAKindOnAnUndeclaredQueue() {
    JobKind kind = JobKind.builder("webhook.deliver").queue("webhooks").retryPolicy(POLICY).build();

    assertThatThrownBy(() -> Jobs.builder().queue("default", 1).register(kind, job -> { }).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("job kind webhook.deliver runs on queue webhooks, which is not declared;"
            + " add .queue(\"webhooks\", workers) to the builder");
    assertThat(Jobs.builder().queue("webhooks", 1).register(kind, job -> { }).build()).isNotNull();
  }

  @Test
  void aRuntimeRefusesDuplicatesAndQueuesWithoutWorkers() {
    JobKind kind = JobKind.builder("k").retryPolicy(POLICY).build();

    assertThatThrownBy(() -> Jobs.builder().register(kind, job -> { }).register(kind, job -> { }))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("job kind k is registered twice");
    assertThatThrownBy(() -> Jobs.builder().queue("q", 1).queue("q", 2))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("queue q is declared twice");
    assertThatThrownBy(() -> Jobs.builder().queue("q", 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("queue q needs at least 1 worker, but got 0");
    assertThatThrownBy(() -> Jobs.builder().pollInterval(Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the poll interval must be positive: PT0S");
    assertThatThrownBy(() -> Jobs.builder().batchSize(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the batch size must be at least 1: 0");
  }

  @Test
  void runDueIsForRuntimesThatWereNotStarted() {
    Jobs jobs = Jobs.builder().queue("default", 1).build();
    jobs.start();
    try {
      assertThatThrownBy(jobs::runDue)
          .isInstanceOf(IllegalStateException.class)
          .hasMessage("runDue() needs a runtime that is created, but this one is started");
      assertThatThrownBy(jobs::start).isInstanceOf(IllegalStateException.class);
    } finally {
      assertThat(jobs.shutdown(ofSeconds(5))).isTrue();
    }
    assertThat(jobs.shutdown(ofSeconds(5))).as("a second shutdown is a no-op").isTrue();
  }

  @Test
  void aJobNamesTheMissingArgumentAndTheOnesItHas() {
    Job job = new Job(7, "webhook.deliver", Map.of("event", "e1"), 1, Instant.EPOCH);

    assertThat(job.arg("event")).isEqualTo("e1");
    assertThatThrownBy(() -> job.arg("endpoint"))
        .isInstanceOf(NoSuchElementException.class)
        .hasMessage("job 7 (webhook.deliver) has no argument \"endpoint\"; its arguments are"
            + " [event]");
  }

  @Test
  void aSnoozeWakesAtItsInstantOrAfterItsDelay() {
    Instant now = Instant.parse("2026-11-30T08:00:00Z");

    assertThat(Snooze.after(ofMinutes(2)).wakeAt(now)).isEqualTo(now.plus(ofMinutes(2)));
    assertThat(Snooze.until(now.plusSeconds(9)).wakeAt(now)).isEqualTo(now.plusSeconds(9));
    assertThat(Snooze.after(ofSeconds(1)).wakeAt(ManualClock.at(now)))
        .isEqualTo(now.plusSeconds(1));
    assertThatThrownBy(() -> Snooze.after(ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a snooze cannot be negative: PT-1S");
  }

  @Test
  void enqueueOptionsCombine() {
    Instant at = Instant.parse("2026-11-30T08:00:00Z");

    assertThat(EnqueueOptions.defaults().firstRun()).isEmpty();
    assertThat(EnqueueOptions.defaults().isUniqueByArgs()).isFalse();
    assertThat(EnqueueOptions.runAt(at).firstRun()).contains(at);
    assertThat(EnqueueOptions.runAt(at).isUniqueByArgs()).isFalse();
    assertThat(EnqueueOptions.uniqueByArgs().isUniqueByArgs()).isTrue();
    assertThat(EnqueueOptions.uniqueByArgs().andRunAt(at).firstRun()).contains(at);
    assertThat(EnqueueOptions.runAt(at).andUniqueByArgs().isUniqueByArgs()).isTrue();
  }

  @Test
  void uniqueKeysAreEqualForEqualArgumentsOnly() {
    assertThat(NewJob.uniqueKey("k", Map.of("a", "1", "b", "2")))
        .isEqualTo(NewJob.uniqueKey("k", Map.of("b", "2", "a", "1")))
        .isNotEqualTo(NewJob.uniqueKey("k", Map.of("a", "1")))
        .isNotEqualTo(NewJob.uniqueKey("k2", Map.of("a", "1", "b", "2")));
    assertThat(NewJob.uniqueKey("k", Map.of("a", "1|b=2")))
        .isNotEqualTo(NewJob.uniqueKey("k", Map.of("a", "1", "b", "2")));
  }

  @Test
  void aManualClockMovesOnlyWhenTold() {
    Instant start = Instant.parse("2026-11-30T08:00:00Z");
    ManualClock clock = ManualClock.at(start);

    assertThat(clock.instant()).isEqualTo(start);
    assertThat(clock.advance(ofSeconds(5))).isEqualTo(start.plusSeconds(5));
    assertThat(clock.withZone(ZoneId.of("Europe/Berlin")).instant())
        .isEqualTo(start.plusSeconds(5));
    clock.set(start);
    assertThat(clock.instant()).isEqualTo(start);
    assertThatThrownBy(() -> clock.advance(ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a clock only moves forward, but the step was PT-1S");
  }
}
