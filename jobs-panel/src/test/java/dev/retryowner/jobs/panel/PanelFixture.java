package dev.retryowner.jobs.panel;

import dev.retryowner.jobs.Backoff;
import dev.retryowner.jobs.Discard;
import dev.retryowner.jobs.EnqueueOptions;
import dev.retryowner.jobs.Jitter;
import dev.retryowner.jobs.JobKind;
import dev.retryowner.jobs.Jobs;
import dev.retryowner.jobs.ManualClock;
import dev.retryowner.jobs.RetryPolicy;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/**
 * Jobs in every interesting state for the panel's HTTP tests, run by hand on a manual clock: a
 * delivery discarded after its attempts (with a {@code <script>} in its args and error), one the
 * handler discarded, one waiting for its backoff, one pending, one completed.
 */
final class PanelFixture {
  static final String SCRIPT = "<script>alert('x')</script>";

  final ManualClock clock = ManualClock.at(Instant.parse("2026-11-30T08:00:00Z"));
  final JobKind deliver = JobKind.builder("webhook.deliver").queue("webhooks")
      .retryPolicy(RetryPolicy.of(2, Backoff.svix())).build();
  final JobKind index = JobKind.builder("corpus.index")
      .retryPolicy(RetryPolicy.of(10, Backoff.defaultBackoff())).build();
  final Jobs jobs = Jobs.builder().clock(clock).jitter(Jitter.none())
      .queue("webhooks", 1).queue("default", 1)
      .register(deliver, job -> {
        if (job.arg("endpoint").startsWith("gone")) {
          throw Discard.because("HTTP 410 from " + job.arg("endpoint"));
        }
        throw new IOException("HTTP 500 from " + job.arg("endpoint") + " for " + job.arg("event"));
      })
      .register(index, job -> {
        if (job.arg("doc").equals("broken")) {
          throw new IllegalStateException("index refused " + job.arg("doc"));
        }
      })
      .build();
  final long exhausted;
  final long discardedByHandler;
  final long retryable;
  final long completed;
  final long pending;

  PanelFixture() {
    exhausted = jobs.enqueue(deliver, Map.of("endpoint", "down", "event", SCRIPT));
    discardedByHandler = jobs.enqueue(deliver, Map.of("endpoint", "gone-7", "event", "e2"));
    retryable = jobs.enqueue(index, Map.of("doc", "broken"));
    completed = jobs.enqueue(index, Map.of("doc", "fine"));
    jobs.runDue();
    clock.advance(Duration.ofSeconds(5));
    jobs.runDue();
    pending = jobs.enqueue(index, Map.of("doc", "later"),
        EnqueueOptions.runAt(clock.instant().plus(Duration.ofHours(1))));
  }
}
