package com.example.checkout;

import com.example.engine.Engine;
import com.example.jobs.api.Jobs;
import com.example.jobs.internal.RetryingRunner;
import java.util.function.Supplier;

/** Reaches past the jobs API for its retry loop and around the adapter to the engine. */
public class Checkout {
  private final Jobs jobs;
  private final Engine engine = new Engine(); // expect: QueueEngineOutsideAdapter

  public Checkout(Jobs jobs) {
    this.jobs = jobs;
  }

  public String charge(Supplier<String> payment) {
    return new RetryingRunner().run(payment, 5); // expect: JobsInternalsOutsideJobs
  }

  public void receipt(Runnable send) {
    engine.schedule(send); // expect: QueueEngineOutsideAdapter
    jobs.enqueue("receipt", send);
  }
}
