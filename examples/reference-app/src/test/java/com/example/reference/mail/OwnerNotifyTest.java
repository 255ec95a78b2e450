package com.example.reference.mail;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.example.reference.testing.Harness;
import dev.retryowner.jobs.JobRecord;
import dev.retryowner.jobs.JobState;
import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class OwnerNotifyTest {
  private final Harness harness = new Harness();

  OwnerNotifyTest() throws IOException {}

  @AfterEach
  void stop() {
    harness.close();
  }

  @Test
  void sendsThenMarksWithTheEventsMessageIdAndSendsNoSecondTime() {
    notification("evt_1", "owner", "owner@example.com");

    long job = harness.app.notifyOwner("evt_1");
    harness.runDue();
    harness.app.notifyOwner("evt_1");
    harness.runDue();

    assertThat(harness.job(job).state()).isEqualTo(JobState.COMPLETED);
    assertThat(harness.mail.sent()).singleElement().satisfies(mail -> {
      assertThat(mail.to()).isEqualTo("owner@example.com");
      assertThat(mail.messageId()).isEqualTo("<evt_1@mail.example.com>");
    });
    assertThat(harness.app.notifications().find("evt_1").orElseThrow().notifiedAt())
        .isEqualTo(Harness.START);
  }

  @Test
  void aFailedSendIsRetriedByThePolicyAndMarkedOnlyOnceSent() {
    notification("evt_1", "owner", "owner@example.com");
    harness.mail.failNext(1);

    long job = harness.app.notifyOwner("evt_1");
    harness.runDue();
    assertThat(harness.job(job).state()).isEqualTo(JobState.RETRYABLE);
    assertThat(harness.job(job).scheduledAt()).isEqualTo(Harness.START.plusSeconds(20));
    assertThat(harness.app.notifications().find("evt_1").orElseThrow().notifiedAt()).isNull();
    harness.runNext();

    assertThat(harness.job(job).state()).isEqualTo(JobState.COMPLETED);
    assertThat(harness.job(job).attempt()).isEqualTo(2);
    assertThat(harness.mail.sent()).hasSize(1);
  }

  @Test
  void aLostAnswerAfterSendingSendsAgainWithTheSameMessageId() {
    notification("evt_1", "owner", "owner@example.com");
    harness.mail.loseTheNextAnswer();

    harness.app.notifyOwner("evt_1");
    harness.runDue();
    harness.runNext();

    assertThat(harness.mail.sent()).hasSize(2)
        .allMatch(mail -> mail.messageId().equals("<evt_1@mail.example.com>"));
  }

  @Test
  void theThirtyFirstMailToARecipientInAnHourWaitsForTheNextHourAndIsNotDropped() {
    for (int i = 1; i <= OwnerNotify.PER_RECIPIENT_PER_HOUR + 1; i++) {
      notification("evt_" + i, "owner_" + i, "team@example.com");
      harness.app.notifyOwner("evt_" + i);
    }
    harness.runDue();

    assertThat(harness.mail.sent()).hasSize(OwnerNotify.PER_RECIPIENT_PER_HOUR);
    JobRecord waiting = harness.jobs(MailKinds.OWNER_NOTIFY).stream()
        .filter(job -> job.state() == JobState.SNOOZED).findFirst().orElseThrow();
    assertThat(waiting.scheduledAt()).isEqualTo(Instant.parse("2026-11-30T10:00:00Z"));
    harness.runNext();

    assertThat(harness.mail.sent()).hasSize(OwnerNotify.PER_RECIPIENT_PER_HOUR + 1);
    assertThat(harness.job(waiting.id()).attempt()).isEqualTo(1);
    assertThat(harness.app.notifications().find(waiting.args().get("event")).orElseThrow()
        .droppedAt()).isNull();
  }

  @Test
  void theSixthNotificationOfAnOwnerInAnHourIsDroppedOnPurposeAndMarked() {
    for (int i = 1; i <= OwnerNotify.OWNER_BURST_PER_HOUR + 1; i++) {
      notification("evt_" + i, "owner", "person" + i + "@example.com");
      harness.app.notifyOwner("evt_" + i);
    }
    harness.runDue();

    assertThat(harness.mail.sent()).hasSize(OwnerNotify.OWNER_BURST_PER_HOUR);
    OwnerNotification dropped = harness.app.notifications().find("evt_6").orElseThrow();
    assertThat(dropped.droppedAt()).isEqualTo(Harness.START);
    assertThat(dropped.notifiedAt()).isNull();
    assertThat(harness.jobs(MailKinds.OWNER_NOTIFY))
        .allMatch(job -> job.state() == JobState.COMPLETED);
    assertThat(harness.runNext()).isEmpty();
  }

  @Test
  void aMessageIdHostThatIsNoDomainIsRejected() {
    assertThatThrownBy(() -> new OwnerNotify(new OwnerNotifications(), harness.mail, " ",
        Clock.systemUTC())).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Message-ID host");
  }

  private void notification(String eventId, String owner, String recipient) {
    harness.app.notifications().add(OwnerNotification.of(eventId, owner, recipient,
        "New booking", "Someone booked a slot."));
  }
}
