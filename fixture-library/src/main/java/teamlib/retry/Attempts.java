package teamlib.retry;

import java.io.IOException;
import java.util.concurrent.Callable;

/** A shared retry helper: runs the work again after an I/O failure, up to a number of times. */
public final class Attempts {
  private Attempts() {}

  /** Runs {@code work} until it returns, at most {@code times} times. */
  public static <T> T upTo(int times, Callable<T> work) throws Exception {
    for (int attempt = 1; ; attempt++) {
      try {
        return work.call();
      } catch (IOException e) {
        if (attempt >= times) {
          throw e;
        }
        Thread.sleep(100L * attempt);
      }
    }
  }

  /** The same for work that returns nothing, handed on in a lambda. */
  public static void run(int times, Runnable work) throws Exception {
    upTo(times, () -> {
      work.run();
      return null;
    });
  }
}
