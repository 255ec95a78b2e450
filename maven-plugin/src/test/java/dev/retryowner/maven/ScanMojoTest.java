package dev.retryowner.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.retryowner.gate.FixtureGate;
import dev.retryowner.gate.Archives;
import dev.retryowner.fixtures.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScanMojoTest {
  @TempDir Path temp;
  private final CapturingLog log = new CapturingLog();

  @Test
  void scansAClassJarWithItsSourcesJarLikeAModule() throws Exception {
    ScanMojo jars = mojo();
    jars.classes = Archives.fixtureClassesJar(temp).toFile();
    jars.sources = Archives.jar(Fixtures.sourceRoot(), temp.resolve("sources.jar")).toFile();
    CapturingLog moduleLog = new CapturingLog();
    CheckMojo module = new CheckMojo();
    module.setLog(moduleLog);
    module.jobsPackages = jars.jobsPackages;
    module.failOnViolation = true;
    module.packaging = "jar";
    module.baseDirectory = temp.toFile();
    module.reportDirectory = temp.resolve("module-reports").toFile();
    module.classesDirectory = Fixtures.classesLocation().toFile();
    module.sourceDirectories = List.of(Fixtures.sourceRoot().toString());
    module.classpathElements = jars.classpath;

    assertThatThrownBy(jars::execute).isInstanceOf(MojoFailureException.class);
    assertThatThrownBy(module::execute).isInstanceOf(MojoFailureException.class);

    assertThat(violationLines(log)).isNotEmpty().isEqualTo(violationLines(moduleLog));
    assertThat(temp.resolve("target/retry-owner/retry-owner.sarif")).isRegularFile();
  }

  @Test
  void withoutSourcesTheLogSaysWhatIsMissingAndTheBytecodeRulesStillRun() {
    ScanMojo mojo = mojo();
    mojo.classes = Fixtures.classesLocation().toFile();

    assertThatThrownBy(mojo::execute).isInstanceOf(MojoFailureException.class);

    assertThat(log.infos).contains("retry-owner: no sources given (retryowner.sources): the"
        + " source checks do not run and declaration findings keep their bytecode lines");
    assertThat(log.errors).anyMatch(l -> l.startsWith("RetryOutsideJobs: "))
        .noneMatch(l -> l.startsWith("HandRolledRetry: "));
  }

  @Test
  void theStandInProjectsPomPackagingDoesNotSkipTheScan() {
    ScanMojo mojo = mojo();
    mojo.packaging = "pom";
    mojo.classes = Fixtures.classesLocation().toFile();

    assertThatThrownBy(mojo::execute).isInstanceOf(MojoFailureException.class);
    assertThat(log.infos).noneMatch(l -> l.contains("skipped"));
  }

  @Test
  void withoutClassesTheErrorShowsTheCommand() {
    ScanMojo mojo = mojo();

    assertThatThrownBy(mojo::execute).isInstanceOf(MojoExecutionException.class)
        .hasMessage("retry-owner: scan needs the classes to check: set -Dretryowner.classes to a"
            + " jar or a directory of .class files, e.g. mvn"
            + " dev.retryowner:retry-owner-maven-plugin:scan -Dretryowner.classes=target/app.jar"
            + " -Dretryowner.jobsPackages=com.acme.jobs.");
  }

  @Test
  void relativePathsAreResolvedAgainstTheWorkingDirectory() throws Exception {
    ScanMojo mojo = mojo();
    Archives.fixtureClasses(temp.resolve("app"),
        "fixtures/retryoutsidejobs/app/Resilience4jUse.class",
        "fixtures/retryoutsidejobs/jobs/AnnotatedRetriesInJobs.class");
    mojo.classes = Path.of("app").toFile();

    assertThatThrownBy(mojo::execute).isInstanceOf(MojoFailureException.class);
    assertThat(log.errors).anyMatch(l -> l.startsWith("RetryOutsideJobs: "));
  }

  @Test
  void aMissingPathIsAnErrorNamingTheProperty() {
    ScanMojo missingClasses = mojo();
    missingClasses.classes = temp.resolve("app.jar").toFile();
    ScanMojo missingSources = mojo();
    missingSources.classes = Fixtures.classesLocation().toFile();
    missingSources.sources = temp.resolve("app-sources.jar").toFile();

    assertThatThrownBy(missingClasses::execute).isInstanceOf(MojoExecutionException.class)
        .hasMessageStartingWith("retry-owner: retryowner.classes names " + temp.resolve("app.jar")
            + ", which does not exist. Point -Dretryowner.classes at a jar or a directory");
    assertThatThrownBy(missingSources::execute).isInstanceOf(MojoExecutionException.class)
        .hasMessageStartingWith("retry-owner: retryowner.sources names "
            + temp.resolve("app-sources.jar") + ", which does not exist.");
  }

  @Test
  void aFileThatIsNoJarIsAnErrorSayingWhatToName() throws Exception {
    ScanMojo mojo = mojo();
    mojo.classes = Files.writeString(temp.resolve("app.jar"), "not a zip").toFile();

    assertThatThrownBy(mojo::execute).isInstanceOf(MojoExecutionException.class)
        .hasMessageStartingWith("retry-owner: cannot read " + temp.resolve("app.jar") + " as a jar")
        .hasMessageEndingWith("name a directory of compiled classes or a class jar.");
  }

  /** The violations' lines, each run's own page directory in its see: lines left out. */
  private static List<String> violationLines(CapturingLog log) {
    return log.errors.stream().filter(l -> !l.startsWith("retry-owner: "))
        .map(l -> l.replaceFirst("see: .*/rules/", "see: rules/")).toList();
  }

  private ScanMojo mojo() {
    ScanMojo mojo = new ScanMojo();
    mojo.setLog(log);
    mojo.jobsPackages = List.of(Fixtures.jobsPackages());
    mojo.failOnViolation = true;
    mojo.packaging = "pom";
    mojo.workingDirectory = temp.toFile();
    mojo.classpath = FixtureGate.testClasspath().stream().map(Path::toString).toList();
    return mojo;
  }
}
