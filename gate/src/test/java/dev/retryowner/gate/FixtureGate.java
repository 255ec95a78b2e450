package dev.retryowner.gate;

import dev.retryowner.gate.GateRequest;
import dev.retryowner.catalog.GateConfig;
import dev.retryowner.fixtures.Fixtures;
import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Gate requests over the compiled fixtures, with the test's own class path as compile classpath. */
public final class FixtureGate {
  private FixtureGate() {}

  public static GateRequest request() {
    return request(Fixtures.gateConfig(), List.of(Fixtures.sourceRoot()));
  }

  public static GateRequest request(GateConfig config, List<Path> sourceRoots) {
    return new GateRequest(config, Fixtures.classesLocation(), sourceRoots, testClasspath());
  }

  public static List<Path> testClasspath() {
    return Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
        .filter(s -> !s.isBlank()).map(Path::of).toList();
  }
}
