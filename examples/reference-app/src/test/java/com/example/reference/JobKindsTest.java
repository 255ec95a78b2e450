package com.example.reference;

import static org.assertj.core.api.Assertions.assertThat;

import com.example.reference.corpus.CorpusKinds;
import com.example.reference.mail.MailKinds;
import com.example.reference.webhook.WebhookKinds;
import dev.retryowner.jobs.JobKind;
import dev.retryowner.jobs.WhenExhausted;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The policies of the seed's table, declared on the kinds. */
class JobKindsTest {
  @Test
  void webhookDeliveryFollowsTheSvixScheduleForEighteenAttemptsAndDiscardsQuietly() {
    assertThat(WebhookKinds.DELIVER.retryPolicy().maxAttempts()).isEqualTo(18);
    assertThat(WebhookKinds.DELIVER.retryPolicy().whenExhausted())
        .isEqualTo(WhenExhausted.DISCARD);
    assertThat(delays(WebhookKinds.DELIVER, 7)).containsExactly(Duration.ofSeconds(5),
        Duration.ofMinutes(5), Duration.ofMinutes(30), Duration.ofHours(2), Duration.ofHours(5),
        Duration.ofHours(10), Duration.ofHours(10));
  }

  @Test
  void fanoutAndIndexingUseTheDefaultBackoffForTenAttemptsAndAlert() {
    for (JobKind kind : new JobKind[] {WebhookKinds.FANOUT, CorpusKinds.INDEX}) {
      assertThat(kind.retryPolicy().maxAttempts()).isEqualTo(10);
      assertThat(kind.retryPolicy().whenExhausted()).isEqualTo(WhenExhausted.DISCARD_AND_ALERT);
      assertThat(delays(kind, 3)).containsExactly(Duration.ofSeconds(1), Duration.ofSeconds(2),
          Duration.ofSeconds(4));
    }
  }

  @Test
  void ownerMailStartsAtTwentySecondsTimesThreeForEightAttempts() {
    assertThat(MailKinds.OWNER_NOTIFY.retryPolicy().maxAttempts()).isEqualTo(8);
    assertThat(delays(MailKinds.OWNER_NOTIFY, 3)).containsExactly(Duration.ofSeconds(20),
        Duration.ofSeconds(60), Duration.ofSeconds(180));
  }

  private static List<Duration> delays(JobKind kind, int attempts) {
    return IntStream.rangeClosed(1, attempts)
        .mapToObj(kind.retryPolicy().backoff()::baseDelay).toList();
  }
}
