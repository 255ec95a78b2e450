package com.example.booking;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** The bookings, kept in memory. */
public class BookingRepository {
  private final Map<String, Booking> bookingsById = new ConcurrentHashMap<>();

  public void save(Booking booking) {
    bookingsById.put(booking.id(), booking);
  }

  /** The bookings starting at or after {@code from} and before {@code until}. */
  public List<Booking> startingBetween(Instant from, Instant until) {
    return bookingsById.values().stream()
        .filter(booking -> !booking.startsAt().isBefore(from) && booking.startsAt().isBefore(until))
        .toList();
  }
}
