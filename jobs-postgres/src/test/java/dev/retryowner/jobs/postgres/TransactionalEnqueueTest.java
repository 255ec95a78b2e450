package dev.retryowner.jobs.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.retryowner.jobs.InsertResult;
import dev.retryowner.jobs.JobState;
import dev.retryowner.jobs.NewJob;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A domain change and the job it implies commit or roll back together (the outbox idea). */
class TransactionalEnqueueTest {
  private static final Instant T0 = Instant.parse("2026-11-30T08:00:00Z");

  private final DataSource database = EmbeddedPostgresServer.newDatabase();
  private PostgresJobStore store;

  @BeforeEach
  void createSchema() throws SQLException {
    store = PostgresJobStore.open(database);
    EventsTable.create(database);
  }

  private static NewJob fanout(String event) {
    return new NewJob("webhook.fanout", "webhooks", Map.of("event", event), 10, T0, T0, null);
  }

  @Test
  void aCommittedDomainChangeCarriesItsJob() throws SQLException {
    long jobId;
    try (Connection connection = database.getConnection()) {
      connection.setAutoCommit(false);
      EventsTable.insert(connection, "e1");
      jobId = store.insert(connection, fanout("e1")).id();
      assertThat(store.get(jobId)).as("invisible before the commit").isEmpty();
      connection.commit();
    }

    assertThat(store.get(jobId)).map(job -> job.state()).contains(JobState.PENDING);
    assertThat(EventsTable.count(database)).isEqualTo(1);
  }

  @Test
  void aRolledBackDomainChangeLeavesNoJob() throws SQLException {
    long jobId;
    try (Connection connection = database.getConnection()) {
      connection.setAutoCommit(false);
      EventsTable.insert(connection, "e1");
      jobId = store.insert(connection, fanout("e1")).id();
      connection.rollback();
    }

    assertThat(store.get(jobId)).isEmpty();
    assertThat(EventsTable.count(database)).isZero();
    assertThat(store.claim("webhooks", T0, 10, T0.plusSeconds(60))).isEmpty();
  }

  @Test
  void theCallersTransactionStaysOpenAndUniqueKeysHoldInsideIt() throws SQLException {
    Map<String, String> args = Map.of("doc", "1");
    NewJob unique = new NewJob("corpus.index", "search", args, 10, T0, T0,
        NewJob.uniqueKey("corpus.index", args));
    try (Connection connection = database.getConnection()) {
      connection.setAutoCommit(false);
      InsertResult first = store.insert(connection, unique);
      InsertResult again = store.insert(connection, unique);

      assertThat(connection.isClosed()).isFalse();
      assertThat(connection.getAutoCommit()).isFalse();
      assertThat(again).isEqualTo(new InsertResult(first.id(), false));
      connection.commit();
    }
  }
}
