package dev.retryowner.jobs;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;
import java.util.Objects;

/**
 * Why one attempt of a job did not complete. Every attempt's error is kept on the job, for the
 * inspector.
 *
 * @param attempt the attempt that failed, counted from 1
 * @param at when it failed
 * @param type how it failed
 * @param error the failure in one line, e.g. {@code java.net.ConnectException: refused}
 * @param trace the stack trace, cut at {@link #MAX_TRACE_CHARS}; empty when there is none
 */
public record AttemptError(int attempt, Instant at, Type type, String error, String trace) {
  /** Stack traces longer than this are cut, so a job row stays small. */
  public static final int MAX_TRACE_CHARS = 8_000;

  /** How an attempt failed. */
  public enum Type {
    /** The handler threw an exception or an {@link java.lang.Error}. */
    FAILURE,
    /** The attempt ran past its kind's timeout and was interrupted. */
    TIMEOUT,
    /** The handler threw {@link Discard}. */
    DISCARD,
    /** The worker running the attempt stopped holding its lease (it died or hung). */
    LEASE_EXPIRED,
    /** The runtime shut down before the attempt finished and interrupted it. */
    SHUTDOWN
  }

  public AttemptError {
    Objects.requireNonNull(at, "at");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(error, "error");
    Objects.requireNonNull(trace, "trace");
  }

  /** The error of {@code failure}: its {@code toString()} and its (cut) stack trace. */
  public static AttemptError of(int attempt, Instant at, Type type, Throwable failure) {
    StringWriter trace = new StringWriter();
    failure.printStackTrace(new PrintWriter(trace));
    String text = trace.toString();
    if (text.length() > MAX_TRACE_CHARS) {
      text = text.substring(0, MAX_TRACE_CHARS);
    }
    return new AttemptError(attempt, at, type, failure.toString(), text);
  }

  /** An error without a stack trace, described by {@code error}. */
  public static AttemptError of(int attempt, Instant at, Type type, String error) {
    return new AttemptError(attempt, at, type, error, "");
  }
}
