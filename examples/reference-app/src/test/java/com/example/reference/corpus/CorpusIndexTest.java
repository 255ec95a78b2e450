package com.example.reference.corpus;

import static org.assertj.core.api.Assertions.assertThat;

import com.example.reference.testing.Harness;
import com.example.reference.testing.Loopback.Reply;
import dev.retryowner.jobs.JobState;
import java.io.IOException;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class CorpusIndexTest {
  private final Harness harness = new Harness();

  CorpusIndexTest() throws IOException {}

  @AfterEach
  void stop() {
    harness.close();
  }

  @Test
  void indexesTheDocumentsCurrentVersion() {
    harness.app.corpus().put(new CorpusDocument("doc-1", "Retries", "one owner"));

    long job = harness.app.index("doc-1");
    harness.runDue();

    assertThat(harness.job(job).state()).isEqualTo(JobState.COMPLETED);
    assertThat(harness.meili.documents(CorpusIndex.INDEX)).containsOnlyKeys("doc-1");
  }

  @Test
  void anUnavailableSearchEngineIsRetriedByThePolicyAfterOneRequest() {
    harness.app.corpus().put(new CorpusDocument("doc-1", "Retries", "one owner"));
    harness.meili.server().reply(Reply.of(503));

    long job = harness.app.index("doc-1");
    harness.runDue();
    assertThat(harness.job(job).state()).isEqualTo(JobState.RETRYABLE);
    assertThat(harness.job(job).scheduledAt()).isEqualTo(Harness.START.plusSeconds(1));
    assertThat(harness.meili.server().requests()).hasSize(1);
    harness.runNext();

    assertThat(harness.job(job).state()).isEqualTo(JobState.COMPLETED);
    assertThat(harness.job(job).attempt()).isEqualTo(2);
    assertThat(harness.meili.documents(CorpusIndex.INDEX)).containsOnlyKeys("doc-1");
  }

  @Test
  void aRetryAfterSnoozesTheJobCappedAtAnHour() {
    harness.app.corpus().put(new CorpusDocument("doc-1", "Retries", "one owner"));
    harness.meili.server().reply(Reply.of(429).withHeader("Retry-After", "7200"));

    long job = harness.app.index("doc-1");
    harness.runDue();

    assertThat(harness.job(job).state()).isEqualTo(JobState.SNOOZED);
    assertThat(harness.job(job).scheduledAt())
        .isEqualTo(Harness.START.plus(Duration.ofHours(1)));
  }

  @Test
  void aRejectedDocumentIsDiscarded() {
    harness.app.corpus().put(new CorpusDocument("doc-1", "Retries", "one owner"));
    harness.meili.server().reply(Reply.json(400, "{\"code\":\"invalid_document_id\"}"));

    long job = harness.app.index("doc-1");
    harness.runDue();

    assertThat(harness.job(job).state()).isEqualTo(JobState.DISCARDED);
    assertThat(harness.meili.server().requests()).hasSize(1);
  }

  @Test
  void aDocumentDeletedBeforeItsTurnIsNotSent() {
    long job = harness.app.index("doc-gone");
    harness.runDue();

    assertThat(harness.job(job).state()).isEqualTo(JobState.COMPLETED);
    assertThat(harness.meili.server().requests()).isEmpty();
  }
}
