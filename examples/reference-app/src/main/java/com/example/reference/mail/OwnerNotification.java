package com.example.reference.mail;

import java.time.Instant;

/**
 * A notification row: which event tells which owner what, and what became of it.
 *
 * @param notifiedAt when the mail was sent; null until then
 * @param droppedAt when the owner's burst cap dropped it; null unless dropped
 */
public record OwnerNotification(String eventId, String ownerId, String recipient, String subject,
    String body, Instant notifiedAt, Instant droppedAt) {

  public static OwnerNotification of(String eventId, String ownerId, String recipient,
      String subject, String body) {
    return new OwnerNotification(eventId, ownerId, recipient, subject, body, null, null);
  }

  /** Sent or deliberately dropped: nothing is left to do. */
  public boolean settled() {
    return notifiedAt != null || droppedAt != null;
  }
}
