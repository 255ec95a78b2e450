package com.example.worker;

public class Pacer {

  public void pace() throws InterruptedException {
    Thread.sleep(100);
  }
}
