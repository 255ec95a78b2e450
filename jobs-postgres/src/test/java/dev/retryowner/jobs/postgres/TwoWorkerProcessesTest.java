package dev.retryowner.jobs.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.retryowner.jobs.JobFilter;
import dev.retryowner.jobs.JobRecord;
import dev.retryowner.jobs.JobState;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Two worker processes on one database: no job runs twice at once, one delivery per endpoint. */
class TwoWorkerProcessesTest {
  @RegisterExtension final WorkerProcesses workers = new WorkerProcesses();

  private final EmbeddedPostgresServer.TestDatabase database =
      EmbeddedPostgresServer.newTestDatabase();
  private final PostgresJobStore store = PostgresJobStore.open(database.dataSource());

  @Test
  void twoWorkerProcessesRunEveryJobExactlyOnceAndNeverTheSameJobAtOnce() throws Exception {
    int count = 2_000;
    List<Process> both = startTwo("record");

    FaultTestJobs.insert(database.dataSource(), count, 3, 1);
    FaultTestJobs.await("both workers to finish " + count + " jobs", Duration.ofSeconds(60),
        () -> FaultTestJobs.finished(database.dataSource()) == count);

    assertThat(countsByState()).isEqualTo(Map.of(JobState.COMPLETED, (long) count));
    List<AttemptsSeen.Attempt> seen = AttemptsSeen.all(database.dataSource());
    assertThat(seen).hasSize(count)
        .allSatisfy(attempt -> assertThat(attempt.attempt()).isEqualTo(1));
    assertThat(seen.stream().map(AttemptsSeen.Attempt::jobId).distinct()).hasSize(count);
    assertThat(seen.stream().map(AttemptsSeen.Attempt::pid).distinct())
        .as("both processes ran jobs")
        .containsExactlyInAnyOrderElementsOf(both.stream().map(Process::pid).toList());
  }

  @Test
  void theEndpointLeaseHoldsAcrossProcesses() throws Exception {
    int endpoints = 5;
    int count = 100;
    List<Process> both = startTwo("endpoint", "holdMillis=10");

    FaultTestJobs.insert(database.dataSource(), count, 3, endpoints);
    FaultTestJobs.await("both workers to deliver " + count + " jobs", Duration.ofSeconds(60),
        () -> FaultTestJobs.finished(database.dataSource()) == count);

    assertThat(countsByState()).isEqualTo(Map.of(JobState.COMPLETED, (long) count));
    List<AttemptsSeen.Attempt> seen = AttemptsSeen.all(database.dataSource());
    assertThat(seen).as("one delivery per job").hasSize(count);
    assertThat(store.list(JobFilter.all().limit(count)).stream().mapToInt(JobRecord::snoozes)
        .sum()).as("deliveries found their endpoint busy and snoozed").isPositive();
    assertThat(seen.stream().map(AttemptsSeen.Attempt::pid).distinct())
        .containsExactlyInAnyOrderElementsOf(both.stream().map(Process::pid).toList());
    Map<String, List<AttemptsSeen.Attempt>> byEndpoint =
        seen.stream().collect(Collectors.groupingBy(AttemptsSeen.Attempt::key));
    assertThat(byEndpoint).hasSize(endpoints).allSatisfy((endpoint, deliveries) -> {
      List<AttemptsSeen.Attempt> inOrder = deliveries.stream()
          .sorted(Comparator.comparing(AttemptsSeen.Attempt::startedAt)).toList();
      for (int i = 1; i < inOrder.size(); i++) {
        assertThat(inOrder.get(i).overlaps(inOrder.get(i - 1)))
            .as("%s: %s overlaps %s", endpoint, inOrder.get(i), inOrder.get(i - 1)).isFalse();
      }
    });
  }

  private List<Process> startTwo(String handler, String... options) throws InterruptedException {
    AttemptsSeen.create(database.dataSource());
    List<Process> both = List.of(workers.start(database.jdbcUrl(), handler, options),
        workers.start(database.jdbcUrl(), handler, options));
    for (Process worker : both) {
      workers.awaitRunning(worker);
    }
    return both;
  }

  private Map<JobState, Long> countsByState() {
    return store.overview().stream().findFirst().orElseThrow().counts();
  }
}
