package dev.retryowner.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
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
        .hasMessageContaining("violation(s) of RetryOutsideJobs in 2 class(es)");
    assertThat(log.errors).anyMatch(l -> l.startsWith("RetryOutsideJobs: ")
        && l.contains("(MicroProfileRetryUse.java:"))
        .noneMatch(l -> l.contains("Resilience4jUse"))
        .anyMatch(l -> l.startsWith("retry-owner: ") && l.contains(" in 2 class(es), "));
  }

  @Test
  void testJobsPackagesAllowRetryHelpersInThoseTestPackagesOnly() throws Exception {
    TestCheckMojo allowed = mojo();
    allowed.testJobsPackages = List.of("fixtures.retryoutsidejobs.app");
    TestCheckMojo elsewhere = mojo();
    elsewhere.testJobsPackages = List.of("fixtures.retryoutsidejobs.app.bypass");

    allowed.execute();

    assertThat(log.infos).anyMatch(l -> l.startsWith("retry-owner: 0 violation(s) in 2 class(es)"));
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
        .hasMessageEndingWith("Fix the <testJobsPackage> value or"
            + " -Dretryowner.testJobsPackages.");
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

  private TestCheckMojo mojo() {
    TestCheckMojo mojo = new TestCheckMojo();
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
