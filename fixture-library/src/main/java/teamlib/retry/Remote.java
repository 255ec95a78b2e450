package teamlib.retry;

import java.util.function.Supplier;

/** A client wrapper whose every request goes through its own retry loop. */
public class Remote {
  private final int maxAttempts;

  public Remote(int maxAttempts) {
    this.maxAttempts = maxAttempts;
  }

  /** Sends the request, again after a failure, at most {@code maxAttempts} times. */
  public <T> T send(Supplier<T> request) {
    return attempt(request);
  }

  private <T> T attempt(Supplier<T> request) {
    int attempts = 0;
    while (true) {
      try {
        return request.get();
      } catch (IllegalStateException e) {
        if (++attempts >= maxAttempts) {
          throw e;
        }
      }
    }
  }
}
