package dev.retryowner.jobs;

import static java.time.Duration.ofHours;
import static java.time.Duration.ofMinutes;
import static java.time.Duration.ofSeconds;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class BackoffTest {
  /** The delays after failed attempts 1..{@code failures}, jitter off. */
  private static List<Duration> table(Backoff backoff, int failures) {
    return IntStream.rangeClosed(1, failures)
        .mapToObj(attempt -> backoff.delay(attempt, Jitter.none()))
        .toList();
  }

  private static Duration total(List<Duration> delays) {
    return delays.stream().reduce(Duration.ZERO, Duration::plus);
  }

  @Test
  void defaultBackoffStartsAtOneSecondAndDoublesForCorpusIndexsTenAttempts() {
    // corpus.index: 10 attempts, so 9 waits.
    assertThat(table(Backoff.defaultBackoff(), 9)).containsExactly(
        ofSeconds(1), ofSeconds(2), ofSeconds(4), ofSeconds(8), ofSeconds(16), ofSeconds(32),
        ofSeconds(64), ofSeconds(128), ofSeconds(256));
  }

  @Test
  void defaultBackoffIsCappedAtFifteenMinutes() {
    Backoff backoff = Backoff.defaultBackoff();
    assertThat(backoff.delay(10, Jitter.none())).isEqualTo(ofSeconds(512));
    assertThat(backoff.delay(11, Jitter.none())).isEqualTo(ofMinutes(15));
    assertThat(backoff.delay(12, Jitter.none())).isEqualTo(ofMinutes(15));
    assertThat(backoff.delay(1_000, Jitter.none())).isEqualTo(ofMinutes(15));
  }

  @Test
  void geometricTakesTwentySecondsTimesThreeAndAboutSixHoursOverEightAttempts() {
    // owner.notify: 8 attempts, so 7 waits.
    List<Duration> delays = table(Backoff.geometric(), 7);

    assertThat(delays).containsExactly(
        ofSeconds(20), ofSeconds(60), ofSeconds(180), ofSeconds(540), ofSeconds(1_620),
        ofSeconds(4_860), ofSeconds(14_580));
    assertThat(total(delays)).isEqualTo(ofSeconds(21_860)).isBetween(ofHours(6), ofHours(7));
  }

  @Test
  void svixScheduleRepeatsTenHoursAndSpansAboutFivePointThreeDaysOverEighteenAttempts() {
    // webhook.deliver: 18 attempts, so 17 waits.
    List<Duration> delays = table(Backoff.svix(), 17);

    List<Duration> expected = new ArrayList<>(List.of(
        ofSeconds(5), ofMinutes(5), ofMinutes(30), ofHours(2), ofHours(5)));
    expected.addAll(Collections.nCopies(12, ofHours(10)));
    assertThat(delays).containsExactlyElementsOf(expected);
    assertThat(total(delays)).isEqualTo(ofSeconds(459_305));
    assertThat(total(delays).toMinutes() / (24 * 60.0)).isBetween(5.3, 5.35);
  }

  @Test
  void aScheduleRepeatsItsLastStep() {
    Backoff backoff = Backoff.schedule(ofSeconds(1), ofSeconds(7));

    assertThat(table(backoff, 4))
        .containsExactly(ofSeconds(1), ofSeconds(7), ofSeconds(7), ofSeconds(7));
  }

  @Test
  void anUncappedExponentialStopsAtItsCeilingInsteadOfOverflowing() {
    assertThat(Backoff.geometric().delay(200, Jitter.none())).isEqualTo(Backoff.UNCAPPED_CEILING);
    assertThat(Backoff.geometric().delay(8, Jitter.none())).isEqualTo(ofSeconds(43_740));
  }

  @Test
  void jitterStaysWithinTenPercentOnEveryBackoffAndSpreadsAcrossTheRange() {
    Jitter jitter = Jitter.standard(new Random(20_260_101L));
    for (Backoff backoff : List.of(Backoff.defaultBackoff(), Backoff.geometric(), Backoff.svix())) {
      for (int attempt = 1; attempt <= 17; attempt++) {
        long base = backoff.baseDelay(attempt).toNanos();
        double lowest = Double.MAX_VALUE;
        double highest = 0;
        double sum = 0;
        int samples = 2_000;
        for (int i = 0; i < samples; i++) {
          double ratio = backoff.delay(attempt, jitter).toNanos() / (double) base;
          lowest = Math.min(lowest, ratio);
          highest = Math.max(highest, ratio);
          sum += ratio;
        }
        assertThat(lowest).as("%s attempt %d", backoff, attempt).isBetween(0.9, 0.91);
        assertThat(highest).as("%s attempt %d", backoff, attempt).isBetween(1.09, 1.1);
        assertThat(sum / samples).as("%s attempt %d", backoff, attempt).isBetween(0.99, 1.01);
      }
    }
  }

  @Test
  void noJitterLeavesTheDelayAsIs() {
    assertThat(Jitter.none().apply(ofSeconds(5))).isEqualTo(ofSeconds(5));
  }

  @ParameterizedTest
  @ValueSource(doubles = {-0.1, 1.0, Double.NaN})
  void aJitterFractionOutsideZeroToOneIsRejected(double fraction) {
    assertThatThrownBy(() -> Jitter.plusMinus(fraction, new Random()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("jitter fraction must be in [0, 1)");
  }

  @Test
  void attemptsAreCountedFromOne() {
    assertThatThrownBy(() -> Backoff.defaultBackoff().delay(0, Jitter.none()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("attempts are counted from 1, but the failed attempt was 0");
  }

  @Test
  void malformedBackoffsAreRejectedWithTheReason() {
    assertThatThrownBy(Backoff::schedule)
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a backoff schedule needs at least one step");
    assertThatThrownBy(() -> Backoff.schedule(ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a backoff step must not be negative: PT-1S");
    assertThatThrownBy(() -> Backoff.exponential(Duration.ZERO, 2, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the first backoff delay must be positive: PT0S");
    assertThatThrownBy(() -> Backoff.exponential(ofSeconds(1), 0, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the backoff factor must be at least 1: 0");
    assertThatThrownBy(() -> Backoff.exponential(ofMinutes(1), 2, ofSeconds(1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the backoff cap PT1S is below the first delay PT1M");
  }
}
