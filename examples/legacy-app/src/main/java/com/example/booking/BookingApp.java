package com.example.booking;

import com.example.booking.infra.background.BackgroundTasks;
import com.example.booking.infra.http.HttpClientFactory;
import com.example.booking.jobs.ReminderJob;
import com.example.booking.mail.MailApiClient;
import com.example.booking.notify.NotifyPolicy;
import com.example.booking.notify.OwnerNotifier;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;

/**
 * Wires the app as production runs it. {@code retryPause} is the pause of every retry layer
 * (background tasks, notify policy, HTTP client); tests pass zero.
 */
public final class BookingApp implements AutoCloseable {
  private final BackgroundTasks background;
  private final BookingService bookingService;
  private final ReminderJob reminderJob;

  public BookingApp(URI mailApi, Duration retryPause, Clock clock) {
    BookingRepository bookings = new BookingRepository();
    MailApiClient mail = new MailApiClient(HttpClientFactory.create(retryPause), mailApi);
    OwnerNotifier notifier = new OwnerNotifier(mail, new NotifyPolicy(retryPause));
    this.background = new BackgroundTasks(retryPause);
    this.bookingService = new BookingService(bookings, background, notifier);
    this.reminderJob = new ReminderJob(bookings, notifier, clock);
  }

  public BookingService bookingService() {
    return bookingService;
  }

  public ReminderJob reminderJob() {
    return reminderJob;
  }

  @Override
  public void close() {
    background.close();
  }
}
