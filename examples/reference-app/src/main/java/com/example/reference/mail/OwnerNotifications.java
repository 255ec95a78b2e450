package com.example.reference.mail;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** The notifications table, in memory, keyed by event id. */
public final class OwnerNotifications {
  private final Map<String, OwnerNotification> rows = new ConcurrentHashMap<>();

  public void add(OwnerNotification notification) {
    if (rows.putIfAbsent(notification.eventId(), notification) != null) {
      throw new IllegalArgumentException("A notification for event " + notification.eventId()
          + " already exists");
    }
  }

  public Optional<OwnerNotification> find(String eventId) {
    return Optional.ofNullable(rows.get(eventId));
  }

  void markNotified(String eventId, Instant at) {
    rows.computeIfPresent(eventId, (key, row) -> new OwnerNotification(row.eventId(),
        row.ownerId(), row.recipient(), row.subject(), row.body(), at, row.droppedAt()));
  }

  void markDropped(String eventId, Instant at) {
    rows.computeIfPresent(eventId, (key, row) -> new OwnerNotification(row.eventId(),
        row.ownerId(), row.recipient(), row.subject(), row.body(), row.notifiedAt(), at));
  }
}
