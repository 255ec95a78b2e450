package dev.retryowner.gate.importfilter;

import java.util.List;

/**
 * Kept (it calls a catalog delay method) and depends on {@link Unrelated}, which is dropped, on
 * a JDK type no rule asks about, on the owner of that delay method, and calls the method through
 * {@link Sleeper}, which is dropped too.
 */
public class SleepsBesideUnrelated {
  Unrelated unrelated = new Unrelated();
  List<String> names = List.of();
  Thread worker = Thread.currentThread();

  void pause() throws InterruptedException {
    Thread.sleep(10);
  }

  void nap() throws InterruptedException {
    Sleeper.sleep(10);
  }
}
