package com.example.billing;

/** Takes an order: sends once and lets a failure surface to the job that runs it. */
public class OrderService {
  private final PaymentClient payments;

  public OrderService(PaymentClient payments) {
    this.payments = payments;
  }

  public String place(String orderId) {
    return payments.charge(() -> "charged " + orderId);
  }
}
