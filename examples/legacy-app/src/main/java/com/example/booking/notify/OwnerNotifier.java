package com.example.booking.notify;

import com.example.booking.Booking;
import com.example.booking.mail.MailApiClient;
import com.example.booking.mail.MailMessage;

/** The mails a stand's owner gets; each goes out under the notify policy. */
public class OwnerNotifier {
  private final MailApiClient mail;
  private final NotifyPolicy policy;

  public OwnerNotifier(MailApiClient mail, NotifyPolicy policy) {
    this.mail = mail;
    this.policy = policy;
  }

  public void bookingReceived(Booking booking) {
    send(new MailMessage(booking.ownerEmail(), "New booking: " + booking.visitorName(),
        booking.visitorName() + " booked a meeting at your stand for " + booking.startsAt() + "."));
  }

  public void reminder(Booking booking) {
    send(new MailMessage(booking.ownerEmail(), "Tomorrow: meeting with " + booking.visitorName(),
        "Your meeting with " + booking.visitorName() + " starts at " + booking.startsAt() + "."));
  }

  private void send(MailMessage message) {
    policy.deliver(() -> mail.send(message));
  }
}
