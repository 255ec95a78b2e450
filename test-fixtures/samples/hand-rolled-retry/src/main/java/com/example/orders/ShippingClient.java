package com.example.orders;

import java.io.IOException;

public class ShippingClient {
  private final Carrier carrier;

  public ShippingClient(Carrier carrier) {
    this.carrier = carrier;
  }

  public String book(String order) throws IOException, InterruptedException {
    IOException last = null;
    for (int attempt = 1; attempt <= 3; attempt++) { // expect: HandRolledRetry
      try {
        return carrier.book(order);
      } catch (IOException e) {
        last = e;
        Thread.sleep(500L * attempt);
      }
    }
    throw last;
  }

  public interface Carrier {
    String book(String order) throws IOException;
  }
}
