package dev.retryowner.jobs;

import static java.time.Duration.ofMinutes;
import static java.time.Duration.ofSeconds;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The seed's covered cases with the classifier and the runtime together: a handler that only
 * classifies scripted HTTP answers, the policy deciding the rest.
 */
class SeedCasesTest {
  private static final Instant T0 = Instant.parse("2026-11-30T08:00:00Z");

  /** An HTTP answer: status and Retry-After (null when absent). */
  private record Answer(int status, String retryAfter) {}

  private final ManualClock clock = ManualClock.at(T0);
  private final Deque<Answer> answers = new ArrayDeque<>();
  private final List<Integer> attemptsSeen = new ArrayList<>();
  private final List<JobRecord> alerts = new ArrayList<>();
  private final JobKind deliver = JobKind.builder("webhook.deliver")
      .queue("webhooks")
      .retryPolicy(RetryPolicy.of(18, Backoff.svix()).whenExhausted(WhenExhausted.DISCARD))
      .build();
  private final HttpOutcomeClassifier classifier = HttpOutcomeClassifier.forWebhooks();
  private final Jobs jobs = Jobs.builder().clock(clock).jitter(Jitter.none())
      .queue("webhooks", 1)
      .alertHook(alerts::add)
      .register(deliver, job -> {
        attemptsSeen.add(job.attempt());
        Answer answer = answers.removeFirst();
        classifier.classify(answer.status(), answer.retryAfter(), clock.instant())
            .throwUnlessSuccess();
      })
      .build();

  private JobRecord job(long id) {
    return jobs.inspector().get(id).orElseThrow();
  }

  @Test
  void aSinkAnswering500TwiceIsDeliveredOnTheThirdAttemptOnTheSvixSchedule() {
    answers.addAll(List.of(new Answer(500, null), new Answer(500, null), new Answer(200, null)));
    long id = jobs.enqueue(deliver, Map.of("event", "e1"));

    jobs.runDue();
    clock.advance(ofSeconds(5));
    jobs.runDue();
    clock.advance(ofMinutes(5));
    jobs.runDue();

    assertThat(attemptsSeen).containsExactly(1, 2, 3);
    assertThat(job(id).state()).isEqualTo(JobState.COMPLETED);
    assertThat(job(id).errors()).extracting(AttemptError::error)
        .containsExactly("dev.retryowner.jobs.RetryableFailure: HTTP 500",
            "dev.retryowner.jobs.RetryableFailure: HTTP 500");
    assertThat(answers).isEmpty();
  }

  @Test
  void a429WithRetryAfterRunsAgainThenWithoutSpendingAnAttempt() {
    answers.addAll(List.of(new Answer(429, "120"), new Answer(200, null)));
    long id = jobs.enqueue(deliver, Map.of("event", "e1"));

    jobs.runDue();
    assertThat(job(id).scheduledAt()).isEqualTo(T0.plusSeconds(120));
    clock.advance(ofSeconds(119));
    assertThat(jobs.runDue()).isZero();
    clock.advance(ofSeconds(1));
    jobs.runDue();

    assertThat(attemptsSeen).containsExactly(1, 1);
    assertThat(job(id).state()).isEqualTo(JobState.COMPLETED);
    assertThat(job(id).attempt()).isEqualTo(1);
    assertThat(job(id).snoozes()).isEqualTo(1);
    assertThat(job(id).errors()).isEmpty();
  }

  @Test
  void a410IsDiscardedAtOnce() {
    answers.add(new Answer(410, null));
    long id = jobs.enqueue(deliver, Map.of("event", "e1"));

    jobs.runDue();
    clock.advance(ofMinutes(60));

    assertThat(jobs.runDue()).isZero();
    assertThat(attemptsSeen).containsExactly(1);
    assertThat(job(id).state()).isEqualTo(JobState.DISCARDED);
    assertThat(alerts).isEmpty();
  }
}
