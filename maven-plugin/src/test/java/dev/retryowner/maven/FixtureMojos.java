package dev.retryowner.maven;

import dev.retryowner.gate.FixtureGate;
import dev.retryowner.fixtures.Fixtures;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugin.logging.Log;

/** Goals set up as Maven would over the compiled fixtures, failing on violations. */
final class FixtureMojos {
  private FixtureMojos() {}

  /** {@code mojo} on the fixtures (jobs packages set), reporting to {@code reportDirectory}. */
  static <T extends CheckMojo> T onFixtures(T mojo, Log log, Path reportDirectory) {
    mojo.setLog(log);
    mojo.jobsPackages = List.of(Fixtures.jobsPackages());
    mojo.failOnViolation = true;
    mojo.packaging = "jar";
    mojo.baseDirectory = Fixtures.sourceRoot().getParent().toFile();
    mojo.reportDirectory = reportDirectory.toFile();
    mojo.classesDirectory = Fixtures.classesLocation().toFile();
    mojo.sourceDirectories = List.of(Fixtures.sourceRoot().toString());
    mojo.classpathElements = FixtureGate.testClasspath().stream().map(Path::toString).toList();
    return mojo;
  }
}
