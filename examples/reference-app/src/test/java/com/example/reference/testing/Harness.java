package com.example.reference.testing;

import com.example.reference.ReferenceApp;
import com.example.reference.search.meili.MeilisearchAdapter;
import dev.retryowner.jobs.JobFilter;
import dev.retryowner.jobs.JobKind;
import dev.retryowner.jobs.JobRecord;
import dev.retryowner.jobs.JobState;
import dev.retryowner.jobs.Jitter;
import dev.retryowner.jobs.Jobs;
import dev.retryowner.jobs.ManualClock;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The reference app on a manual clock without jitter, with a recording mail port and a fake
 * Meilisearch on a loopback server; jobs run on the test's thread through {@link Jobs#runDue()}.
 */
public final class Harness implements AutoCloseable {
  public static final Instant START = Instant.parse("2026-11-30T09:00:00Z");
  public static final String MAIL_HOST = "mail.example.com";
  public static final String MEILI_KEY = "master-key";

  public final ManualClock clock = ManualClock.at(START);
  public final RecordingMail mail = new RecordingMail();
  public final FakeMeilisearch meili;
  public final ReferenceApp app;

  public Harness() throws IOException {
    meili = FakeMeilisearch.start(MEILI_KEY);
    app = new ReferenceApp(Jobs.builder().clock(clock).jitter(Jitter.none()), clock, mail,
        MAIL_HOST, new MeilisearchAdapter(meili.server().uri("/"), MEILI_KEY,
            Duration.ofSeconds(2)));
  }

  /** Runs every job due now; returns how many attempts ran. */
  public int runDue() {
    return app.jobs().runDue();
  }

  public JobRecord job(long id) {
    return app.jobs().inspector().get(id).orElseThrow();
  }

  /** The jobs of a kind, oldest first. */
  public List<JobRecord> jobs(JobKind kind) {
    return app.jobs().inspector()
        .list(JobFilter.all().kind(kind.name()).limit(Integer.MAX_VALUE)).stream()
        .sorted(Comparator.comparingLong(JobRecord::id)).toList();
  }

  /**
   * Moves the clock to the earliest time a waiting job is due and runs what is due then; empty
   * when no job waits.
   */
  public Optional<Instant> runNext() {
    Optional<Instant> next = app.jobs().inspector()
        .list(JobFilter.all().states(JobState.PENDING, JobState.RETRYABLE, JobState.SNOOZED)
            .limit(Integer.MAX_VALUE))
        .stream().map(JobRecord::scheduledAt).min(Comparator.naturalOrder());
    next.filter(at -> at.isAfter(clock.instant())).ifPresent(clock::set);
    next.ifPresent(at -> runDue());
    return next;
  }

  @Override
  public void close() {
    meili.close();
  }
}
