package dev.retryowner.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CopyOnWriteArraySet;
import org.junit.jupiter.api.Test;

/** The operator's view: overview, list, get with every error, manual retry, cancel. */
class InspectorTest {
  private static final Instant T0 = Instant.parse("2026-11-30T08:00:00Z");

  private final ManualClock clock = ManualClock.at(T0);
  private final List<JobRecord> alerts = new CopyOnWriteArrayList<>();
  private final Set<String> failingEndpoints = new CopyOnWriteArraySet<>();
  private final JobKind deliver = JobKind.builder("webhook.deliver")
      .queue("webhooks")
      .retryPolicy(RetryPolicy.of(2, Backoff.svix()))
      .build();
  private final JobKind index = JobKind.builder("corpus.index")
      .retryPolicy(RetryPolicy.of(10, Backoff.defaultBackoff()))
      .build();
  private final List<Long> ran = new CopyOnWriteArrayList<>();
  private final Jobs jobs = Jobs.builder().clock(clock).jitter(Jitter.none())
      .queue("webhooks", 1)
      .queue("default", 1)
      .alertHook(alerts::add)
      .register(deliver, job -> {
        ran.add(job.id());
        if (failingEndpoints.contains(job.arg("endpoint"))) {
          throw new IOException("HTTP 500 from " + job.arg("endpoint"));
        }
      })
      .register(index, job -> ran.add(job.id()))
      .build();
  private final Inspector inspector = jobs.inspector();

  /** Fails every delivery to {@code endpoint} until exhausted (2 attempts, 5 s apart). */
  private void exhaustDeliveriesTo(String endpoint) {
    failingEndpoints.add(endpoint);
    jobs.runDue();
    clock.advance(Duration.ofSeconds(5));
    jobs.runDue();
  }

  @Test
  void theOverviewListsEveryRegisteredKindWithItsCountsByState() {
    jobs.enqueue(deliver, Map.of("endpoint", "A"));
    jobs.enqueue(deliver, Map.of("endpoint", "B"));
    exhaustDeliveriesTo("A");

    List<KindOverview> overview = inspector.overview();

    assertThat(overview).extracting(KindOverview::kind)
        .containsExactly("corpus.index", "webhook.deliver");
    assertThat(overview.get(0).counts()).isEmpty();
    assertThat(overview.get(0).lastError()).isEmpty();
    assertThat(overview.get(1).counts())
        .isEqualTo(Map.of(JobState.COMPLETED, 1L, JobState.DISCARDED, 1L));
    assertThat(overview.get(1).lastError()).map(AttemptError::error)
        .contains("java.io.IOException: HTTP 500 from A");
  }

  @Test
  void kindsAreTheRegisteredKindsWithTheirPoliciesSortedByName() {
    assertThat(inspector.kinds()).containsExactly(index, deliver);
    assertThat(inspector.kind("webhook.deliver")).contains(deliver);
    assertThat(inspector.kind("webhook.deliver").orElseThrow().retryPolicy().maxAttempts())
        .isEqualTo(2);
  }

  @Test
  void aKindThatIsNotRegisteredHasNoPolicyToShow() {
    assertThat(inspector.kind("sessions.cleanup")).isEmpty();
  }

  @Test
  void getShowsEveryAttemptsError() {
    long id = jobs.enqueue(deliver, Map.of("endpoint", "A"));
    exhaustDeliveriesTo("A");

    JobRecord job = inspector.get(id).orElseThrow();

    assertThat(job.state()).isEqualTo(JobState.DISCARDED);
    assertThat(job.errors()).extracting(AttemptError::attempt, AttemptError::at)
        .containsExactly(tuple(1, T0),
            tuple(2, T0.plusSeconds(5)));
    assertThat(job.errors()).allSatisfy(error ->
        assertThat(error.trace()).contains("HTTP 500 from A").contains("at "));
    assertThat(inspector.get(9_999)).isEmpty();
  }

  @Test
  void listFiltersLikeTheStore() {
    long a = jobs.enqueue(deliver, Map.of("endpoint", "A"));
    long b = jobs.enqueue(deliver, Map.of("endpoint", "B"));
    long i = jobs.enqueue(index, Map.of("doc", "1"));

    assertThat(inspector.list(JobFilter.all())).extracting(JobRecord::id).containsExactly(i, b, a);
    assertThat(inspector.list(JobFilter.all().kind("webhook.deliver").arg("endpoint", "B")))
        .extracting(JobRecord::id).containsExactly(b);
  }

  @Test
  void retryRunsADiscardedJobAgainWithOneMoreAttemptAndAlertsAgainIfItFails() {
    long id = jobs.enqueue(deliver, Map.of("endpoint", "A"));
    exhaustDeliveriesTo("A");
    assertThat(alerts).extracting(JobRecord::id).containsExactly(id);

    assertThat(inspector.retry(id)).isTrue();
    assertThat(inspector.get(id).orElseThrow().state()).isEqualTo(JobState.PENDING);
    jobs.runDue();
    assertThat(inspector.get(id).orElseThrow().errors()).hasSize(3);
    assertThat(alerts).extracting(JobRecord::id).containsExactly(id, id);

    failingEndpoints.clear();
    assertThat(inspector.retry(id)).isTrue();
    jobs.runDue();
    JobRecord delivered = inspector.get(id).orElseThrow();
    assertThat(delivered.state()).isEqualTo(JobState.COMPLETED);
    assertThat(delivered.attempt()).isEqualTo(4);
    assertThat(delivered.errors()).hasSize(3);
  }

  @Test
  void redeliveringAnEndpointRetriesEachOfItsDiscardedDeliveries() {
    long a1 = jobs.enqueue(deliver, Map.of("endpoint", "A"));
    long a2 = jobs.enqueue(deliver, Map.of("endpoint", "A"));
    long b1 = jobs.enqueue(deliver, Map.of("endpoint", "B"));
    failingEndpoints.add("B");
    exhaustDeliveriesTo("A");
    failingEndpoints.clear();

    inspector.list(JobFilter.all().kind("webhook.deliver").states(JobState.DISCARDED)
            .arg("endpoint", "A"))
        .forEach(job -> assertThat(inspector.retry(job.id())).isTrue());
    ran.clear();
    jobs.runDue();

    assertThat(ran).containsExactlyInAnyOrder(a1, a2);
    assertThat(inspector.get(b1).orElseThrow().state()).isEqualTo(JobState.DISCARDED);
  }

  @Test
  void retryRefusesJobsThatAreNotDiscarded() {
    long completed = jobs.enqueue(index, Map.of());
    jobs.runDue();
    long pending = jobs.enqueue(index, Map.of(), EnqueueOptions.runAt(T0.plusSeconds(60)));

    assertThat(inspector.retry(completed)).isFalse();
    assertThat(inspector.retry(pending)).isFalse();
    assertThat(inspector.retry(9_999)).isFalse();
  }

  @Test
  void cancelIsNotDiscard() {
    long cancelled = jobs.enqueue(index, Map.of("doc", "1"));
    long discarded = jobs.enqueue(deliver, Map.of("endpoint", "A"));

    assertThat(inspector.cancel(cancelled)).isTrue();
    exhaustDeliveriesTo("A");

    JobRecord cancelledJob = inspector.get(cancelled).orElseThrow();
    assertThat(cancelledJob.state()).isEqualTo(JobState.CANCELLED);
    assertThat(cancelledJob.errors()).isEmpty();
    assertThat(cancelledJob.finalizedAt()).isEqualTo(T0);
    assertThat(ran).doesNotContain(cancelled);
    assertThat(alerts).extracting(JobRecord::id).containsExactly(discarded);
    assertThat(inspector.get(discarded).orElseThrow().state()).isEqualTo(JobState.DISCARDED);
    assertThat(inspector.retry(cancelled)).as("a cancel is final").isFalse();
    assertThat(inspector.cancel(cancelled)).isFalse();
    assertThat(inspector.cancel(discarded)).as("a discarded job is already final").isFalse();
  }

  @Test
  void cancelStopsARetryableJobFromRunningAgain() {
    long id = jobs.enqueue(deliver, Map.of("endpoint", "A"));
    failingEndpoints.add("A");
    jobs.runDue();

    assertThat(inspector.cancel(id)).isTrue();
    clock.advance(Duration.ofDays(1));

    assertThat(jobs.runDue()).isZero();
    assertThat(inspector.get(id).orElseThrow().state()).isEqualTo(JobState.CANCELLED);
  }
}
