package com.example.reference.calendar;

/**
 * The calendar could not answer now (no connection, a timeout, 408, 429 or 5xx). The visitor sees
 * "try again" at once; nothing retries behind their back.
 */
public final class CalendarUnavailable extends Exception {
  private static final long serialVersionUID = 1L;

  public CalendarUnavailable(String message, Throwable cause) {
    super(message, cause);
  }
}
