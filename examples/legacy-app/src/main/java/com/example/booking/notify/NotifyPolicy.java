package com.example.booking.notify;

import com.example.booking.mail.MailDeliveryException;
import java.time.Duration;

/** How hard a notification tries: {@value #MAX_ATTEMPTS} attempts, a pause between them. */
public class NotifyPolicy {
  public static final int MAX_ATTEMPTS = 3;

  private final Duration pause;

  public NotifyPolicy(Duration pause) {
    this.pause = pause;
  }

  /** Runs {@code send} until it does not throw; the last attempt's failure is thrown. */
  public void deliver(Runnable send) {
    for (int attempt = 1; ; attempt++) {
      try {
        send.run();
        return;
      } catch (MailDeliveryException e) {
        if (attempt == MAX_ATTEMPTS) {
          throw e;
        }
        pause();
      }
    }
  }

  private void pause() {
    try {
      Thread.sleep(pause.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new MailDeliveryException("interrupted between attempts", e);
    }
  }
}
