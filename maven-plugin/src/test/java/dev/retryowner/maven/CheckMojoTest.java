package dev.retryowner.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.retryowner.fixtures.Fixtures;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.logging.SystemStreamLog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CheckMojoTest {
  @TempDir Path temp;
  private final CapturingLog log = new CapturingLog();

  @Test
  void violationsFailTheBuildAfterReportingThem() {
    CheckMojo mojo = mojoOnFixtures();

    assertThatThrownBy(mojo::execute).isInstanceOf(MojoFailureException.class)
        .hasMessageContaining("violation(s) of HandRolledRetry, RetryOutsideJobs");
    assertThat(log.errors).anyMatch(l -> l.startsWith("RetryOutsideJobs: ") && l.endsWith(")"))
        .anyMatch(l -> l.startsWith("HandRolledRetry: ") && l.endsWith(")"))
        .anyMatch(l -> l.startsWith("retry-owner: ") && l.contains(" violation(s) in "));
    assertThat(log.warnings).isEmpty();
  }

  @Test
  void failOnViolationFalseReportsWarningsAndPasses() throws Exception {
    CheckMojo mojo = mojoOnFixtures();
    mojo.failOnViolation = false;

    mojo.execute();

    assertThat(log.errors).isEmpty();
    assertThat(log.warnings).anyMatch(l -> l.startsWith("RetryOutsideJobs: "))
        .anyMatch(l -> l.startsWith("retry-owner: "));
  }

  @Test
  void aCommaSeparatedPropertyValueConfiguresSeveralJobsPackages() {
    CheckMojo mojo = mojoOnFixtures();
    mojo.jobsPackages = List.of("fixtures.**.jobs,fixtures.nowhere");

    assertThatThrownBy(mojo::execute).isInstanceOf(MojoExecutionException.class)
        .hasMessageContaining("'fixtures.nowhere' matches no class");
  }

  @Test
  void missingJobsPackagesIsAConfigurationError() {
    CheckMojo mojo = mojoOnFixtures();
    mojo.jobsPackages = null;

    assertThatThrownBy(mojo::execute).isInstanceOf(MojoExecutionException.class)
        .hasMessageContaining("<jobsPackage>com.acme.jobs</jobsPackage>");
  }

  @Test
  void skipAndPomPackagingDoNothing() throws Exception {
    CheckMojo skipped = mojoOnFixtures();
    skipped.skip = true;
    skipped.classesDirectory = temp.resolve("missing").toFile();
    CheckMojo aggregator = mojoOnFixtures();
    aggregator.packaging = "pom";
    aggregator.jobsPackages = null;

    skipped.execute();
    aggregator.execute();

    assertThat(log.infos).containsExactly("retry-owner: skipped (retryowner.skip)",
        "retry-owner: skipped, a module with pom packaging has no classes");
  }

  private CheckMojo mojoOnFixtures() {
    CheckMojo mojo = new CheckMojo();
    mojo.setLog(log);
    mojo.jobsPackages = List.of(Fixtures.jobsPackages());
    mojo.failOnViolation = true;
    mojo.packaging = "jar";
    mojo.classesDirectory = Fixtures.classesLocation().toFile();
    mojo.sourceDirectories = List.of(Fixtures.sourceRoot().toString());
    mojo.classpathElements = FixtureGate.testClasspath().stream().map(Path::toString).toList();
    return mojo;
  }

  /** Keeps what the Mojo logs, per level. */
  private static final class CapturingLog extends SystemStreamLog {
    final List<String> infos = new ArrayList<>();
    final List<String> warnings = new ArrayList<>();
    final List<String> errors = new ArrayList<>();

    @Override
    public void info(CharSequence content) {
      infos.add(content.toString());
    }

    @Override
    public void warn(CharSequence content) {
      warnings.add(content.toString());
    }

    @Override
    public void error(CharSequence content) {
      errors.add(content.toString());
    }
  }
}
