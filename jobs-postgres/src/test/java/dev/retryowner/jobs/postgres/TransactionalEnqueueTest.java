package dev.retryowner.jobs.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.retryowner.jobs.InsertResult;
import dev.retryowner.jobs.JobState;
import dev.retryowner.jobs.NewJob;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
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
    try (Connection connection = database.getConnection();
        Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE events (id text PRIMARY KEY)");
    }
  }

  private static NewJob fanout(String event) {
    return new NewJob("webhook.fanout", "webhooks", Map.of("event", event), 10, T0, T0, null);
  }

  private static void insertEvent(Connection connection, String id) throws SQLException {
    try (PreparedStatement insert = connection.prepareStatement("INSERT INTO events VALUES (?)")) {
      insert.setString(1, id);
      insert.executeUpdate();
    }
  }

  @Test
  void aCommittedDomainChangeCarriesItsJob() throws SQLException {
    long jobId;
    try (Connection connection = database.getConnection()) {
      connection.setAutoCommit(false);
      insertEvent(connection, "e1");
      jobId = store.insert(connection, fanout("e1")).id();
      assertThat(store.get(jobId)).as("invisible before the commit").isEmpty();
      connection.commit();
    }

    assertThat(store.get(jobId)).map(job -> job.state()).contains(JobState.PENDING);
    assertThat(eventCount()).isEqualTo(1);
  }

  @Test
  void aRolledBackDomainChangeLeavesNoJob() throws SQLException {
    long jobId;
    try (Connection connection = database.getConnection()) {
      connection.setAutoCommit(false);
      insertEvent(connection, "e1");
      jobId = store.insert(connection, fanout("e1")).id();
      connection.rollback();
    }

    assertThat(store.get(jobId)).isEmpty();
    assertThat(eventCount()).isZero();
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

  private int eventCount() throws SQLException {
    try (Connection connection = database.getConnection();
        Statement statement = connection.createStatement();
        ResultSet count = statement.executeQuery("SELECT count(*) FROM events")) {
      count.next();
      return count.getInt(1);
    }
  }
}
