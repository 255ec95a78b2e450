package dev.retryowner.jobs.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/** The test tools' own logic: the failure plan and the overlap of recorded attempts. */
class FaultPlanTest {
  private static final Instant T0 = Instant.parse("2026-11-30T08:00:00Z");

  @Test
  void aPlanFailsAboutItsRateOfAttemptsAndAlwaysTheSameOnes() {
    FaultPlan plan = new FaultPlan(30);
    long failed = LongStream.rangeClosed(1, 10_000).filter(id -> plan.fails(id, 1)).count();

    assertThat(failed).isBetween(2_700L, 3_300L);
    assertThat(LongStream.rangeClosed(1, 100).allMatch(
        id -> plan.fails(id, 2) == new FaultPlan(30).fails(id, 2))).isTrue();
  }

  @Test
  void attemptsStopAtTheFirstSuccessOrAtTheMaximum() {
    assertThat(new FaultPlan(0).attempts(7, 3)).isEqualTo(1);
    assertThat(new FaultPlan(0).completes(7, 3)).isTrue();
    assertThat(new FaultPlan(100).attempts(7, 3)).isEqualTo(3);
    assertThat(new FaultPlan(100).completes(7, 3)).isFalse();
  }

  @Test
  void aRateOutsideZeroToHundredIsRefused() {
    assertThatThrownBy(() -> new FaultPlan(101))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("101");
  }

  @Test
  void attemptsOverlapOnlyWhenTheirIntervalsShareTime() {
    AttemptsSeen.Attempt first = attempt(0, 10);

    assertThat(first.overlaps(attempt(5, 15))).isTrue();
    assertThat(attempt(5, 15).overlaps(first)).isTrue();
    assertThat(first.overlaps(attempt(10, 20))).as("one ends as the next starts").isFalse();
    assertThat(attempt(10, 20).overlaps(first)).isFalse();
  }

  private static AttemptsSeen.Attempt attempt(int startMillis, int endMillis) {
    return new AttemptsSeen.Attempt(1, 1, 1, "endpoint:1", T0.plusMillis(startMillis),
        T0.plusMillis(endMillis));
  }
}
