package dev.retryowner.gate;

import java.util.function.Function;

/**
 * The gate cannot run as configured; the message says what to change, in the words of the front
 * end that prints it ({@link #messageIn}).
 */
public final class GateException extends Exception {
  private static final long serialVersionUID = 1L;

  private final transient Function<FrontEnd, String> wording;

  public GateException(String message) {
    this(frontEnd -> message);
  }

  public GateException(String message, Throwable cause) {
    this(frontEnd -> message, cause);
  }

  /** A message that names a setting or a command, worded for each front end. */
  public GateException(Function<FrontEnd, String> wording) {
    super(wording.apply(FrontEnd.LIBRARY));
    this.wording = wording;
  }

  public GateException(Function<FrontEnd, String> wording, Throwable cause) {
    super(wording.apply(FrontEnd.LIBRARY), cause);
    this.wording = wording;
  }

  /** The message as {@code frontEnd} says it; {@link #getMessage()} is the library's. */
  public String messageIn(FrontEnd frontEnd) {
    return wording == null ? getMessage() : wording.apply(frontEnd);
  }
}
