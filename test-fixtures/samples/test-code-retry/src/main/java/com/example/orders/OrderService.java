package com.example.orders;

import java.util.function.Supplier;

/** Sends once: a failure surfaces to the job that called it. */
public class OrderService {
  public String place(Supplier<String> gateway) {
    return gateway.get();
  }
}
