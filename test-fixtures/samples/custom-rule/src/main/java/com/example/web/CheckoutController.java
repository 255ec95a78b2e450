package com.example.web;

import com.example.payments.internal.Ledger;

public class CheckoutController {
  public long total(String account) {
    return new Ledger().balance(account); // expect: WebUsesPaymentsInternals
  }
}
