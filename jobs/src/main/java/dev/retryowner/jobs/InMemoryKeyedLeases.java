package dev.retryowner.jobs;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/** {@link KeyedLeases} for the runtimes of one process; thread safe. */
public final class InMemoryKeyedLeases implements KeyedLeases {
  private record Held(String holder, Instant until) {}

  private final Map<String, Held> leases = new HashMap<>();

  @Override
  public synchronized boolean tryAcquire(String key, String holder, Instant now, Instant until) {
    KeyedLeases.requireValidAcquire(key, holder, now, until);
    Held current = leases.get(key);
    if (current != null && !current.holder().equals(holder) && current.until().isAfter(now)) {
      return false;
    }
    leases.put(key, new Held(holder, until));
    return true;
  }

  @Override
  public synchronized boolean release(String key, String holder) {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(holder, "holder");
    Held current = leases.get(key);
    if (current == null || !current.holder().equals(holder)) {
      return false;
    }
    leases.remove(key);
    return true;
  }
}
