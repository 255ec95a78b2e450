package com.example.engine;

import java.util.ArrayList;
import java.util.List;

/** A stand-in for a queue engine library, named in queueEnginePackages. */
public class Engine {
  private final List<Runnable> tasks = new ArrayList<>();

  public void schedule(Runnable task) {
    tasks.add(task);
  }
}
