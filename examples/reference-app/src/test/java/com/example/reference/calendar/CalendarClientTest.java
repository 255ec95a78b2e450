package com.example.reference.calendar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.example.reference.testing.Loopback;
import com.example.reference.testing.Loopback.Reply;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class CalendarClientTest {
  private static final Instant FROM = Instant.parse("2026-11-30T09:00:00Z");
  private static final Instant TO = Instant.parse("2026-11-30T17:00:00Z");

  private final Loopback calendar = Loopback.start();
  private final CalendarClient client =
      new CalendarClient(calendar.uri("/"), Duration.ofMillis(500));

  CalendarClientTest() throws IOException {}

  @AfterEach
  void stop() {
    calendar.close();
  }

  @Test
  void readsTheBusySlots() throws Exception {
    calendar.reply(Reply.json(200, "{\"busy\":[{\"start\":\"2026-11-30T10:00:00Z\","
        + "\"end\":\"2026-11-30T11:00:00Z\"}]}"));

    assertThat(client.busy("room 1", FROM, TO)).containsExactly(new BusySlot(
        Instant.parse("2026-11-30T10:00:00Z"), Instant.parse("2026-11-30T11:00:00Z")));
    assertThat(calendar.requests()).singleElement().satisfies(r -> {
      assertThat(r.method()).isEqualTo("GET");
      assertThat(r.path()).isEqualTo("/calendars/room+1/freebusy?from=2026-11-30T09%3A00%3A00Z"
          + "&to=2026-11-30T17%3A00%3A00Z");
    });
  }

  @Test
  void aTransientAnswerIsCalendarUnavailableAfterOneRequest() {
    for (int status : new int[] {503, 500, 429, 408}) {
      calendar.reply(Reply.of(status).withHeader("Retry-After", "0"));
    }

    for (int i = 0; i < 4; i++) {
      assertThatThrownBy(() -> client.busy("room", FROM, TO))
          .isInstanceOf(CalendarUnavailable.class);
    }
    assertThat(calendar.requests()).hasSize(4);
  }

  @Test
  void noConnectionIsCalendarUnavailableAtOnce() throws Exception {
    URI closed;
    try (ServerSocket socket = new ServerSocket(0)) {
      closed = URI.create("http://127.0.0.1:" + socket.getLocalPort() + "/");
    }
    CalendarClient down = new CalendarClient(closed, Duration.ofMillis(500));

    assertThatThrownBy(() -> down.busy("room", FROM, TO)).isInstanceOf(CalendarUnavailable.class)
        .hasMessageContaining("did not answer");
  }

  @Test
  void aCalendarThatDoesNotAnswerInTimeIsCalendarUnavailable() throws Exception {
    // Accepts connections into its backlog and never answers.
    try (ServerSocket silent = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      CalendarClient slow = new CalendarClient(
          URI.create("http://127.0.0.1:" + silent.getLocalPort() + "/"), Duration.ofMillis(300));

      assertThatThrownBy(() -> slow.busy("room", FROM, TO))
          .isInstanceOf(CalendarUnavailable.class);
    }
  }

  @Test
  void aPermanentRejectionIsNotCalledUnavailable() {
    calendar.reply(Reply.json(404, "{\"error\":\"no such calendar\"}"));

    assertThatThrownBy(() -> client.busy("gone", FROM, TO))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("404")
        .hasMessageContaining("retrying cannot help");
    assertThat(calendar.requests()).hasSize(1);
  }
}
