package dev.retryowner.maven.reactor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.retryowner.maven.reactor.ModuleOutcome.Verdict;
import dev.retryowner.maven.reactor.ReactorTally.Arrival;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ReactorTallyTest {
  private static final ModuleOutcome BILLING =
      new ModuleOutcome("billing (check)", Verdict.FAILING, "2 violation(s)");
  private static final ModuleOutcome COMMON =
      new ModuleOutcome("common (check)", Verdict.CLEAN, "0 violation(s)");

  @Test
  void onlyTheLastArrivalSeesEveryOutcomeInReactorOrder() {
    ReactorTally tally = new ReactorTally(ReactorTally.expecting(List.of("common", "billing")));

    Arrival first = tally.record("billing", BILLING);
    Arrival last = tally.record("common", COMMON);

    assertThat(first.expected()).isTrue();
    assertThat(first.last()).isFalse();
    assertThat(first.pending()).isEqualTo(1);
    assertThat(first.outcomes()).isEmpty();
    assertThat(last.last()).isTrue();
    assertThat(last.outcomes()).containsExactly(COMMON, BILLING);
  }

  @Test
  void anExecutionNotInThePlansOrRecordedTwiceIsUnexpected() {
    ReactorTally tally = new ReactorTally(ReactorTally.expecting(List.of("common", "billing")));
    tally.record("common", COMMON);

    assertThat(tally.record("notify", BILLING).expected()).isFalse();
    assertThat(tally.record("common", COMMON).expected()).isFalse();
    assertThat(tally.record("common", COMMON).last()).isFalse();
    assertThat(tally.record("billing", BILLING).last()).isTrue();
  }

  @Test
  void parallelModulesHaveExactlyOneLastArrival() throws Exception {
    List<String> keys = IntStream.range(0, 64).mapToObj(i -> "module-" + i).toList();
    ReactorTally tally = new ReactorTally(ReactorTally.expecting(keys));
    List<Callable<Arrival>> arrivals = new ArrayList<>();
    keys.forEach(key -> arrivals.add(() -> tally.record(key,
        new ModuleOutcome(key + " (check)", Verdict.CLEAN, "0 violation(s)"))));
    ExecutorService threads = Executors.newFixedThreadPool(8);
    try {
      List<Arrival> results = new ArrayList<>();
      for (Future<Arrival> arrival : threads.invokeAll(arrivals)) {
        results.add(arrival.get());
      }
      assertThat(results).allMatch(Arrival::expected);
      assertThat(results.stream().filter(Arrival::last)).singleElement()
          .satisfies(last -> assertThat(last.outcomes()).hasSize(keys.size()));
    } finally {
      threads.shutdownNow();
    }
  }

  @Test
  void anOutcomeSurvivesItsPlainStringForm() {
    ModuleOutcome outcome = new ModuleOutcome("notify (testCheck)", Verdict.ERROR,
        "no test classes to check");

    assertThat(ModuleOutcome.decode(outcome.encode())).isEqualTo(outcome);
  }
}
