package com.example.notify;

import org.springframework.retry.annotation.Backoff;
import org.springframework.retry.annotation.Retryable;

/** Sends the order confirmation. Spring Retry re-sends on failure, behind the job's back. */
public class MailNotifier {
  private final MailTransport transport;

  public MailNotifier(MailTransport transport) {
    this.transport = transport;
  }

  @Retryable(maxAttempts = 3, backoff = @Backoff(delay = 1000)) // expect: RetryOutsideJobs
  public void confirm(String to, String orderId) {
    transport.send(to, "Order " + orderId + " confirmed");
  }

  /** The mail server connection; sends once. */
  public interface MailTransport {
    void send(String to, String body);
  }
}
