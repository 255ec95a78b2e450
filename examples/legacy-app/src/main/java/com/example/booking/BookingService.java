package com.example.booking;

import com.example.booking.infra.background.BackgroundTasks;
import com.example.booking.notify.OwnerNotifier;
import java.util.concurrent.CompletableFuture;

/** Takes a visitor's booking and tells the stand's owner about it in the background. */
public class BookingService {
  private final BookingRepository bookings;
  private final BackgroundTasks background;
  private final OwnerNotifier notifier;

  public BookingService(BookingRepository bookings, BackgroundTasks background, OwnerNotifier notifier) {
    this.bookings = bookings;
    this.background = background;
    this.notifier = notifier;
  }

  /** Saves the booking; the returned future completes when the owner's mail is sent or given up. */
  public CompletableFuture<Void> book(Booking booking) {
    bookings.save(booking);
    return background.invoke("owner.notify", () -> notifier.bookingReceived(booking));
  }
}
