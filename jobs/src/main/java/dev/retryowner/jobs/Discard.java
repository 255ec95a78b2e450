package dev.retryowner.jobs;

import java.util.Objects;

/**
 * Thrown by a handler when trying again cannot help: a 4xx other than 408/429, a blocked URL, an
 * endpoint disabled or gone, the work no longer exists. The job ends {@link JobState#DISCARDED}
 * with the reason kept; the inspector can still retry it by hand.
 */
public final class Discard extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private Discard(String reason, Throwable cause) {
    super(reason, cause);
  }

  /** Discard with {@code reason}, e.g. {@code "HTTP 410 Gone"}. */
  public static Discard because(String reason) {
    return new Discard(Objects.requireNonNull(reason, "reason"), null);
  }

  /** Discard with {@code reason}, keeping the failure that led to it. */
  public static Discard because(String reason, Throwable cause) {
    return new Discard(Objects.requireNonNull(reason, "reason"), cause);
  }

  /** Why the job was discarded. */
  public String reason() {
    return getMessage();
  }
}
