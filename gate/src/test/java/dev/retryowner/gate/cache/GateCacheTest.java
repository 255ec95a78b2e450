package dev.retryowner.gate.cache;

import static org.assertj.core.api.Assertions.assertThat;

import dev.retryowner.gate.GateResult;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GateCacheTest {
  private static final GateResult RESULT =
      new GateResult(List.of(), 5, 2, Duration.ofSeconds(3), List.of("a warning"));

  @TempDir Path temp;
  private final List<String> infos = new ArrayList<>();
  private final List<String> warnings = new ArrayList<>();
  private final AtomicInteger gateRuns = new AtomicInteger();

  private GateResult runGate() {
    gateRuns.incrementAndGet();
    return RESULT;
  }

  private GateCache cache() {
    return GateCache.in(temp, "CheckMojo", infos::add, warnings::add);
  }

  @Test
  void theSameKeyReusesTheStoredResultWithoutRunningTheGate() throws Exception {
    GateCache.Outcome first = cache().run(hashes -> "key-1", this::runGate);

    GateCache.Outcome second = cache().run(hashes -> "key-1", this::runGate);
    GateResult reused = second.result();

    assertThat(gateRuns).hasValue(1);
    assertThat(reused.classCount()).isEqualTo(5);
    assertThat(reused.warnings()).containsExactly("a warning");
    assertThat(reused.elapsed()).isLessThan(RESULT.elapsed());
    assertThat(infos).singleElement().asString().contains("nothing changed since the last run")
        .contains("gate-cache-CheckMojo.txt");
    assertThat(first.key()).hasValue("key-1");
    assertThat(second.key()).hasValue("key-1");
  }

  @Test
  void anotherKeyRunsTheGateAgainAndStoresItsResult() throws Exception {
    cache().run(hashes -> "key-1", this::runGate);
    cache().run(hashes -> "key-2", this::runGate);
    cache().run(hashes -> "key-2", this::runGate);

    assertThat(gateRuns).hasValue(2);
    assertThat(infos).hasSize(1);
  }

  @Test
  void aKeyThatCannotBeComputedRunsTheGateAndSaysWhy() throws Exception {
    GateCache.Key broken = hashes -> {
      throw new IOException("disk gone");
    };

    GateCache.Outcome outcome = cache().run(broken, this::runGate);
    cache().run(broken, this::runGate);

    assertThat(outcome.result()).isEqualTo(RESULT);
    assertThat(outcome.key()).isEmpty();
    assertThat(gateRuns).hasValue(2);
    assertThat(warnings).first().asString().contains("disk gone")
        .contains("without its cache");
  }
}
