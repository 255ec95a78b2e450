package com.example.reference.search;

/**
 * The search engine answered with a status that is not a success.
 *
 * @see #retryAfter()
 */
public final class SearchRejected extends Exception {
  private static final long serialVersionUID = 1L;

  private final int status;
  private final String retryAfter;

  public SearchRejected(int status, String retryAfter, String body) {
    super("search engine answered " + status + ": " + body);
    this.status = status;
    this.retryAfter = retryAfter;
  }

  public int status() {
    return status;
  }

  /** The {@code Retry-After} header as sent, or null. */
  public String retryAfter() {
    return retryAfter;
  }
}
