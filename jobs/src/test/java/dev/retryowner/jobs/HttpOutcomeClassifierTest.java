package dev.retryowner.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.retryowner.jobs.HttpOutcome.Decision;
import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class HttpOutcomeClassifierTest {
  private static final Instant NOW = Instant.parse("2026-11-30T08:00:00Z");
  private static final HttpOutcomeClassifier WEBHOOKS = HttpOutcomeClassifier.forWebhooks();

  static Stream<Arguments> responses() {
    return Stream.of(
        // 2xx: success
        arguments(200, null, Decision.SUCCESS, null),
        arguments(201, null, Decision.SUCCESS, null),
        arguments(204, null, Decision.SUCCESS, null),
        arguments(299, "120", Decision.SUCCESS, null),
        // 408, 5xx, 429 without Retry-After: retry
        arguments(408, null, Decision.RETRY, null),
        arguments(429, null, Decision.RETRY, null),
        arguments(500, null, Decision.RETRY, null),
        arguments(502, null, Decision.RETRY, null),
        arguments(503, null, Decision.RETRY, null),
        arguments(504, null, Decision.RETRY, null),
        arguments(599, null, Decision.RETRY, null),
        // Retry-After counts only on 429 and 503
        arguments(500, "120", Decision.RETRY, null),
        arguments(408, "120", Decision.RETRY, null),
        // 429/503 with Retry-After: snooze, delta-seconds or any of the three HTTP-date forms
        arguments(429, "120", Decision.SNOOZE, NOW.plusSeconds(120)),
        arguments(503, "120", Decision.SNOOZE, NOW.plusSeconds(120)),
        arguments(429, " 0 ", Decision.SNOOZE, NOW),
        arguments(429, "Mon, 30 Nov 2026 09:30:00 GMT", Decision.SNOOZE,
            Instant.parse("2026-11-30T09:30:00Z")),
        arguments(503, "Monday, 30-Nov-26 09:30:00 GMT", Decision.SNOOZE,
            Instant.parse("2026-11-30T09:30:00Z")),
        arguments(503, "Mon Nov 30 09:30:00 2026", Decision.SNOOZE,
            Instant.parse("2026-11-30T09:30:00Z")),
        // ... capped per kind (10 h for webhooks), and never in the past
        arguments(429, "86400", Decision.SNOOZE, NOW.plus(Duration.ofHours(10))),
        arguments(503, "Tue, 01 Dec 2026 08:00:00 GMT", Decision.SNOOZE,
            NOW.plus(Duration.ofHours(10))),
        arguments(429, "99999999999999999999", Decision.SNOOZE, NOW.plus(Duration.ofHours(10))),
        arguments(429, "Sun, 06 Nov 1994 08:49:37 GMT", Decision.SNOOZE, NOW),
        arguments(503, "Sunday, 06-Nov-94 08:49:37 GMT", Decision.SNOOZE, NOW),
        // an unreadable Retry-After is ignored
        arguments(429, "soon", Decision.RETRY, null),
        arguments(503, "-5", Decision.RETRY, null),
        arguments(503, "", Decision.RETRY, null),
        arguments(429, "30 Nov 2026", Decision.RETRY, null),
        // every other 4xx, 410 included: discard
        arguments(400, null, Decision.DISCARD, null),
        arguments(401, null, Decision.DISCARD, null),
        arguments(403, null, Decision.DISCARD, null),
        arguments(404, null, Decision.DISCARD, null),
        arguments(409, null, Decision.DISCARD, null),
        arguments(410, null, Decision.DISCARD, null),
        arguments(410, "120", Decision.DISCARD, null),
        arguments(413, null, Decision.DISCARD, null),
        arguments(422, null, Decision.DISCARD, null),
        arguments(451, null, Decision.DISCARD, null),
        arguments(499, null, Decision.DISCARD, null),
        // 1xx and 3xx are not an answer a no-retry client can act on: retry
        arguments(100, null, Decision.RETRY, null),
        arguments(301, null, Decision.RETRY, null),
        arguments(304, null, Decision.RETRY, null));
  }

  @ParameterizedTest(name = "{0} Retry-After={1} -> {2} {3}")
  @MethodSource("responses")
  void classifiesEveryRow(int status, String retryAfter, Decision decision, Instant snoozeUntil) {
    HttpOutcome outcome = WEBHOOKS.classify(status, retryAfter, NOW);

    assertThat(outcome.decision()).isEqualTo(decision);
    assertThat(outcome.snoozeUntil()).isEqualTo(Optional.ofNullable(snoozeUntil));
    assertThat(outcome.reason()).startsWith("HTTP " + status);
  }

  @Test
  void theCapIsPerClassifier() {
    HttpOutcomeClassifier mail = HttpOutcomeClassifier.withSnoozeCap(Duration.ofMinutes(30));

    assertThat(mail.classify(429, "7200", NOW).snoozeUntil())
        .contains(NOW.plus(Duration.ofMinutes(30)));
    assertThat(mail.classify(429, "600", NOW).snoozeUntil()).contains(NOW.plusSeconds(600));
    assertThat(mail.snoozeCap()).isEqualTo(Duration.ofMinutes(30));
    assertThat(WEBHOOKS.snoozeCap()).isEqualTo(HttpOutcomeClassifier.WEBHOOK_SNOOZE_CAP)
        .isEqualTo(Duration.ofHours(10));
  }

  @Test
  void anUnreadableRetryAfterIsNamedInTheReason() {
    assertThat(WEBHOOKS.classify(503, "soon", NOW).reason())
        .isEqualTo("HTTP 503 with an unreadable Retry-After: soon");
    assertThat(WEBHOOKS.classify(503, "120", NOW).reason())
        .isEqualTo("HTTP 503 with Retry-After: 120");
  }

  static Stream<Arguments> failures() {
    return Stream.of(
        arguments(new HttpTimeoutException("request timed out"), "timeout"),
        arguments(new HttpConnectTimeoutException("connect timed out"), "timeout"),
        arguments(new SocketTimeoutException("Read timed out"), "timeout"),
        arguments(new ConnectException("Connection refused"), "connection failure"),
        arguments(new UnknownHostException("sink.invalid"), "connection failure"),
        arguments(new IOException("connection reset"), "connection failure"));
  }

  @ParameterizedTest(name = "{0} -> retry ({1})")
  @MethodSource("failures")
  void everyFailureWithoutAResponseIsRetried(IOException failure, String what) {
    HttpOutcome outcome = WEBHOOKS.classifyFailure(failure);

    assertThat(outcome.decision()).isEqualTo(Decision.RETRY);
    assertThat(outcome.reason()).isEqualTo(what + ": " + failure);
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 99, 600, -1})
  void aStatusOutsideHttpIsRejected(int status) {
    assertThatThrownBy(() -> WEBHOOKS.classify(status, null, NOW))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("not an HTTP status code (100-599): " + status);
  }

  @Test
  void aNegativeCapIsRejected() {
    assertThatThrownBy(() -> HttpOutcomeClassifier.withSnoozeCap(Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a snooze cap cannot be negative: PT-1S");
  }

  @Test
  void successDoesNotThrow() {
    WEBHOOKS.classify(200, null, NOW).throwUnlessSuccess();
    assertThat(WEBHOOKS.classify(200, null, NOW).isSuccess()).isTrue();
    assertThat(WEBHOOKS.classify(500, null, NOW).isSuccess()).isFalse();
  }

  @Test
  void eachNonSuccessThrowsWhatTheJobLayerActsOn() {
    assertThatThrownBy(() -> WEBHOOKS.classify(500, null, NOW).throwUnlessSuccess())
        .isInstanceOf(RetryableFailure.class)
        .hasMessage("HTTP 500");
    assertThatThrownBy(() -> WEBHOOKS.classify(410, null, NOW).throwUnlessSuccess())
        .isInstanceOfSatisfying(Discard.class, discard ->
            assertThat(discard.reason()).isEqualTo("HTTP 410"));
    assertThatThrownBy(() -> WEBHOOKS.classify(429, "60", NOW).throwUnlessSuccess())
        .isInstanceOfSatisfying(Snooze.class, snooze ->
            assertThat(snooze.wakeAt(Instant.EPOCH)).isEqualTo(NOW.plusSeconds(60)));
  }

  @Test
  void aSnoozeTimeGoesOnlyWithSnooze() {
    assertThatThrownBy(() -> new HttpOutcome(Decision.RETRY, "x", Optional.of(NOW)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new HttpOutcome(Decision.SNOOZE, "x", Optional.empty()))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
