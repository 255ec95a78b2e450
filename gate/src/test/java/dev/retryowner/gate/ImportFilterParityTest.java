package dev.retryowner.gate;

import dev.retryowner.gate.GateException;
import dev.retryowner.gate.GateRequest;
import dev.retryowner.gate.GateResult;
import dev.retryowner.gate.GateRunner;
import dev.retryowner.gate.ImportFilter;
import dev.retryowner.gate.ImportSelection;
import dev.retryowner.gate.UnreadableClassFiles;
import static org.assertj.core.api.Assertions.assertThat;

import dev.retryowner.fixtures.Fixtures;
import dev.retryowner.gate.custom.InstalledRules;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The import filter drops no finding: the gate on every fixture reports the same findings,
 * exemptions, class count and warnings with the filter as without it, from bytecode alone (where
 * the filter leaves classes out) and with the fixtures' sources.
 */
class ImportFilterParityTest {
  @Test
  void sameResultWithAndWithoutTheFilterFromTheFixturesBytecodeAlone() throws Exception {
    GateRequest request = FixtureGate.request(Fixtures.gateConfig(), List.of());

    assertSameResult(request);
  }

  @Test
  void sameResultWithAndWithoutTheFilterWithTheFixturesSources() throws Exception {
    assertSameResult(FixtureGate.request());
  }

  @Test
  void theFilterLeavesFixtureClassesOut() throws Exception {
    List<URL> urls = new ArrayList<>();
    for (Path element : FixtureGate.testClasspath()) {
      urls.add(element.toUri().toURL());
    }
    try (URLClassLoader loader =
        new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader())) {
      ImportSelection selection = ImportFilter.of(Fixtures.gateConfig())
          .select(Map.of(Fixtures.classesLocation(),
              UnreadableClassFiles.classFiles(Fixtures.classesLocation())), loader);

      assertThat(selection.droppedFrom(Fixtures.classesLocation()))
          .as("classes the parity above compares with and without").isNotEmpty();
    }
  }

  private static void assertSameResult(GateRequest request) throws GateException {
    GateResult filtered = new GateRunner(InstalledRules.NONE, true).run(request);
    GateResult everything = new GateRunner(InstalledRules.NONE, false).run(request);

    assertThat(filtered.findings()).as("the fixtures have findings").isNotEmpty();
    assertThat(filtered.findings()).containsExactlyElementsOf(everything.findings());
    assertThat(filtered.exempted()).containsExactlyElementsOf(everything.exempted());
    assertThat(filtered.classCount()).isEqualTo(everything.classCount());
    assertThat(filtered.sourceFileCount()).isEqualTo(everything.sourceFileCount());
    assertThat(filtered.warnings()).containsExactlyElementsOf(everything.warnings());
  }
}
