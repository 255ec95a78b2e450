package com.example.web;

public class CheckoutHandler {

  public String checkout(String cart) throws InterruptedException {
    Thread.sleep(100); // expect: SleepInRequestPath
    return "paid " + cart;
  }
}
