package com.example.reference.webhook;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The endpoints table, in memory. Every state change is one atomic update of a row, as a
 * conditional {@code UPDATE} would be in SQL.
 */
public final class WebhookEndpoints {
  /** After this long without a successful delivery an endpoint is disabled. */
  public static final Duration DISABLE_AFTER = Duration.ofDays(5);

  private final Map<String, WebhookEndpoint> rows = new ConcurrentHashMap<>();

  public void add(WebhookEndpoint endpoint) {
    if (rows.putIfAbsent(endpoint.id(), endpoint) != null) {
      throw new IllegalArgumentException("Webhook endpoint " + endpoint.id() + " already exists");
    }
  }

  public Optional<WebhookEndpoint> find(String id) {
    return Optional.ofNullable(rows.get(id));
  }

  /** The endpoints that receive new events. */
  public List<WebhookEndpoint> enabled() {
    return rows.values().stream().filter(WebhookEndpoint::enabled).toList();
  }

  /**
   * Takes the endpoint's lease for {@code holder} until {@code until} when no other holder's
   * lease runs past {@code now}; false when the endpoint is busy.
   */
  boolean tryLease(String id, long holder, Instant now, Instant until) {
    boolean[] taken = {false};
    rows.computeIfPresent(id, (key, row) -> {
      boolean free = row.busyUntil() == null || !row.busyUntil().isAfter(now)
          || Long.valueOf(holder).equals(row.leaseHolder());
      taken[0] = free;
      return free ? row.withLease(until, holder) : row;
    });
    return taken[0];
  }

  /** Frees the lease if {@code holder} still holds it. */
  void release(String id, long holder) {
    rows.computeIfPresent(id, (key, row) -> Long.valueOf(holder).equals(row.leaseHolder())
        ? row.withLease(null, null) : row);
  }

  /** A success: the endpoint is healthy again. */
  void recordSuccess(String id) {
    rows.computeIfPresent(id, (key, row) -> row.withFailingSince(null));
  }

  /**
   * A failed delivery at {@code now}: starts the failing run if none is running, and disables the
   * endpoint once the run has lasted {@link #DISABLE_AFTER}. Returns the row after the update.
   */
  WebhookEndpoint recordFailure(String id, Instant now) {
    return rows.computeIfPresent(id, (key, row) -> {
      WebhookEndpoint failing = row.failingSince() == null ? row.withFailingSince(now) : row;
      Instant since = failing.failingSince();
      boolean expired = !now.isBefore(since.plus(DISABLE_AFTER));
      return expired && failing.enabled()
          ? failing.withDisabledReason("no successful delivery since " + since + " ("
              + DISABLE_AFTER.toDays() + " days of failures); fix the receiver, enable the"
              + " endpoint and redeliver")
          : failing;
    });
  }

  /** Turns deliveries back on after the receiver was fixed; the failing run starts over. */
  public void enable(String id) {
    rows.computeIfPresent(id, (key, row) -> row.withDisabledReason(null).withFailingSince(null));
  }
}
