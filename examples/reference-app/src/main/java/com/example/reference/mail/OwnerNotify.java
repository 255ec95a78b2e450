package com.example.reference.mail;

import dev.retryowner.jobs.Discard;
import dev.retryowner.jobs.Job;
import dev.retryowner.jobs.JobHandler;
import dev.retryowner.jobs.Snooze;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Instant;

/**
 * {@code owner.notify}: mails an owner about an event, once per event. Send, then mark: a crash
 * between the two sends the mail again on the next attempt (at-least-once), with the same
 * {@code Message-ID}, which most mailboxes merge. A failed send throws; the kind's policy retries.
 *
 * <p>Two caps. A recipient gets at most {@link #PER_RECIPIENT_PER_HOUR} mails an hour; more are
 * snoozed to the next hour, never dropped. An owner gets at most {@link #OWNER_BURST_PER_HOUR}
 * notifications an hour; more are dropped on purpose, logged and marked, because a burst of
 * notifications about one thing tells the owner nothing the first ones did not.
 */
public final class OwnerNotify implements JobHandler {
  public static final String EVENT_ARG = "event";
  public static final int PER_RECIPIENT_PER_HOUR = 30;
  public static final int OWNER_BURST_PER_HOUR = 5;
  private static final System.Logger LOG = System.getLogger(OwnerNotify.class.getName());

  private final OwnerNotifications notifications;
  private final MailPort mail;
  private final String messageIdHost;
  private final Clock clock;
  private final HourlyCap perRecipient = new HourlyCap(PER_RECIPIENT_PER_HOUR);
  private final HourlyCap ownerBurst = new HourlyCap(OWNER_BURST_PER_HOUR);

  /** @param messageIdHost the right-hand side of every {@code Message-ID}, e.g. the mail domain */
  public OwnerNotify(OwnerNotifications notifications, MailPort mail, String messageIdHost,
      Clock clock) {
    if (messageIdHost == null || messageIdHost.isBlank() || messageIdHost.contains(">")) {
      throw new IllegalArgumentException("The Message-ID host is a domain such as"
          + " mail.example.com, got '" + messageIdHost + "'");
    }
    this.notifications = notifications;
    this.mail = mail;
    this.messageIdHost = messageIdHost;
    this.clock = clock;
  }

  @Override
  public void handle(Job job) throws IOException {
    String eventId = job.arg(EVENT_ARG);
    OwnerNotification notification = notifications.find(eventId)
        .orElseThrow(() -> Discard.because("no notification for event " + eventId
            + " (pruned)"));
    if (notification.settled()) {
      return;
    }
    Instant now = clock.instant();
    if (ownerBurst.isSpent(notification.ownerId(), now)) {
      LOG.log(Level.WARNING, "owner.notify: dropping the notification for event {0}: owner {1}"
          + " already got {2} this hour (burst cap)", eventId, notification.ownerId(),
          OWNER_BURST_PER_HOUR);
      notifications.markDropped(eventId, now);
      return;
    }
    if (perRecipient.isSpent(notification.recipient(), now)) {
      throw Snooze.until(HourlyCap.nextWindow(now));
    }
    mail.send(new MailMessage(notification.recipient(), notification.subject(),
        notification.body(), messageId(eventId)));
    perRecipient.record(notification.recipient(), now);
    ownerBurst.record(notification.ownerId(), now);
    notifications.markNotified(eventId, now);
  }

  /** {@code <event-id@host>}: the same on every attempt for the same event. */
  public String messageId(String eventId) {
    return "<" + eventId + "@" + messageIdHost + ">";
  }
}
