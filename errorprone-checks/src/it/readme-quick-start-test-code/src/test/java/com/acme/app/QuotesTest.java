package com.acme.app;

public class QuotesTest {
  public String flaky(Quotes quotes) throws InterruptedException {
    for (int attempt = 0; attempt < 3; attempt++) {
      try {
        return quotes.latest(() -> "1.08");
      } catch (IllegalStateException e) {
        Thread.sleep(10);
      }
    }
    return null;
  }
}
