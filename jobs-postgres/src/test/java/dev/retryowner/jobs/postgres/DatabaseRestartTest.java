package dev.retryowner.jobs.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.retryowner.jobs.JobFilter;
import dev.retryowner.jobs.JobRecord;
import dev.retryowner.jobs.JobState;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** PostgreSQL restarts while two worker processes run: they reconnect and finish every job. */
class DatabaseRestartTest {
  private static final int JOBS = 2_000;

  @RegisterExtension final WorkerProcesses workers = new WorkerProcesses();

  private final RestartablePostgresServer server = RestartablePostgresServer.start();

  @AfterEach
  void stopServer() {
    server.close();
  }

  @Test
  void workersReconnectAfterARestartAndLoseNothing() throws Exception {
    EmbeddedPostgresServer.TestDatabase database = server.newTestDatabase();
    PostgresJobStore store = PostgresJobStore.open(database.dataSource());
    AttemptsSeen.create(database.dataSource());
    List<Process> both = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      // A 3 s lease: an outcome lost in the outage is rescued soon after.
      both.add(workers.start(database.jdbcUrl(), "record", "holdMillis=10",
          "timeoutMillis=2000", "leaseMillis=3000"));
    }
    for (Process worker : both) {
      workers.awaitRunning(worker);
    }
    FaultTestJobs.insert(database.dataSource(), JOBS, 10, 1);
    FaultTestJobs.await("the workers to be busy", Duration.ofSeconds(30),
        () -> FaultTestJobs.finished(database.dataSource()) >= JOBS / 10);

    server.stop();
    Thread.sleep(2_000);
    server.startAgain();
    FaultTestJobs.await("the workers to finish every job after the restart",
        Duration.ofSeconds(60), () -> FaultTestJobs.finished(database.dataSource()) == JOBS);

    assertThat(both).allSatisfy(worker -> {
      assertThat(worker.isAlive()).isTrue();
      assertThat(workers.output(worker)).as("the worker met the outage and kept going")
          .contains("claiming failed; trying again");
    });
    List<JobRecord> jobs = store.list(JobFilter.all().limit(JOBS + 1));
    assertThat(jobs).hasSize(JOBS)
        .allSatisfy(job -> assertThat(job.state()).isEqualTo(JobState.COMPLETED));
    Set<Long> seenEnded = AttemptsSeen.all(database.dataSource()).stream()
        .filter(attempt -> attempt.endedAt() != null)
        .map(AttemptsSeen.Attempt::jobId).collect(Collectors.toSet());
    assertThat(seenEnded).as("every job's handler ran to its end").hasSize(JOBS);
    System.out.printf("after the restart: %d of %d jobs needed more than one attempt%n",
        jobs.stream().filter(job -> job.attempt() > 1).count(), JOBS);
  }
}
