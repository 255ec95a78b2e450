package com.example.jobs;

public class DigestJob {

  public void work() throws InterruptedException {
    Thread.sleep(10);
  }
}
