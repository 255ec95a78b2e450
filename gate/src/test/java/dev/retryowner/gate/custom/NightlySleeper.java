package dev.retryowner.gate.custom;

import dev.retryowner.annotations.RetryOwnerExempt;

/** Sleeps twice; one of them is exempted from the test providers' custom rule NoThreadSleep. */
final class NightlySleeper {
  @RetryOwnerExempt(rule = "NoThreadSleep", reason = "waits for the vendor's nightly window")
  void waitForTheWindow() throws InterruptedException {
    Thread.sleep(10);
  }

  void waitUnexempted() throws InterruptedException {
    Thread.sleep(20);
  }
}
