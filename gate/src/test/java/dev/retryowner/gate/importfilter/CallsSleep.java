package dev.retryowner.gate.importfilter;

/** Calls a catalog delay method, a JDK method no catalog type names. */
public class CallsSleep {
  void pause() throws InterruptedException {
    Thread.sleep(10);
  }
}
