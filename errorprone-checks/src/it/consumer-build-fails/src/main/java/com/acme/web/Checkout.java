package com.acme.web;

public class Checkout {
  public String pay(String cart) throws InterruptedException {
    Thread.sleep(100);
    return "paid " + cart;
  }
}
