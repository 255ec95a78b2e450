package com.example.reference.webhook;

import java.net.URI;
import java.time.Instant;
import java.util.Optional;

/**
 * One row of the endpoints table: where events go, how they are signed, and the delivery state
 * the handlers keep on it.
 *
 * @param failingSince when the current run of failed deliveries began; null while healthy
 * @param disabledReason why deliveries stopped for good; null while enabled
 * @param busyUntil until when a delivery holds the endpoint's lease; null when free
 * @param leaseHolder the job id holding the lease; null when free
 */
public record WebhookEndpoint(String id, URI url, WebhookSecret secret, Instant failingSince,
    String disabledReason, Instant busyUntil, Long leaseHolder) {

  public WebhookEndpoint {
    if (id == null || id.isBlank()) {
      throw new IllegalArgumentException("A webhook endpoint needs an id");
    }
    if (url == null || !("http".equals(url.getScheme()) || "https".equals(url.getScheme()))) {
      throw new IllegalArgumentException("Webhook endpoint " + id + " needs an http or https URL,"
          + " got " + url);
    }
    if (secret == null) {
      throw new IllegalArgumentException("Webhook endpoint " + id + " needs a signing secret");
    }
  }

  /** A new, healthy, enabled endpoint. */
  public static WebhookEndpoint of(String id, URI url, WebhookSecret secret) {
    return new WebhookEndpoint(id, url, secret, null, null, null, null);
  }

  public boolean enabled() {
    return disabledReason == null;
  }

  public Optional<Instant> failing() {
    return Optional.ofNullable(failingSince);
  }

  WebhookEndpoint withFailingSince(Instant since) {
    return new WebhookEndpoint(id, url, secret, since, disabledReason, busyUntil, leaseHolder);
  }

  WebhookEndpoint withDisabledReason(String reason) {
    return new WebhookEndpoint(id, url, secret, failingSince, reason, busyUntil, leaseHolder);
  }

  WebhookEndpoint withLease(Instant until, Long holder) {
    return new WebhookEndpoint(id, url, secret, failingSince, disabledReason, until, holder);
  }
}
