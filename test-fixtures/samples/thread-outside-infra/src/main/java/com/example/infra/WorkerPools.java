package com.example.infra;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** The infrastructure creates the pools and shuts them down with the application. */
public class WorkerPools {
  private final ExecutorService reports = Executors.newFixedThreadPool(2);

  public ExecutorService reports() {
    return reports;
  }

  public void shutdown() {
    reports.shutdown();
  }
}
