package dev.retryowner.jobs.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.retryowner.jobs.AttemptError;
import dev.retryowner.jobs.JobFilter;
import dev.retryowner.jobs.JobRecord;
import dev.retryowner.jobs.JobState;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A worker JVM killed (SIGKILL) while its handlers run: another process rescues the jobs. */
class WorkerKilledMidJobTest {
  private static final int JOBS = 3;

  @RegisterExtension final WorkerProcesses workers = new WorkerProcesses();

  private final EmbeddedPostgresServer.TestDatabase database =
      EmbeddedPostgresServer.newTestDatabase();
  private final PostgresJobStore store = PostgresJobStore.open(database.dataSource());

  @Test
  void jobsOfAKilledWorkerAreRescuedAfterTheirLeaseAndCompletedElsewhere() throws Exception {
    AttemptsSeen.create(database.dataSource());
    FaultTestJobs.insert(database.dataSource(), JOBS, 3, 1);
    // A 4 s lease the heartbeat keeps alive until the kill: the jobs are rescued after the lease,
    // long before their 60 s timeout would end them.
    Process doomed = workers.start(database.jdbcUrl(), "block",
        "workers=" + JOBS, "timeoutMillis=60000", "leaseMillis=4000");
    FaultTestJobs.await("the doomed worker to start every job", Duration.ofSeconds(30),
        () -> AttemptsSeen.all(database.dataSource()).size() == JOBS);

    WorkerProcesses.kill(doomed);
    Process rescuer = workers.start(database.jdbcUrl(), "record", "workers=2");
    FaultTestJobs.await("the rescuer to complete every job", Duration.ofSeconds(30),
        () -> FaultTestJobs.finished(database.dataSource()) == JOBS);

    List<JobRecord> jobs = store.list(JobFilter.all());
    assertThat(jobs).hasSize(JOBS).allSatisfy(job -> {
      assertThat(job.state()).isEqualTo(JobState.COMPLETED);
      assertThat(job.attempt()).isEqualTo(2);
      assertThat(job.errors()).singleElement()
          .extracting(AttemptError::type).isEqualTo(AttemptError.Type.LEASE_EXPIRED);
    });
    var seenByJob = AttemptsSeen.all(database.dataSource()).stream()
        .collect(Collectors.groupingBy(AttemptsSeen.Attempt::jobId));
    assertThat(seenByJob).hasSize(JOBS).allSatisfy((id, seen) -> {
      assertThat(seen).as("job %d: seen at most twice, never lost", id).hasSize(2);
      assertThat(seen.get(0)).satisfies(killed -> {
        assertThat(killed.attempt()).isEqualTo(1);
        assertThat(killed.pid()).isEqualTo(doomed.pid());
        assertThat(killed.endedAt()).as("it died in the handler").isNull();
      });
      assertThat(seen.get(1)).satisfies(rescued -> {
        assertThat(rescued.attempt()).isEqualTo(2);
        assertThat(rescued.pid()).isEqualTo(rescuer.pid());
        assertThat(rescued.endedAt()).isNotNull();
      });
    });
  }
}
