package dev.retryowner.jobs;

/**
 * A failure the job layer should retry per the kind's policy: 5xx, 408, 429 without
 * {@code Retry-After}, a timeout, a connection failure. Any other exception means the same to the
 * runtime; this one says so explicitly, with the classified reason.
 */
public final class RetryableFailure extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** A retryable failure described by {@code reason}. */
  public RetryableFailure(String reason) {
    super(reason);
  }

  /** A retryable failure described by {@code reason}, caused by {@code cause}. */
  public RetryableFailure(String reason, Throwable cause) {
    super(reason, cause);
  }
}
