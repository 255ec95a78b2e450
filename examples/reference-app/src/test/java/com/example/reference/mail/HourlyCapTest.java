package com.example.reference.mail;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class HourlyCapTest {
  private static final Instant TEN_PAST = Instant.parse("2026-11-30T10:10:00Z");

  @Test
  void isSpentAfterTheLimitWithinTheHourAndPerKey() {
    HourlyCap cap = new HourlyCap(2);
    cap.record("a", TEN_PAST);
    assertThat(cap.isSpent("a", TEN_PAST)).isFalse();

    cap.record("a", TEN_PAST.plusSeconds(60));

    assertThat(cap.isSpent("a", TEN_PAST.plusSeconds(120))).isTrue();
    assertThat(cap.isSpent("b", TEN_PAST.plusSeconds(120))).isFalse();
  }

  @Test
  void theNextClockHourStartsAFreshWindow() {
    HourlyCap cap = new HourlyCap(1);
    cap.record("a", TEN_PAST);

    assertThat(HourlyCap.nextWindow(TEN_PAST)).isEqualTo(Instant.parse("2026-11-30T11:00:00Z"));
    assertThat(cap.isSpent("a", Instant.parse("2026-11-30T11:00:00Z"))).isFalse();
  }

  @Test
  void aLimitBelowOneIsRejected() {
    assertThatThrownBy(() -> new HourlyCap(0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("at least 1");
  }
}
