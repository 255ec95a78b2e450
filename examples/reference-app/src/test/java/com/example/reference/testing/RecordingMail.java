package com.example.reference.testing;

import com.example.reference.mail.MailMessage;
import com.example.reference.mail.MailPort;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** A mail port that keeps what it sent; it can be told to fail the next sends. */
public final class RecordingMail implements MailPort {
  private final List<MailMessage> sent = new ArrayList<>();
  private int failuresLeft;
  private boolean failAfterSending;

  /** The next {@code count} sends fail before anything is sent. */
  public synchronized void failNext(int count) {
    failuresLeft = count;
    failAfterSending = false;
  }

  /** The next send goes out, then fails as if the server's answer was lost. */
  public synchronized void loseTheNextAnswer() {
    failuresLeft = 1;
    failAfterSending = true;
  }

  @Override
  public synchronized void send(MailMessage message) throws IOException {
    if (failuresLeft > 0 && !failAfterSending) {
      failuresLeft--;
      throw new IOException("SMTP 451: try again later");
    }
    sent.add(message);
    if (failuresLeft > 0) {
      failuresLeft--;
      throw new IOException("connection reset after DATA");
    }
  }

  public synchronized List<MailMessage> sent() {
    return List.copyOf(sent);
  }
}
