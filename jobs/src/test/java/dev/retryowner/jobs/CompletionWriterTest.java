package dev.retryowner.jobs;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** Completions handed over while a group is written go together in the next group. */
class CompletionWriterTest {
  private static final Instant T0 = Instant.parse("2026-11-30T08:00:00Z");

  private final ManualClock clock = ManualClock.at(T0);
  private final CountDownLatch firstWriteStarted = new CountDownLatch(1);
  private final CountDownLatch finishFirstWrite = new CountDownLatch(1);
  private final List<Integer> groupSizes = Collections.synchronizedList(new ArrayList<>());
  private final InMemoryJobStore memory = new InMemoryJobStore();
  private final JobStore store = new ForwardingJobStore(memory) {
    @Override
    public List<Lease> completeAll(List<Lease> leases, Instant now) {
      groupSizes.add(leases.size());
      if (groupSizes.size() == 1) {
        firstWriteStarted.countDown();
        try {
          assertThat(finishFirstWrite.await(30, SECONDS)).isTrue();
        } catch (InterruptedException e) {
          throw new IllegalStateException(e);
        }
      }
      return super.completeAll(leases, now);
    }
  };
  private final List<JobRecord> written = new CopyOnWriteArrayList<>();
  private final CompletionWriter writer = new CompletionWriter(store, clock, written::add);

  private List<JobRecord> claimed(int count) {
    for (int i = 0; i < count; i++) {
      memory.insert(new NewJob("a", "default", Map.of(), 3, T0, T0, null));
    }
    return memory.claim("default", T0, count, T0.plus(Duration.ofMinutes(5)));
  }

  @Test
  void completionsHandedOverDuringAWriteAreWrittenAsOneGroupAndStopWritesTheRest()
      throws Exception {
    List<JobRecord> jobs = claimed(5);
    writer.start();
    writer.handOver(jobs.get(0));
    assertThat(firstWriteStarted.await(30, SECONDS)).isTrue();
    jobs.subList(1, 4).forEach(writer::handOver);
    finishFirstWrite.countDown();
    writer.stop();
    writer.handOver(jobs.get(4));

    assertThat(groupSizes).as("one alone, the three that waited, then one after the stop")
        .containsExactly(1, 3, 1);
    assertThat(written).extracting(JobRecord::id)
        .containsExactlyInAnyOrderElementsOf(jobs.stream().map(JobRecord::id).toList());
    assertThat(memory.list(JobFilter.all())).hasSize(5)
        .allSatisfy(job -> assertThat(job.state()).isEqualTo(JobState.COMPLETED));
  }
}
