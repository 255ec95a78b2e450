package com.example.booking;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.example.booking.mail.MailDeliveryException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/**
 * Three layers each retry 3 times around one POST to the mail API: the background task, the
 * notify policy, the HTTP client's interceptor. One failure multiplies.
 */
class RetryAmplificationTest {
  private static final Booking BOOKING =
      new Booking("b-1", "owner@stand.example", "Ada", Instant.parse("2026-12-01T10:00:00Z"));

  @Test
  void oneFailedNotificationBecomes27Requests() {
    try (MailApiStub mailApi = MailApiStub.answering(503)) {
      CompletionException failure = assertThrows(CompletionException.class, () -> bookAndWait(mailApi));

      assertInstanceOf(MailDeliveryException.class, failure.getCause());
      assertEquals(3 * 3 * 3, mailApi.requests());
    }
  }

  @Test
  void aRejectedNotificationBecomes9Requests() {
    // A 4xx is no server error, so only the HTTP layer sends it once; the two layers above still retry.
    try (MailApiStub mailApi = MailApiStub.answering(400)) {
      assertThrows(CompletionException.class, () -> bookAndWait(mailApi));

      assertEquals(3 * 3, mailApi.requests());
    }
  }

  @Test
  void aDeliveredNotificationIsOneRequest() {
    try (MailApiStub mailApi = MailApiStub.answering(200)) {
      bookAndWait(mailApi);

      assertEquals(1, mailApi.requests());
    }
  }

  private static void bookAndWait(MailApiStub mailApi) {
    try (BookingApp app = new BookingApp(mailApi.baseUrl(), Duration.ZERO, Clock.systemUTC())) {
      app.bookingService().book(BOOKING).join();
    }
  }
}
