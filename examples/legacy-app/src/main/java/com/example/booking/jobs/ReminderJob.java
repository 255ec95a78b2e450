package com.example.booking.jobs;

import com.example.booking.Booking;
import com.example.booking.BookingRepository;
import com.example.booking.notify.OwnerNotifier;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * Hourly: reminds each owner of the meetings starting between 23 and 24 hours from now, so each
 * meeting is reminded once. The scheduler runs it every hour.
 */
public class ReminderJob implements Runnable {
  private final BookingRepository bookings;
  private final OwnerNotifier notifier;
  private final Clock clock;

  public ReminderJob(BookingRepository bookings, OwnerNotifier notifier, Clock clock) {
    this.bookings = bookings;
    this.notifier = notifier;
    this.clock = clock;
  }

  @Override
  public void run() {
    Instant dayAhead = clock.instant().plus(Duration.ofDays(1));
    for (Booking booking : bookings.startingBetween(dayAhead.minus(Duration.ofHours(1)), dayAhead)) {
      notifier.reminder(booking);
    }
  }
}
