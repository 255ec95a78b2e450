package com.example.booking.mail;

/** The mail API did not take a message. */
public class MailDeliveryException extends RuntimeException {
  public MailDeliveryException(String message) {
    super(message);
  }

  public MailDeliveryException(String message, Throwable cause) {
    super(message, cause);
  }
}
