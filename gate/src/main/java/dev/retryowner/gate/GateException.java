package dev.retryowner.gate;

/** The gate cannot run as configured; the message says what to change. */
public final class GateException extends Exception {
  private static final long serialVersionUID = 1L;

  public GateException(String message) {
    super(message);
  }

  public GateException(String message, Throwable cause) {
    super(message, cause);
  }
}
