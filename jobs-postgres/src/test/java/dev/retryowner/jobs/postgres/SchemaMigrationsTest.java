package dev.retryowner.jobs.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

class SchemaMigrationsTest {
  private final DataSource database = EmbeddedPostgresServer.newDatabase();

  private static List<Integer> everyVersion() {
    return IntStream.rangeClosed(1, SchemaMigrations.latestVersion()).boxed().toList();
  }

  @Test
  void aFreshDatabaseGetsEveryMigrationRecordedOnce() throws SQLException {
    assertThat(SchemaMigrations.apply(database)).isEqualTo(SchemaMigrations.latestVersion());

    assertThat(recordedVersions()).containsExactlyElementsOf(everyVersion());
    assertThat(tableExists("retry_owner_jobs")).isTrue();
    assertThat(tableExists("retry_owner_job_errors")).isTrue();
    assertThat(tableExists("retry_owner_keyed_leases")).isTrue();
  }

  @Test
  void applyingAgainChangesNothing() throws SQLException {
    SchemaMigrations.apply(database);

    assertThat(SchemaMigrations.apply(database)).isZero();
    assertThat(recordedVersions()).containsExactlyElementsOf(everyVersion());
  }

  @Test
  void processesStartingAtOnceApplyEachMigrationExactlyOnce() throws Exception {
    int starters = 4;
    ExecutorService pool = Executors.newFixedThreadPool(starters);
    CountDownLatch start = new CountDownLatch(1);
    try {
      List<Future<Integer>> applied = new ArrayList<>();
      for (int i = 0; i < starters; i++) {
        applied.add(pool.submit(() -> {
          start.await();
          return SchemaMigrations.apply(database);
        }));
      }
      start.countDown();
      int total = 0;
      for (Future<Integer> result : applied) {
        total += result.get();
      }
      assertThat(total).isEqualTo(SchemaMigrations.latestVersion());
      assertThat(recordedVersions()).containsExactlyElementsOf(everyVersion());
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void aSchemaNewerThanThisBuildIsRefused() throws SQLException {
    SchemaMigrations.apply(database);
    execute("INSERT INTO retry_owner_schema_version (version, file) VALUES (99, 'V99__future.sql')");

    assertThatThrownBy(() -> SchemaMigrations.apply(database))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("version 99")
        .hasMessageContaining("only up to " + SchemaMigrations.latestVersion());
  }

  @Test
  void migrationFilesMustBeNumberedWithoutGaps() {
    assertThatCode(() -> SchemaMigrations.requireVersion("V2__add_index.sql", 2))
        .doesNotThrowAnyException();
    assertThatThrownBy(() -> SchemaMigrations.requireVersion("V3__add_index.sql", 2))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("must be named V2__");
    assertThatThrownBy(() -> SchemaMigrations.requireVersion("jobs.sql", 1))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void everyListedFileIsNumberedInOrder() {
    for (int version = 1; version <= SchemaMigrations.latestVersion(); version++) {
      SchemaMigrations.requireVersion(SchemaMigrations.FILES.get(version - 1), version);
    }
  }

  @Test
  void anUnreachableDatabaseIsAClearError() {
    PGSimpleDataSource nowhere = new PGSimpleDataSource();
    nowhere.setServerNames(new String[] {"127.0.0.1"});
    nowhere.setPortNumbers(new int[] {1});
    nowhere.setConnectTimeout(2);

    assertThatThrownBy(() -> PostgresJobStore.open(nowhere))
        .isInstanceOf(JobStoreException.class)
        .hasMessageStartingWith("could not migrate the job store's schema: ");
  }

  private List<Integer> recordedVersions() throws SQLException {
    List<Integer> versions = new ArrayList<>();
    try (Connection connection = database.getConnection();
        Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery(
            "SELECT version FROM retry_owner_schema_version ORDER BY version")) {
      while (rows.next()) {
        versions.add(rows.getInt(1));
      }
    }
    return versions;
  }

  private boolean tableExists(String table) throws SQLException {
    try (Connection connection = database.getConnection();
        Statement statement = connection.createStatement();
        ResultSet row = statement.executeQuery("SELECT to_regclass('" + table + "') IS NOT NULL")) {
      row.next();
      return row.getBoolean(1);
    }
  }

  private void execute(String sql) throws SQLException {
    try (Connection connection = database.getConnection();
        Statement statement = connection.createStatement()) {
      statement.execute(sql);
    }
  }
}
