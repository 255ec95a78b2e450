package com.example.jobs;

import java.util.concurrent.Callable;

public class BookingJob {
  public String run(Callable<String> booking) throws Exception {
    for (int attempt = 1; ; attempt++) {
      try {
        return booking.call();
      } catch (Exception e) {
        if (attempt == 5) {
          throw e;
        }
        Thread.sleep(1_000L * attempt);
      }
    }
  }
}
