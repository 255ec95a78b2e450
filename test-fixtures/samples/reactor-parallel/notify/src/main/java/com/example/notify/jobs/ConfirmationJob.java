package com.example.notify.jobs;

import com.example.notify.MailNotifier;

/** Sends one confirmation per attempt; the job runtime retries it. */
public class ConfirmationJob {
  private final MailNotifier notifier = new MailNotifier();

  public void run(String to) {
    notifier.confirm(to);
  }
}
