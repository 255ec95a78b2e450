package com.example.reference.mail;

import java.io.IOException;

/**
 * Sends mail once. An implementation must not retry: a failure surfaces as an exception and the
 * {@code owner.notify} job's policy decides when to try again.
 */
public interface MailPort {
  void send(MailMessage message) throws IOException;
}
