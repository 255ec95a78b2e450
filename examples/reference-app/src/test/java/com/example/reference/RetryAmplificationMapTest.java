package com.example.reference;

import static org.assertj.core.api.Assertions.assertThat;

import dev.retryowner.catalog.GateConfig;
import dev.retryowner.gate.ClassSelection;
import dev.retryowner.gate.GateRequest;
import dev.retryowner.gate.GateResult;
import dev.retryowner.gate.GateRunner;
import dev.retryowner.gate.amplification.AmplifiedPath;
import dev.retryowner.gate.amplification.Hop;
import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The gate's retry amplification map of this app, drawn as its build draws it: every path from
 * a job handler to a request makes exactly its kind's attempts (the policy times 1: every client
 * sends once), and no path multiplies retries. The build's own gate run fails on a path above
 * that; this test also holds that the map finds the handlers' paths, so a map that found nothing
 * cannot pass for a clean one.
 */
class RetryAmplificationMapTest {
  @Test
  void everyPathMakesItsJobKindsAttemptsTimesOne() throws Exception {
    GateConfig config = GateConfig.builder().jobsPackages("dev.retryowner.jobs")
        .requestPathPackages("com.example.reference.calendar")
        .searchAdapterPackages("com.example.reference.search.meili")
        .jvmProperties("jdk.httpclient.disableRetryConnect=true")
        .enabledRules("RetryAmplification").build();
    List<Path> classpath = Stream.of(System.getProperty("java.class.path")
        .split(File.pathSeparator)).filter(s -> !s.isBlank()).map(Path::of).toList();
    GateRequest request = new GateRequest(config, Path.of("target/classes"),
        List.of(Path.of("src/main/java")), classpath, List.of(), ClassSelection.ALL)
        .withJobLayerOnClasspath(config.jobsPackages());

    GateResult result = new GateRunner().run(request);

    List<AmplifiedPath> paths = result.amplification().paths();
    Map<String, String> handlers = paths.stream()
        .filter(path -> path.entry().jobPolicy())
        .collect(Collectors.toMap(path -> path.entry().method(), AmplifiedPath::productText));
    assertThat(handlers).containsEntry("WebhookDelivery.handle", "18")
        .containsEntry("CorpusIndex.handle", "10");
    assertThat(paths).isNotEmpty().allSatisfy(path -> {
      assertThat(path.exceedsLimit()).as(path.shortText()).isFalse();
      assertThat(path.hops()).filteredOn(hop -> !hop.jobPolicy())
          .extracting(Hop::attemptsText).containsOnly("1");
    });
    assertThat(result.findings()).isEmpty();
  }
}
