package dev.retryowner.jobs.postgres;

import dev.retryowner.jobs.JobRecord;
import dev.retryowner.jobs.Lease;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;

/**
 * Group completion: a completion that arrives while a batch is being written waits; when that
 * write ends, one waiting caller writes every completion that waits, in one statement, and each
 * caller gets its own row back. No timer and no thread of its own: under load the batches form by
 * themselves, a completion alone is written at once, and each caller writes at most one batch
 * (its own is in it), so no worker is kept writing for the others. Each caller returns only once
 * its completion is committed.
 */
final class CompletionBatches {
  /** One caller's completion and the row it gets back (empty if its lease was stale). */
  record Completion(Lease lease, Instant at, CompletableFuture<Optional<JobRecord>> result) {}

  private final Function<List<Completion>, List<JobRecord>> write;
  private List<Completion> waiting = new ArrayList<>();
  private boolean writing;

  /** {@code write} completes a batch in one statement and returns the rows it completed. */
  CompletionBatches(Function<List<Completion>, List<JobRecord>> write) {
    this.write = write;
  }

  Optional<JobRecord> complete(Lease lease, Instant at) {
    Completion mine = new Completion(lease, at, new CompletableFuture<>());
    List<Completion> batch = null;
    boolean interrupted = false;
    synchronized (this) {
      waiting.add(mine);
      while (writing && !mine.result().isDone()) {
        try {
          wait();
        } catch (InterruptedException e) {
          // The completion is queued and will be written; keep the interrupt for the caller.
          interrupted = true;
        }
      }
      if (!mine.result().isDone()) {
        writing = true;
        batch = waiting;
        waiting = new ArrayList<>();
      }
    }
    if (batch != null) {
      try {
        writeBatch(batch);
      } finally {
        synchronized (this) {
          writing = false;
          notifyAll();
        }
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
    try {
      return mine.result().join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException cause) {
        throw cause;
      }
      throw e;
    }
  }

  /** How many completions wait for the next batch. */
  synchronized int waiting() {
    return waiting.size();
  }

  private void writeBatch(List<Completion> batch) {
    try {
      List<JobRecord> completed = write.apply(batch);
      // A row answers the caller whose lease it matches: the same job and the same run.
      for (Completion completion : batch) {
        Lease lease = completion.lease();
        completion.result().complete(completed.stream()
            .filter(row -> row.id() == lease.jobId() && row.runs() == lease.run())
            .findFirst());
      }
    } catch (RuntimeException e) {
      batch.forEach(completion -> completion.result().completeExceptionally(e));
    }
  }
}
