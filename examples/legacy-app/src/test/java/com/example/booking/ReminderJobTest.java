package com.example.booking;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReminderJobTest {
  private static final Instant NOW = Instant.parse("2026-11-30T09:00:00Z");
  private static final String REMINDER_SUBJECT = "\"subject\":\"Tomorrow: meeting with ";

  @Test
  void remindsTheOwnerOfAMeetingStartingInADay() {
    try (MailApiStub mailApi = MailApiStub.answering(200)) {
      bookThenRunReminderJob(mailApi, booking("Ada", NOW.plus(Duration.ofHours(23).plusMinutes(30))));

      assertEquals(List.of(REMINDER_SUBJECT + "Ada\""), reminderSubjects(mailApi));
    }
  }

  @Test
  void leavesMeetingsOutsideTheHourADayAheadAlone() {
    try (MailApiStub mailApi = MailApiStub.answering(200)) {
      bookThenRunReminderJob(mailApi, booking("Ada", NOW.plus(Duration.ofHours(2))), booking("Grace", NOW.plus(Duration.ofDays(7))));

      assertEquals(2, mailApi.requests());
      assertEquals(List.of(), reminderSubjects(mailApi));
    }
  }

  private static Booking booking(String visitor, Instant startsAt) {
    return new Booking("booking-" + visitor, "owner@stand.example", visitor, startsAt);
  }

  private static void bookThenRunReminderJob(MailApiStub mailApi, Booking... bookings) {
    try (BookingApp app = new BookingApp(mailApi.baseUrl(), Duration.ZERO, Clock.fixed(NOW, ZoneOffset.UTC))) {
      for (Booking booking : bookings) {
        app.bookingService().book(booking).join();
      }
      app.reminderJob().run();
    }
  }

  private static List<String> reminderSubjects(MailApiStub mailApi) {
    return mailApi.requestBodies().stream()
        .filter(body -> body.contains(REMINDER_SUBJECT))
        .map(body -> body.substring(body.indexOf(REMINDER_SUBJECT), body.indexOf("\",\"text\"") + 1))
        .toList();
  }
}
