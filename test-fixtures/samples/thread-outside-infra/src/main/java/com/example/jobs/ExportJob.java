package com.example.jobs;

/** The job layer: a job kind whose policy owns retries (nothing to report here). */
public class ExportJob {
  public void run(Runnable export) {
    export.run();
  }
}
