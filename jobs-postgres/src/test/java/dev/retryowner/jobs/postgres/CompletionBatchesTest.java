package dev.retryowner.jobs.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.retryowner.jobs.JobRecord;
import dev.retryowner.jobs.JobState;
import dev.retryowner.jobs.Lease;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Group completion without a database: who writes, what each batch holds, who gets what. */
class CompletionBatchesTest {
  private static final Instant T0 = Instant.parse("2026-12-02T00:00:00Z");
  private final ExecutorService callers = Executors.newFixedThreadPool(6);

  @AfterEach
  void stopCallers() {
    callers.shutdownNow();
  }

  private static JobRecord completed(Lease lease) {
    return new JobRecord(lease.jobId(), "a", "default", Map.of(), JobState.COMPLETED, 1, 3, 0,
        lease.run(), T0, T0, T0, T0, null, null, List.of());
  }

  @Test
  void completionsArrivingDuringAWriteGoInTheNextBatchAndEachCallerGetsItsOwnRow()
      throws Exception {
    CountDownLatch firstWriteStarted = new CountDownLatch(1);
    CountDownLatch othersWaiting = new CountDownLatch(1);
    List<Integer> batchSizes = Collections.synchronizedList(new ArrayList<>());
    CompletionBatches batches = new CompletionBatches(batch -> {
      batchSizes.add(batch.size());
      if (batchSizes.size() == 1) {
        firstWriteStarted.countDown();
        await(othersWaiting);
      }
      // Job 4's row is in another run: its caller's lease is stale.
      return batch.stream().map(c -> c.lease().jobId() == 4
          ? completed(new Lease(4, c.lease().run() + 1)) : completed(c.lease())).toList();
    });

    Future<Optional<JobRecord>> first = callers.submit(() -> batches.complete(new Lease(1, 1), T0));
    assertThat(firstWriteStarted.await(10, TimeUnit.SECONDS)).isTrue();
    List<Future<Optional<JobRecord>>> others = new ArrayList<>();
    for (long id = 2; id <= 6; id++) {
      Lease lease = new Lease(id, 1);
      others.add(callers.submit(() -> batches.complete(lease, T0)));
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (batches.waiting() < 5 && System.nanoTime() < deadline) {
      Thread.onSpinWait();
    }
    assertThat(batches.waiting()).as("the five later completions wait for the write").isEqualTo(5);
    othersWaiting.countDown();

    assertThat(first.get(10, TimeUnit.SECONDS)).map(JobRecord::id).contains(1L);
    for (int i = 0; i < others.size(); i++) {
      long id = i + 2;
      Optional<JobRecord> row = others.get(i).get(10, TimeUnit.SECONDS);
      if (id == 4) {
        assertThat(row).as("a row of another run answers no stale lease").isEmpty();
      } else {
        assertThat(row).map(JobRecord::id).contains(id);
      }
    }
    assertThat(batchSizes).as("one write alone, then one for every completion that waited")
        .containsExactly(1, 5);
  }

  @Test
  void aFailedWriteFailsEveryCompletionOfItsBatchAndTheNextBatchIsWrittenAgain() {
    List<Integer> writes = new ArrayList<>();
    CompletionBatches batches = new CompletionBatches(batch -> {
      writes.add(batch.size());
      if (writes.size() == 1) {
        throw new JobStoreException("complete 1 job(s)", new SQLException("the database went away"));
      }
      return batch.stream().map(c -> completed(c.lease())).toList();
    });

    assertThatThrownBy(() -> batches.complete(new Lease(1, 1), T0))
        .isInstanceOf(JobStoreException.class).hasMessageContaining("the database went away");
    assertThat(batches.complete(new Lease(2, 1), T0)).map(JobRecord::id).contains(2L);
    assertThat(writes).containsExactly(1, 1);
  }

  private static void await(CountDownLatch latch) {
    try {
      assertThat(latch.await(10, TimeUnit.SECONDS)).isTrue();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
