package com.example.notify;

import org.springframework.retry.annotation.Retryable;

/** Sends the order confirmation; Spring Retry re-sends behind the job's back. */
public class MailNotifier {
  @Retryable(maxAttempts = 3) // expect: RetryOutsideJobs
  public void confirm(String to) {
    System.out.println("confirmed to " + to);
  }
}
