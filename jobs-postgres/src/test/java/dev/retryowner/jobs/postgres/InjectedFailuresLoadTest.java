package dev.retryowner.jobs.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.retryowner.jobs.AttemptError;
import dev.retryowner.jobs.JobFilter;
import dev.retryowner.jobs.JobRecord;
import dev.retryowner.jobs.JobState;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * 10,000 jobs, 30 % of attempts failing by a plan both sides know, across two worker processes:
 * every job ends with exactly the attempts its policy implies, none lost, none run twice.
 */
class InjectedFailuresLoadTest {
  private static final int JOBS = 10_000;
  private static final int MAX_ATTEMPTS = 3;
  private static final int FAILURE_PERCENT = 30;

  @RegisterExtension final WorkerProcesses workers = new WorkerProcesses();

  private final EmbeddedPostgresServer.TestDatabase database =
      EmbeddedPostgresServer.newTestDatabase();
  private final PostgresJobStore store = PostgresJobStore.open(database.dataSource());
  private final FaultPlan plan = new FaultPlan(FAILURE_PERCENT);

  @Test
  void everyJobEndsWithTheAttemptCountItsPolicyImplies() throws Exception {
    AttemptsSeen.create(database.dataSource());
    List<Process> both = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      both.add(workers.start(database.jdbcUrl(), "fail", "failPercent=" + FAILURE_PERCENT));
    }
    for (Process worker : both) {
      workers.awaitRunning(worker);
    }

    long start = System.nanoTime();
    FaultTestJobs.insert(database.dataSource(), JOBS, MAX_ATTEMPTS, 1);
    FaultTestJobs.await(JOBS + " jobs to finish", Duration.ofSeconds(120),
        () -> FaultTestJobs.finished(database.dataSource()) == JOBS);
    System.out.printf("%d jobs with %d %% injected failures took %d ms on 2 worker processes%n",
        JOBS, FAILURE_PERCENT, Duration.ofNanos(System.nanoTime() - start).toMillis());

    List<JobRecord> jobs = store.list(JobFilter.all().limit(JOBS + 1));
    assertThat(jobs).hasSize(JOBS).allSatisfy(job -> {
      int expected = plan.attempts(job.id(), MAX_ATTEMPTS);
      boolean completes = plan.completes(job.id(), MAX_ATTEMPTS);
      assertThat(job.attempt()).as("attempts of job %d", job.id()).isEqualTo(expected);
      assertThat(job.state()).as("state of job %d", job.id())
          .isEqualTo(completes ? JobState.COMPLETED : JobState.DISCARDED);
      assertThat(job.errors()).as("errors of job %d", job.id())
          .hasSize(completes ? expected - 1 : expected)
          .allSatisfy(error -> assertThat(error.type()).isEqualTo(AttemptError.Type.FAILURE));
    });
    Map<Long, List<Integer>> seen = AttemptsSeen.all(database.dataSource()).stream()
        .collect(Collectors.groupingBy(AttemptsSeen.Attempt::jobId,
            Collectors.mapping(AttemptsSeen.Attempt::attempt, Collectors.toList())));
    assertThat(seen).hasSize(JOBS).allSatisfy((id, attempts) -> assertThat(attempts)
        .as("every attempt of job %d ran exactly once", id)
        .containsExactlyElementsOf(IntStream.rangeClosed(1, plan.attempts(id, MAX_ATTEMPTS))
            .boxed().toList()));
    assertThat(AttemptsSeen.all(database.dataSource()).stream()
        .map(AttemptsSeen.Attempt::pid).distinct())
        .containsExactlyInAnyOrderElementsOf(both.stream().map(Process::pid).toList());
  }
}
