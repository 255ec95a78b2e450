package com.example.reports;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** Makes its own thread and pool: nobody shuts them down, bounds or observes them. */
public class ReportExporter {
  private final ExecutorService pool = Executors.newCachedThreadPool(); // expect: ThreadOutsideInfra

  public void export(Runnable report) throws InterruptedException {
    new Thread(report, "export").start(); // expect: ThreadOutsideInfra
    Thread.sleep(10);
    pool.submit(report);
  }
}
