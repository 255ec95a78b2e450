package com.example.app;

import com.example.app.jobs.CheckoutJobs;

/** Checks out an order by handing its work to jobs: no retry here. */
public class Checkout {
  private final CheckoutJobs jobs = new CheckoutJobs();

  public void placeOrder(String card, String email) {
    jobs.enqueue(card, email);
  }
}
