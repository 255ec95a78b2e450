package teamlib.retry;

import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Supplier;

/** Helpers that run handed work under a catch or in a loop, none of which runs it again. */
public final class Lookalikes {
  private Lookalikes() {}

  /** Each item once; a failed one is logged and the next one taken. */
  public static <T> void forEachLogged(List<T> items, Consumer<T> action) {
    for (T item : items) {
      try {
        action.accept(item);
      } catch (RuntimeException e) {
        System.err.println("skipped " + item + ": " + e);
      }
    }
  }

  /** A periodic task: runs again whether or not the last run failed. */
  public static void every(long millis, Runnable task, BooleanSupplier stopped)
      throws InterruptedException {
    while (!stopped.getAsBoolean()) {
      try {
        task.run();
      } catch (RuntimeException e) {
        System.err.println("run failed: " + e);
      }
      Thread.sleep(millis);
    }
  }

  /** Runs the work once and logs its failure. */
  public static void logged(Runnable work) {
    try {
      work.run();
    } catch (RuntimeException e) {
      System.err.println("failed: " + e);
    }
  }

  /** Each candidate once, until one answers: a fallback, not the same work again. */
  public static <T> T firstAnswer(List<Supplier<T>> candidates) {
    for (Supplier<T> candidate : candidates) {
      try {
        return candidate.get();
      } catch (RuntimeException e) {
        System.err.println("next candidate: " + e);
      }
    }
    throw new IllegalStateException("no candidate answered");
  }

  /** Waits for the result, and keeps waiting when interrupted: nothing failed. */
  public static <T> T awaitUninterruptibly(Future<T> result) throws ExecutionException {
    boolean interrupted = false;
    try {
      while (true) {
        try {
          return result.get();
        } catch (InterruptedException e) {
          interrupted = true;
        }
      }
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** Closes the resource when the work fails, and fails. */
  public static <T> T closingOnFailure(Callable<T> work, AutoCloseable resource)
      throws Exception {
    try {
      return work.call();
    } catch (Exception e) {
      resource.close();
      throw e;
    }
  }
}
