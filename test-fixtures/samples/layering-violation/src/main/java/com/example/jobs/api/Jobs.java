package com.example.jobs.api;

import com.example.jobs.internal.RetryingRunner;
import com.example.queue.JobQueue;

/** The jobs API: enqueue a job; its kind's policy decides on retries. */
public final class Jobs {
  private final JobQueue queue;
  private final RetryingRunner runner = new RetryingRunner();

  public Jobs(JobQueue queue) {
    this.queue = queue;
  }

  public void enqueue(String kind, Runnable work) {
    queue.submit(kind, () -> runner.run(() -> {
      work.run();
      return kind;
    }, 3));
  }
}
