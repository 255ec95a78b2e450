package com.example.reference.webhook;

/**
 * An event to deliver; its id is the {@code webhook-id} of every delivery attempt.
 *
 * @param payload the JSON body, sent byte for byte as stored so the signature matches
 */
public record WebhookEvent(String id, String type, String payload) {
  public WebhookEvent {
    if (id == null || id.isBlank() || type == null || type.isBlank() || payload == null) {
      throw new IllegalArgumentException("A webhook event needs an id, a type and a JSON payload;"
          + " got id=" + id + ", type=" + type);
    }
  }
}
