package com.example.reference.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.example.reference.testing.Harness;
import com.example.reference.testing.Loopback;
import com.example.reference.testing.Loopback.Reply;
import com.example.reference.testing.Loopback.Request;
import dev.retryowner.jobs.JobRecord;
import dev.retryowner.jobs.JobState;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class WebhookDeliveryTest {
  private static final WebhookSecret SECRET =
      WebhookSecret.parse("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw");
  private static final String PAYLOAD = "{\"type\":\"booking.created\",\"booking\":42}";

  private final Harness harness = new Harness();
  private final Loopback sink = Loopback.start();
  /** The webhook-ids the sink accepted (answered 2xx), in order. */
  private final List<String> received = new ArrayList<>();

  WebhookDeliveryTest() throws IOException {
    sink.otherwise(request -> {
      synchronized (received) {
        received.add(request.header("webhook-id"));
      }
      return Reply.of(204);
    });
    harness.app.endpoints().add(WebhookEndpoint.of("ep", sink.uri("/hooks"), SECRET));
  }

  @AfterEach
  void stop() {
    sink.close();
    harness.close();
  }

  @Test
  void sinkFailingTwiceGetsTheEventOnTheThirdAttemptExactlyOnce() {
    sink.reply(Reply.of(500), Reply.of(500));

    harness.app.publish(new WebhookEvent("evt_1", "booking.created", PAYLOAD));
    harness.runDue();
    assertThat(endpoint().failingSince()).isEqualTo(Harness.START);
    harness.runNext();
    harness.runNext();

    JobRecord delivery = harness.jobs(WebhookKinds.DELIVER).get(0);
    assertThat(delivery.state()).isEqualTo(JobState.COMPLETED);
    assertThat(delivery.attempt()).isEqualTo(3);
    assertThat(delivery.errors()).hasSize(2);
    assertThat(received).containsExactly("evt_1");
    assertThat(sink.requests()).hasSize(3).allSatisfy(request -> {
      assertThat(request.header("webhook-id")).isEqualTo("evt_1");
      assertThat(request.body()).isEqualTo(PAYLOAD);
      assertThat(request.header("webhook-signature")).isEqualTo(expectedSignature(request));
    });
    assertThat(harness.clock.instant()).isEqualTo(
        Harness.START.plus(Duration.ofSeconds(5)).plus(Duration.ofMinutes(5)));
    assertThat(endpoint().failingSince()).isNull();
  }

  @Test
  void tooManyRequestsWithRetryAfterRunsAgainThenWithoutSpendingAnAttempt() {
    sink.reply(Reply.of(429).withHeader("Retry-After", "120"));

    harness.app.publish(new WebhookEvent("evt_1", "booking.created", PAYLOAD));
    harness.runDue();
    JobRecord snoozed = harness.jobs(WebhookKinds.DELIVER).get(0);
    assertThat(snoozed.state()).isEqualTo(JobState.SNOOZED);
    assertThat(snoozed.scheduledAt()).isEqualTo(Harness.START.plusSeconds(120));
    harness.clock.set(Harness.START.plusSeconds(119));
    assertThat(harness.runDue()).isZero();
    harness.runNext();

    JobRecord delivered = harness.job(snoozed.id());
    assertThat(delivered.state()).isEqualTo(JobState.COMPLETED);
    assertThat(delivered.attempt()).isEqualTo(1);
    assertThat(delivered.snoozes()).isEqualTo(1);
    assertThat(received).containsExactly("evt_1");
  }

  @Test
  void aRetryAfterBeyondTenHoursIsCappedAtTenHours() {
    sink.reply(Reply.of(503).withHeader("Retry-After", "86400"));

    harness.app.publish(new WebhookEvent("evt_1", "booking.created", PAYLOAD));
    harness.runDue();

    assertThat(harness.jobs(WebhookKinds.DELIVER).get(0).scheduledAt())
        .isEqualTo(Harness.START.plus(Duration.ofHours(10)));
  }

  @Test
  void goneIsDiscardedAtOnceAndMarksTheEndpointFailing() {
    sink.reply(Reply.of(410));

    harness.app.publish(new WebhookEvent("evt_1", "booking.created", PAYLOAD));
    harness.runDue();

    JobRecord delivery = harness.jobs(WebhookKinds.DELIVER).get(0);
    assertThat(delivery.state()).isEqualTo(JobState.DISCARDED);
    assertThat(delivery.attempt()).isEqualTo(1);
    assertThat(sink.requests()).hasSize(1);
    assertThat(received).isEmpty();
    assertThat(endpoint().failingSince()).isEqualTo(Harness.START);
    assertThat(harness.runNext()).isEmpty();
  }

  @Test
  void aBusyEndpointSnoozesTheDeliveryTwoSecondsWithoutSending() {
    assertThat(harness.app.endpoints().tryLease("ep", 999, Harness.START,
        Harness.START.plus(WebhookDelivery.LEASE))).isTrue();

    harness.app.publish(new WebhookEvent("evt_1", "booking.created", PAYLOAD));
    harness.runDue();
    JobRecord snoozed = harness.jobs(WebhookKinds.DELIVER).get(0);
    assertThat(snoozed.state()).isEqualTo(JobState.SNOOZED);
    assertThat(snoozed.scheduledAt()).isEqualTo(Harness.START.plusSeconds(2));
    assertThat(sink.requests()).isEmpty();

    harness.app.endpoints().release("ep", 999);
    harness.runNext();

    assertThat(harness.job(snoozed.id()).state()).isEqualTo(JobState.COMPLETED);
    assertThat(harness.job(snoozed.id()).attempt()).isEqualTo(1);
    assertThat(received).containsExactly("evt_1");
    assertThat(endpoint().busyUntil()).isNull();
  }

  @Test
  void anExpiredLeaseDoesNotBlockTheEndpoint() {
    harness.app.endpoints().tryLease("ep", 999, Harness.START.minusSeconds(30),
        Harness.START.minusSeconds(10));

    harness.app.publish(new WebhookEvent("evt_1", "booking.created", PAYLOAD));
    harness.runDue();

    assertThat(received).containsExactly("evt_1");
  }

  @Test
  void whileTheEndpointFailsNewDeliveriesWaitFiveMinutesAndASuccessEndsThat() {
    sink.reply(Reply.of(500));
    harness.app.publish(new WebhookEvent("evt_1", "booking.created", PAYLOAD));
    harness.runDue();

    harness.app.publish(new WebhookEvent("evt_2", "booking.created", PAYLOAD));
    harness.runDue();
    JobRecord second = harness.jobs(WebhookKinds.DELIVER).get(1);
    assertThat(second.args()).containsEntry("event", "evt_2");
    assertThat(second.state()).isEqualTo(JobState.PENDING);
    assertThat(second.scheduledAt()).isEqualTo(Harness.START.plus(WebhookFanout.FAILING_COOLDOWN));

    harness.runNext();
    assertThat(received).containsExactly("evt_1");
    assertThat(endpoint().failingSince()).isNull();
    harness.runNext();
    assertThat(received).containsExactly("evt_1", "evt_2");

    Instant now = harness.clock.instant();
    harness.app.publish(new WebhookEvent("evt_3", "booking.created", PAYLOAD));
    harness.runDue();
    assertThat(harness.jobs(WebhookKinds.DELIVER).get(2).scheduledAt()).isEqualTo(now);
    assertThat(received).containsExactly("evt_1", "evt_2", "evt_3");
  }

  @Test
  void anEndpointFailingForFiveDaysIsDisabledWithAReasonAndGetsNoNewEvents() {
    sink.otherwise(request -> Reply.of(503));

    harness.app.publish(new WebhookEvent("evt_1", "booking.created", PAYLOAD));
    while (harness.runNext().isPresent()) {
      assertThat(harness.clock.instant()).isBefore(Harness.START.plus(Duration.ofDays(6)));
    }

    WebhookEndpoint disabled = endpoint();
    assertThat(disabled.enabled()).isFalse();
    assertThat(disabled.disabledReason()).contains("no successful delivery since "
        + Harness.START).contains("5 days");
    JobRecord delivery = harness.jobs(WebhookKinds.DELIVER).get(0);
    assertThat(delivery.state()).isEqualTo(JobState.DISCARDED);
    // The Svix schedule's 18th attempt, at about 5.3 days, is the first after 5 days of failures.
    assertThat(delivery.attempt()).isEqualTo(18);
    assertThat(delivery.errors()).last()
        .satisfies(error -> assertThat(error.error()).contains("endpoint ep disabled"));
    assertThat(delivery.finalizedAt()).isAfterOrEqualTo(Harness.START.plus(Duration.ofDays(5)));
    int requests = sink.requests().size();

    harness.app.publish(new WebhookEvent("evt_2", "booking.created", PAYLOAD));
    harness.runDue();
    assertThat(harness.jobs(WebhookKinds.DELIVER)).hasSize(1);
    assertThat(sink.requests()).hasSize(requests);
  }

  @Test
  void redeliverRunsEveryDiscardedDeliveryOfOneEndpointAgain() throws IOException {
    try (Loopback other = Loopback.start()) {
      harness.app.endpoints().add(WebhookEndpoint.of("other", other.uri("/in"), SECRET));
      sink.reply(Reply.of(410), Reply.of(410));
      other.otherwise(request -> Reply.of(410));
      harness.app.publish(new WebhookEvent("evt_1", "booking.created", PAYLOAD));
      harness.app.publish(new WebhookEvent("evt_2", "booking.created", PAYLOAD));
      harness.runDue();
      assertThat(harness.jobs(WebhookKinds.DELIVER)).hasSize(4)
          .allMatch(job -> job.state() == JobState.DISCARDED);

      assertThat(harness.app.redeliver("ep")).isEqualTo(2);
      harness.runDue();

      assertThat(received).containsExactlyInAnyOrder("evt_1", "evt_2");
      assertThat(harness.jobs(WebhookKinds.DELIVER)).filteredOn(job -> job.args().get("endpoint")
          .equals("other")).allMatch(job -> job.state() == JobState.DISCARDED);
      assertThat(other.requests()).hasSize(2);
      assertThat(harness.app.redeliver("ep")).isZero();
    }
  }

  @Test
  void redeliverToADisabledOrUnknownEndpointIsRefused() {
    harness.app.endpoints().recordFailure("ep", Harness.START);
    harness.app.endpoints().recordFailure("ep", Harness.START.plus(Duration.ofDays(5)));

    assertThatThrownBy(() -> harness.app.redeliver("ep")).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("is disabled").hasMessageContaining("Enable it");
    assertThatThrownBy(() -> harness.app.redeliver("nope"))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("No webhook endpoint");
  }

  @Test
  void aPrunedEventIsDiscardedWithoutSending() {
    harness.app.publish(new WebhookEvent("evt_1", "booking.created", PAYLOAD));
    harness.app.prune("evt_1");
    harness.runDue();

    assertThat(harness.jobs(WebhookKinds.FANOUT).get(0).state()).isEqualTo(JobState.DISCARDED);
    assertThat(sink.requests()).isEmpty();
  }

  @Test
  void noConnectionIsRetryableAndMarksTheEndpointFailing() throws IOException {
    URI closed;
    try (ServerSocket socket = new ServerSocket(0)) {
      closed = URI.create("http://127.0.0.1:" + socket.getLocalPort() + "/hooks");
    }
    harness.app.endpoints().add(WebhookEndpoint.of("down", closed, SECRET));

    harness.app.publish(new WebhookEvent("evt_1", "booking.created", PAYLOAD));
    harness.runDue();

    JobRecord toDown = harness.jobs(WebhookKinds.DELIVER).stream()
        .filter(job -> job.args().get("endpoint").equals("down")).findFirst().orElseThrow();
    assertThat(toDown.state()).isEqualTo(JobState.RETRYABLE);
    assertThat(toDown.errors()).singleElement()
        .satisfies(error -> assertThat(error.error()).contains("connection failure"));
    assertThat(harness.app.endpoints().find("down").orElseThrow().failingSince())
        .isEqualTo(Harness.START);
    assertThat(received).containsExactly("evt_1");
  }

  private WebhookEndpoint endpoint() {
    return harness.app.endpoints().find("ep").orElseThrow();
  }

  private static String expectedSignature(Request request) {
    Map<String, String> headers = WebhookSigner.headers(request.header("webhook-id"),
        Instant.ofEpochSecond(Long.parseLong(request.header("webhook-timestamp"))),
        request.body(), SECRET);
    return headers.get("webhook-signature");
  }
}
