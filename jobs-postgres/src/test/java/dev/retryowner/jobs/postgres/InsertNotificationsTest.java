package dev.retryowner.jobs.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.retryowner.jobs.Backoff;
import dev.retryowner.jobs.JobKind;
import dev.retryowner.jobs.JobStore;
import dev.retryowner.jobs.Jobs;
import dev.retryowner.jobs.NewJob;
import dev.retryowner.jobs.RetryPolicy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/** Wake-up on insert through LISTEN/NOTIFY, with polling as the fallback. */
class InsertNotificationsTest {
  private static final Instant T0 = Instant.parse("2026-11-30T08:00:00Z");
  private static final Duration NEVER_POLLS = Duration.ofHours(1);

  private final DataSource database = EmbeddedPostgresServer.newDatabase();
  private final PostgresJobStore store = PostgresJobStore.open(database);
  private final JobKind index = JobKind.builder("corpus.index")
      .queue("search")
      .retryPolicy(RetryPolicy.of(3, Backoff.defaultBackoff()))
      .build();

  private static NewJob job(String queue) {
    return new NewJob("corpus.index", queue, Map.of(), 3, T0, T0, null);
  }

  @Test
  void aCommittedInsertSignalsItsQueueAndARolledBackOneDoesNot() throws Exception {
    BlockingQueue<String> signals = new LinkedBlockingQueue<>();
    try (JobStore.Subscription subscription = store.onInsert(signals::add)) {
      awaitListening(signals);
      try (Connection connection = database.getConnection()) {
        connection.setAutoCommit(false);
        store.insert(connection, job("rolled-back"));
        connection.rollback();
      }
      store.insert(job("search"));

      assertThat(signals.poll(10, TimeUnit.SECONDS)).isEqualTo("search");
      assertThat(signals).isEmpty();
    }
  }

  @Test
  void aClosedSubscriptionSignalsNothing() throws Exception {
    BlockingQueue<String> signals = new LinkedBlockingQueue<>();
    JobStore.Subscription subscription = store.onInsert(signals::add);
    awaitListening(signals);

    subscription.close();
    Thread.sleep(600);
    store.insert(job("search"));

    assertThat(signals.poll(1, TimeUnit.SECONDS)).isNull();
  }

  @Test
  void anIdleRuntimeRunsAJobAnotherProcessEnqueuedAtOnce() throws InterruptedException {
    CountDownLatch ran = new CountDownLatch(1);
    Jobs worker = Jobs.builder().store(PostgresJobStore.open(database))
        .queue("search", 1).pollInterval(NEVER_POLLS)
        .register(index, job -> ran.countDown())
        .build();
    Jobs producer = Jobs.builder().store(store).queue("search", 1).register(index, job -> { })
        .build();
    worker.start();
    try {
      Thread.sleep(1000); // the worker polled once and now waits an hour, or for a signal
      producer.enqueue(index, Map.of("doc", "1"));

      assertThat(ran.await(10, TimeUnit.SECONDS)).isTrue();
    } finally {
      worker.shutdown(Duration.ofSeconds(5));
    }
  }

  @Test
  void aJobInsertedWithoutASignalIsFoundByPolling() throws Exception {
    CountDownLatch ran = new CountDownLatch(1);
    Jobs worker = Jobs.builder().store(store)
        .queue("search", 1).pollInterval(Duration.ofMillis(200))
        .register(index, job -> ran.countDown())
        .build();
    worker.start();
    try {
      try (Connection connection = database.getConnection();
          Statement statement = connection.createStatement()) {
        statement.execute("INSERT INTO retry_owner_jobs (kind, queue, args, state, max_attempts,"
            + " created_at, scheduled_at) VALUES ('corpus.index', 'search', '{}', 'pending', 3,"
            + " now(), now())");
      }

      assertThat(ran.await(10, TimeUnit.SECONDS)).isTrue();
    } finally {
      worker.shutdown(Duration.ofSeconds(5));
    }
  }

  /** Inserts marker jobs until the listener hears one, then forgets the markers' signals. */
  private void awaitListening(BlockingQueue<String> signals) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (signals.poll(100, TimeUnit.MILLISECONDS) == null) {
      assertThat(System.nanoTime()).as("the listener never started").isLessThan(deadline);
      store.insert(job("marker"));
    }
    Thread.sleep(300);
    signals.clear();
  }
}
