package com.example.app.jobs;

import com.example.billing.jobs.ChargeJob;
import com.example.notify.jobs.ConfirmationJob;

/** Runs the checkout's jobs, each owning its retries. */
public class CheckoutJobs {
  private final ChargeJob charge = new ChargeJob();
  private final ConfirmationJob confirmation = new ConfirmationJob();

  public void enqueue(String card, String email) {
    charge.run(() -> card);
    confirmation.run(email);
  }
}
