package com.example.reference.webhook;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** The events table, in memory; pruning an event discards its pending deliveries. */
public final class WebhookEvents {
  private final Map<String, WebhookEvent> rows = new ConcurrentHashMap<>();

  public void add(WebhookEvent event) {
    if (rows.putIfAbsent(event.id(), event) != null) {
      throw new IllegalArgumentException("Webhook event " + event.id() + " already exists");
    }
  }

  public Optional<WebhookEvent> find(String id) {
    return Optional.ofNullable(rows.get(id));
  }

  public void prune(String id) {
    rows.remove(id);
  }
}
