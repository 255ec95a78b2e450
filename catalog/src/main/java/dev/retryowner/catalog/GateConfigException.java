package dev.retryowner.catalog;

/** The gate is misconfigured; the message says what to change. */
public final class GateConfigException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public GateConfigException(String message) {
    super(message);
  }

  public GateConfigException(String message, Throwable cause) {
    super(message, cause);
  }
}
