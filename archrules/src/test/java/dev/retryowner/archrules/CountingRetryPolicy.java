package dev.retryowner.archrules;

import org.springframework.retry.policy.SimpleRetryPolicy;

/**
 * A user subtype of a catalog type, top-level so that other sample classes reach its members as
 * a foreign type (members of a class's own nest are its own code).
 */
public class CountingRetryPolicy extends SimpleRetryPolicy {
  public static int lastAttempts;
  public int attempts;

  public static void reset() {
    lastAttempts = 0;
  }
}
