package dev.retryowner.jobs.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.retryowner.jobs.Backoff;
import dev.retryowner.jobs.EnqueueOptions;
import dev.retryowner.jobs.InMemoryJobStore;
import dev.retryowner.jobs.JobFilter;
import dev.retryowner.jobs.JobKind;
import dev.retryowner.jobs.JobRecord;
import dev.retryowner.jobs.JobState;
import dev.retryowner.jobs.Jobs;
import dev.retryowner.jobs.RetryPolicy;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The runtime's transactional enqueue, {@code jobs.with(connection).enqueue(...)}: a domain change
 * and its job commit or roll back together, and the commit wakes a worker.
 */
class JobsWithConnectionTest {
  private final DataSource database = EmbeddedPostgresServer.newDatabase();
  private final JobKind fanout = JobKind.builder("webhook.fanout")
      .queue("webhooks")
      .retryPolicy(RetryPolicy.of(10, Backoff.defaultBackoff()))
      .build();
  private final CountDownLatch handled = new CountDownLatch(1);
  private PostgresJobStore store;
  private Jobs jobs;

  @BeforeEach
  void createSchema() throws SQLException {
    store = PostgresJobStore.open(database);
    EventsTable.create(database);
    // Polls only hourly: a job is run within the test only if an insert signal woke the queue.
    jobs = Jobs.builder().store(store).queue("webhooks", 1).pollInterval(Duration.ofHours(1))
        .register(fanout, job -> handled.countDown())
        .build();
  }

  @AfterEach
  void stop() {
    jobs.shutdown(Duration.ofSeconds(5));
  }

  @Test
  void aCommitCarriesTheJobAndWakesAWorker() throws Exception {
    jobs.start();
    long id;
    try (Connection connection = database.getConnection()) {
      connection.setAutoCommit(false);
      EventsTable.insert(connection, "e1");
      id = jobs.with(connection).enqueue(fanout, Map.of("event", "e1"));
      assertThat(store.get(id)).as("invisible before the commit").isEmpty();
      connection.commit();
    }

    assertThat(handled.await(30, TimeUnit.SECONDS)).as("a worker ran the job").isTrue();
    assertThat(jobs.shutdown(Duration.ofSeconds(30))).isTrue();
    JobRecord job = store.get(id).orElseThrow();
    assertThat(job.state()).isEqualTo(JobState.COMPLETED);
    assertThat(job.args()).isEqualTo(Map.of("event", "e1"));
    assertThat(EventsTable.count(database)).isEqualTo(1);
  }

  @Test
  void aRollbackLeavesNoJob() throws SQLException {
    try (Connection connection = database.getConnection()) {
      connection.setAutoCommit(false);
      EventsTable.insert(connection, "e1");
      jobs.with(connection).enqueue(fanout, Map.of("event", "e1"),
          EnqueueOptions.uniqueByArgs());
      connection.rollback();
    }

    assertThat(store.list(JobFilter.all())).isEmpty();
    assertThat(EventsTable.count(database)).isZero();
    assertThat(jobs.runDue()).isZero();
    assertThat(handled.getCount()).isEqualTo(1);
  }

  @Test
  void anUnregisteredKindIsRefusedAsByEnqueue() throws SQLException {
    JobKind unknown = JobKind.builder("corpus.index")
        .retryPolicy(RetryPolicy.of(3, Backoff.defaultBackoff())).build();
    try (Connection connection = database.getConnection()) {
      assertThatThrownBy(() -> jobs.with(connection).enqueue(unknown, Map.of()))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("job kind corpus.index is not registered with this runtime; register it"
              + " with Jobs.builder().register(kind, handler)");
    }
  }

  @Test
  void aStoreThatCannotTakeTheConnectionIsRefusedNamingIt() throws SQLException {
    Jobs inMemory = Jobs.builder().store(new InMemoryJobStore()).queue("webhooks", 1)
        .register(fanout, job -> { })
        .build();
    try (Connection connection = database.getConnection()) {
      assertThatThrownBy(() -> inMemory.with(connection))
          .isInstanceOf(IllegalStateException.class)
          .hasMessage("jobs.with(connection) needs a store that inserts on the caller's connection"
              + " (a TransactionalJobStore, such as the PostgreSQL store), but this runtime's"
              + " store is dev.retryowner.jobs.InMemoryJobStore; configure one with"
              + " Jobs.builder().store(...) or enqueue without a connection");
    }
  }
}
