package dev.retryowner.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JobsSmokeTest {
  @Test
  void failsTwiceThenCompletesOnItsBackoff() {
    ManualClock clock = ManualClock.at(Instant.parse("2026-01-01T00:00:00Z"));
    JobKind kind = JobKind.builder("k").retryPolicy(RetryPolicy.of(3, Backoff.defaultBackoff())).build();
    int[] calls = {0};
    Jobs jobs = Jobs.builder().clock(clock).jitter(Jitter.none()).queue("default", 1)
        .register(kind, job -> {
          if (++calls[0] < 3) {
            throw new IllegalStateException("boom " + calls[0]);
          }
        }).build();
    long id = jobs.enqueue(kind, Map.of("a", "b"));
    assertThat(jobs.runDue()).isEqualTo(1);
    clock.advance(Duration.ofSeconds(1));
    assertThat(jobs.runDue()).isEqualTo(1);
    clock.advance(Duration.ofSeconds(2));
    assertThat(jobs.runDue()).isEqualTo(1);
    JobRecord done = jobs.inspector().get(id).orElseThrow();
    assertThat(done.state()).isEqualTo(JobState.COMPLETED);
    assertThat(done.errors()).hasSize(2);
  }
}
