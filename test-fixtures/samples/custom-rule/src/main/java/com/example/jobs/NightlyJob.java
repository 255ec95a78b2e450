package com.example.jobs;

/** A job may end the process: the jobs packages are outside NoSystemExit. */
public class NightlyJob {
  public void abort() {
    System.exit(3);
  }
}
