package dev.retryowner.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.retryowner.gate.FixtureGate;
import dev.retryowner.gate.Archives;
import dev.retryowner.gate.baseline.Baseline;
import dev.retryowner.gate.baseline.BaselineEntry;
import dev.retryowner.gate.baseline.BaselineFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestCheckMojoTest {
  private static final String APP = "fixtures/retryoutsidejobs/app/";
  private static final String JOBS = "fixtures/retryoutsidejobs/jobs/";

  @TempDir Path temp;
  private final CapturingLog log = new CapturingLog();
  private Path testClasses;
  private Path mainClasses;

  @BeforeEach
  void compiledModule() throws Exception {
    testClasses = Archives.fixtureClasses(temp.resolve("test-classes"),
        APP + "MicroProfileRetryUse.class", APP + "MicroProfileRetryUse$RetriedBean.class");
    mainClasses = Archives.fixtureClasses(temp.resolve("classes"), APP + "Resilience4jUse.class",
        JOBS + "AnnotatedRetriesInJobs.class");
  }

  @Test
  void retryHelpersInTestClassesFailAndMainClassesAreNotReported() {
    TestCheckMojo mojo = mojo();

    assertThatThrownBy(mojo::execute).isInstanceOf(MojoFailureException.class)
        .hasMessageContaining("violation(s) of RetryOutsideJobs in 2 class(es) with violations");
    assertThat(log.errors).anyMatch(l -> l.startsWith("RetryOutsideJobs: ")
        && l.contains("(MicroProfileRetryUse.java:"))
        .noneMatch(l -> l.contains("Resilience4jUse"))
        .anyMatch(l -> l.startsWith("retry-owner: ") && l.contains(" in 2 checked class(es), "))
        .anyMatch(l -> l.startsWith("    fix: ") && l.contains("goes into a package named in"
            + " testJobsPackages (-Dretryowner.testJobsPackages=com.acme.testing)"));
    assertThat(temp.resolve("retry-owner/test/retry-owner.sarif")).isRegularFile();
    assertThat(temp.resolve("retry-owner/test/retry-owner.json")).isRegularFile();
    assertThat(temp.resolve("retry-owner/retry-owner.sarif")).doesNotExist();
  }

  @Test
  void testJobsPackagesAllowRetryHelpersInThoseTestPackagesOnly() throws Exception {
    TestCheckMojo allowed = mojo();
    allowed.testJobsPackages = List.of("fixtures.retryoutsidejobs.app");
    TestCheckMojo elsewhere = mojo();
    elsewhere.testJobsPackages = List.of("fixtures.retryoutsidejobs.app.bypass");

    allowed.execute();

    assertThat(log.infos).anyMatch(l -> l.startsWith("retry-owner: 0 violation(s) in 2 checked class(es)"));
    assertThatThrownBy(elsewhere::execute).isInstanceOf(MojoExecutionException.class)
        .hasMessageContaining("'fixtures.retryoutsidejobs.app.bypass' matches no class");
  }

  @Test
  void anInvalidTestJobsPackageIsAConfigurationErrorNamingTheParameter() {
    TestCheckMojo mojo = mojo();
    mojo.testJobsPackages = List.of("com.acme-test");

    assertThatThrownBy(mojo::execute).isInstanceOf(MojoExecutionException.class)
        .hasMessageStartingWith("retry-owner: invalid testJobsPackages: 'com.acme-test' is not a"
            + " package pattern")
        .hasMessageEndingWith("Fix <testJobsPackage> (or"
            + " -Dretryowner.testJobsPackages).");
  }

  @Test
  void aModuleWithoutTestSourcesHasNothingToCheck() throws Exception {
    TestCheckMojo mojo = mojo();
    mojo.testClassesDirectory = temp.resolve("missing").toFile();
    mojo.testSourceDirectories = List.of(temp.resolve("src/test/java").toString());

    mojo.execute();

    assertThat(log.infos).containsExactly(
        "retry-owner: testCheck has nothing to check, the module has no test sources");
  }

  @Test
  void includesThatLeaveNoTestClassSkipTestCheckWithAnInfoLine() throws Exception {
    TestCheckMojo mojo = mojo();
    mojo.includes = List.of("com.acme.billing.**");

    mojo.execute();

    assertThat(log.infos).containsExactly("retry-owner: testCheck has nothing to check,"
        + " includes [com.acme.billing.**], excludes [] leave none of the test classes in "
        + testClasses.toFile());
    assertThat(log.errors).isEmpty();
  }

  @Test
  void testSourcesWithoutTestClassesSayToCompileTheTestsFirst() throws Exception {
    Path sources = Files.createDirectories(temp.resolve("src/test/java/com/acme"));
    Files.writeString(sources.resolve("FooTest.java"), "package com.acme; class FooTest {}");
    TestCheckMojo mojo = mojo();
    mojo.testClassesDirectory = temp.resolve("missing").toFile();
    mojo.testSourceDirectories = List.of(temp.resolve("src/test/java").toString());

    assertThatThrownBy(mojo::execute).isInstanceOf(MojoExecutionException.class)
        .hasMessage("retry-owner: no test classes to check, " + temp.resolve("missing")
            + " holds no .class files, but the test sources hold 1 .java file(s). Run the goal"
            + " after test-compile, e.g. mvn verify (or mvn test-compile"
            + " retry-owner:testCheck).");
  }

  @Test
  void skippedTestsAndPomPackagingAreSkippedWithAnInfoLine() throws Exception {
    TestCheckMojo skippedTests = mojo();
    skippedTests.testsSkipped = true;
    TestCheckMojo aggregator = mojo();
    aggregator.packaging = "pom";

    skippedTests.execute();
    aggregator.execute();

    assertThat(log.infos).containsExactly(
        "retry-owner: testCheck skipped, tests are not compiled (maven.test.skip)",
        "retry-owner: skipped, a module with pom packaging has no classes");
  }

  @Test
  void failOnViolationFalseWarnsAndPasses() throws Exception {
    TestCheckMojo mojo = mojo();
    mojo.failOnViolation = false;

    mojo.execute();

    assertThat(log.errors).isEmpty();
    assertThat(log.warnings).anyMatch(l -> l.startsWith("RetryOutsideJobs: "));
  }

  @Test
  void testBaselineWritesTheTestViolationsToItsOwnFileAndTestCheckReportsThemAsBaselined()
      throws Exception {
    Path testBaseline = temp.resolve("retry-owner-test-baseline.json");
    Path mainBaseline = temp.resolve("retry-owner-baseline.json");
    TestBaselineMojo writer = mojo(new TestBaselineMojo(), testBaseline, mainBaseline);

    writer.execute();

    assertThat(BaselineFile.read(testBaseline).entries()).isNotEmpty()
        .allMatch(entry -> entry.className().startsWith("fixtures.retryoutsidejobs.app."
            + "MicroProfileRetryUse"));
    assertThat(mainBaseline).doesNotExist();
    assertThat(log.infos).anyMatch(l -> l.startsWith("retry-owner: baseline written to "
        + testBaseline + ": 2 violation(s) as ") && l.endsWith("; commit it, and testCheck fails"
        + " only on violations it does not list"));

    mojo(new TestCheckMojo(), testBaseline, mainBaseline).execute();

    assertThat(log.errors).isEmpty();
    assertThat(log.infos).contains("retry-owner: comparing with the baseline " + testBaseline);
    assertThat(log.warnings).hasSize(2).allMatch(l -> l.startsWith("RetryOutsideJobs: ")
        && l.contains("(MicroProfileRetryUse.java:") && l.endsWith(") (baselined)"));
  }

  @Test
  void testCheckDoesNotReadTheMainBaseline() throws Exception {
    Path written = temp.resolve("written.json");
    mojo(new TestBaselineMojo(), written, temp.resolve("unused.json")).execute();
    TestCheckMojo mojo = mojo(new TestCheckMojo(), temp.resolve("absent.json"), written);

    assertThatThrownBy(mojo::execute).isInstanceOf(MojoFailureException.class)
        .hasMessageContaining("violation(s) of RetryOutsideJobs in 2 class(es) with violations");
    assertThat(log.infos).noneMatch(l -> l.startsWith("retry-owner: comparing with the"));
  }

  @Test
  void aStaleTestBaselineEntryFailsAStrictTestCheckNamingTheTestBaseline() throws Exception {
    Path testBaseline = temp.resolve("retry-owner-test-baseline.json");
    mojo(new TestBaselineMojo(), testBaseline, temp.resolve("unused.json")).execute();
    List<BaselineEntry> entries = new ArrayList<>(BaselineFile.read(testBaseline).entries());
    entries.add(new BaselineEntry("RetryOutsideJobs", "fixtures.retryoutsidejobs.app.GoneTest",
        "poll()", "calls a removed helper", "00000000deadbeef", 1));
    BaselineFile.write(new Baseline(entries), testBaseline);
    TestCheckMojo strict = mojo(new TestCheckMojo(), testBaseline, temp.resolve("unused.json"));
    strict.baselineStrict = true;

    assertThatThrownBy(strict::execute).isInstanceOf(MojoFailureException.class)
        .hasMessage("retry-owner: the strict baseline " + testBaseline + " has 1 entry that no"
            + " violation matches any more; remove these entries (listed above)");
  }

  @Test
  void aTestBaselineFileThatCannotBeWrittenNamesTheParameter() throws Exception {
    Path blocked = Files.writeString(temp.resolve("blocked"), "a file, not a directory");
    TestBaselineMojo writer = mojo(new TestBaselineMojo(), blocked.resolve("baseline.json"),
        temp.resolve("unused.json"));

    assertThatThrownBy(writer::execute).isInstanceOf(MojoExecutionException.class)
        .hasMessageStartingWith("retry-owner: cannot write the baseline file " + blocked)
        .hasMessageEndingWith("Point testBaselineFile (or -Dretryowner.testBaselineFile) at a"
            + " writable path.");
  }

  private <T extends TestCheckMojo> T mojo(T mojo, Path testBaselineFile, Path baselineFile) {
    T configured = configure(mojo);
    configured.testBaselineFile = testBaselineFile.toFile();
    configured.baselineFile = baselineFile.toFile();
    return configured;
  }

  private TestCheckMojo mojo() {
    return configure(new TestCheckMojo());
  }

  private <T extends TestCheckMojo> T configure(T mojo) {
    mojo.setLog(log);
    mojo.jobsPackages = List.of("fixtures.retryoutsidejobs.jobs");
    mojo.failOnViolation = true;
    mojo.packaging = "jar";
    mojo.baseDirectory = temp.toFile();
    mojo.reportDirectory = temp.resolve("retry-owner").toFile();
    mojo.testClassesDirectory = testClasses.toFile();
    mojo.mainClassesDirectory = mainClasses.toFile();
    mojo.testSourceDirectories = List.of();
    mojo.classpathElements = FixtureGate.testClasspath().stream().map(Path::toString).toList();
    return mojo;
  }
}
