package com.example.queue;

import com.example.engine.Engine;

/** The adapter: the one place that talks to the queue engine. */
public class JobQueue {
  private final Engine engine = new Engine();

  public void submit(String kind, Runnable task) {
    engine.schedule(task);
  }
}
