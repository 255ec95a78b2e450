package dev.retryowner.jobs;

import static java.time.Duration.ofHours;
import static java.time.Duration.ofMinutes;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** Periodic kinds: scheduled by the runtime, never retried, their last failure visible. */
class PeriodicJobsTest {
  private static final Instant T0 = Instant.parse("2026-11-30T08:00:00Z");

  private final ManualClock clock = ManualClock.at(T0);
  private final List<JobRecord> alerts = new ArrayList<>();
  private final List<Instant> runs = new ArrayList<>();
  private final AtomicBoolean failing = new AtomicBoolean();
  private final JobKind cleanup = JobKind.builder("sessions.cleanup").periodic(ofHours(1)).build();
  private final Jobs jobs = Jobs.builder().clock(clock).queue("default", 1)
      .alertHook(alerts::add)
      .register(cleanup, job -> {
        runs.add(clock.instant());
        if (failing.get()) {
          throw new IllegalStateException("cleanup failed at " + clock.instant());
        }
      })
      .build();

  @Test
  void aPeriodicKindRunsOncePerPeriodFromOnePeriodAfterStart() {
    assertThat(jobs.runDue()).isZero();
    clock.advance(ofHours(1));
    assertThat(jobs.runDue()).isEqualTo(1);
    clock.advance(ofMinutes(59));
    assertThat(jobs.runDue()).isZero();
    clock.advance(ofMinutes(1));
    assertThat(jobs.runDue()).isEqualTo(1);

    assertThat(runs).containsExactly(T0.plus(ofHours(1)), T0.plus(ofHours(2)));
    assertThat(jobs.inspector().list(JobFilter.all().states(JobState.PENDING)))
        .singleElement().satisfies(next ->
            assertThat(next.scheduledAt()).isEqualTo(T0.plus(ofHours(3))));
  }

  @Test
  void aFailedPeriodIsNotRetriedAndStaysVisibleAfterTheNextPeriodSucceeds() {
    jobs.runDue();
    failing.set(true);
    clock.advance(ofHours(1));
    jobs.runDue();
    clock.advance(ofMinutes(30));
    assertThat(jobs.runDue()).as("no retry between periods").isZero();

    failing.set(false);
    clock.advance(ofMinutes(30));
    jobs.runDue();

    assertThat(runs).containsExactly(T0.plus(ofHours(1)), T0.plus(ofHours(2)));
    KindOverview overview = jobs.inspector().overview().get(0);
    assertThat(overview.count(JobState.DISCARDED)).isEqualTo(1);
    assertThat(overview.count(JobState.COMPLETED)).isEqualTo(1);
    assertThat(overview.lastError()).map(AttemptError::error)
        .contains("java.lang.IllegalStateException: cleanup failed at " + T0.plus(ofHours(1)));
    assertThat(alerts).as("the panel shows it; no alert").isEmpty();
  }

  @Test
  void periodsMissedWhileNothingRanAreSkipped() {
    jobs.runDue();
    clock.advance(ofHours(5).plus(ofMinutes(10)));

    assertThat(jobs.runDue()).isEqualTo(1);

    assertThat(jobs.inspector().list(JobFilter.all().states(JobState.PENDING)))
        .singleElement().satisfies(next ->
            assertThat(next.scheduledAt()).isEqualTo(T0.plus(ofHours(6))));
  }
}
