package dev.retryowner.jobs;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * What an HTTP exchange means for the job that made it, as {@link HttpOutcomeClassifier} decided.
 * A handler acts on it with {@link #throwUnlessSuccess()}.
 *
 * @param decision what the job layer should do
 * @param reason the exchange in a few words, e.g. {@code "HTTP 503 Service Unavailable"}
 * @param snoozeUntil for {@link Decision#SNOOZE}, when to run again; otherwise empty
 */
public record HttpOutcome(Decision decision, String reason, Optional<Instant> snoozeUntil) {
  /** What the job layer should do after an HTTP exchange. */
  public enum Decision {
    /** 2xx: the work is done. */
    SUCCESS,
    /** Transient: retry per the kind's policy, spending an attempt. */
    RETRY,
    /** The receiver named a time: run again then, without spending an attempt. */
    SNOOZE,
    /** Permanent: retrying cannot help. */
    DISCARD
  }

  public HttpOutcome {
    Objects.requireNonNull(decision, "decision");
    Objects.requireNonNull(reason, "reason");
    Objects.requireNonNull(snoozeUntil, "snoozeUntil");
    if (snoozeUntil.isPresent() != (decision == Decision.SNOOZE)) {
      throw new IllegalArgumentException("a snooze time goes with SNOOZE and only with it");
    }
  }

  /** Whether the exchange succeeded. */
  public boolean isSuccess() {
    return decision == Decision.SUCCESS;
  }

  /**
   * Returns on success; otherwise throws what tells the job layer the rest: {@link Snooze},
   * {@link Discard} or {@link RetryableFailure}.
   */
  public void throwUnlessSuccess() {
    switch (decision) {
      case SUCCESS -> { }
      case RETRY -> throw new RetryableFailure(reason);
      case SNOOZE -> throw Snooze.until(snoozeUntil.orElseThrow());
      case DISCARD -> throw Discard.because(reason);
    }
  }
}
