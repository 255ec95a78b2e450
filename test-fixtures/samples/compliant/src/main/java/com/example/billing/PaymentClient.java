package com.example.billing;

import java.util.function.Supplier;

/** Charges a card once; the job that runs the charge decides whether to try again. */
public class PaymentClient {
  public String charge(Supplier<String> gateway) {
    return gateway.get();
  }
}
