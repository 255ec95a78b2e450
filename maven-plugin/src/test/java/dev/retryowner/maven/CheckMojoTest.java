package dev.retryowner.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.retryowner.catalog.RuleRegistry;
import dev.retryowner.fixtures.Fixtures;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CheckMojoTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path temp;
  private final CapturingLog log = new CapturingLog();

  @Test
  void violationsFailTheBuildAfterReportingThem() {
    CheckMojo mojo = mojoOnFixtures();

    assertThatThrownBy(mojo::execute).isInstanceOf(MojoFailureException.class)
        .hasMessageContaining("violation(s) of HandRolledRetry, HttpClientRetries,"
            + " InvalidExemption, MeiliClientRetries, RetryOutsideJobs, SleepInRequestPath in ");
    assertThat(log.errors).anyMatch(l -> l.startsWith("RetryOutsideJobs: ") && l.endsWith(")"))
        .anyMatch(l -> l.startsWith("HandRolledRetry: ") && l.endsWith(")"))
        .anyMatch(l -> l.startsWith("HttpClientRetries: ") && l.endsWith(")"))
        .anyMatch(l -> l.startsWith("SleepInRequestPath: ") && l.endsWith(")"))
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
  void jobsPackagesNoneReportsTheRetriesOfTheJobsPackagesToo() {
    CheckMojo withJobs = mojoOnFixtures();
    assertThatThrownBy(withJobs::execute).isInstanceOf(MojoFailureException.class);
    long allowedElsewhere = log.errors.stream().filter(l -> l.startsWith("RetryOutsideJobs: "))
        .count();
    log.errors.clear();
    CheckMojo none = mojoOnFixtures();
    none.jobsPackages = List.of("none");

    assertThatThrownBy(none::execute).isInstanceOf(MojoFailureException.class);
    assertThat(log.errors.stream().filter(l -> l.startsWith("RetryOutsideJobs: ")).count())
        .isGreaterThan(allowedElsewhere);
  }

  @Test
  void theBuildsEncodingAndReleaseReachTheSourceChecks() {
    CheckMojo mojo = mojoOnFixtures();
    mojo.sourceEncoding = "UTF-8";
    mojo.javaRelease = "17";

    assertThatThrownBy(mojo::execute).isInstanceOf(MojoFailureException.class);
    assertThat(log.errors).anyMatch(l -> l.startsWith("HandRolledRetry: "));
    assertThat(log.warnings).isEmpty();
  }

  @Test
  void aJavaReleaseThatIsNoNumberIsAConfigurationError() {
    CheckMojo mojo = mojoOnFixtures();
    mojo.javaRelease = "latest";

    assertThatThrownBy(mojo::execute).isInstanceOf(MojoExecutionException.class)
        .hasMessageContaining("Java release 'latest' is not a release number");
  }

  @Test
  void missingJobsPackagesIsAConfigurationError() {
    CheckMojo mojo = mojoOnFixtures();
    mojo.jobsPackages = null;

    assertThatThrownBy(mojo::execute).isInstanceOf(MojoExecutionException.class)
        .hasMessageContaining("<jobsPackage>com.acme.jobs</jobsPackage>");
  }

  @Test
  void theLayeringRulesReportWithTheirFixAndDocWhenConfigured() {
    CheckMojo mojo = mojoOnFixtures();
    Properties gate = Fixtures.gateProperties();
    mojo.requestPathPackages = List.of(gate.getProperty("requestPathPackages"));
    mojo.jobsApiPackages = List.of(gate.getProperty("jobsApiPackages"));
    mojo.jobsApiAnnotation = gate.getProperty("jobsApiAnnotation");
    mojo.queueEnginePackages = List.of(gate.getProperty("queueEnginePackages"));
    mojo.queueAdapterPackages = List.of(gate.getProperty("queueAdapterPackages"));
    mojo.searchAdapterPackages = List.of(gate.getProperty("searchAdapterPackages"));

    assertThatThrownBy(mojo::execute).isInstanceOf(MojoFailureException.class)
        .hasMessageContaining("violation(s) of HandRolledRetry, HttpClientRetries,"
            + " InvalidExemption, JobsInternalsOutsideJobs, MeiliClientRetries,"
            + " QueueEngineOutsideAdapter,"
            + " RetryOutsideJobs, SleepInRequestPath in ");
    assertThat(log.errors)
        .anyMatch(l -> l.startsWith("JobsInternalsOutsideJobs: calls ")
            && l.contains(", which is not part of the jobs API (jobsApiPackages"))
        .anyMatch(l -> l.startsWith("QueueEngineOutsideAdapter: "))
        .contains("    fix: " + RuleRegistry.JOBS_INTERNALS_OUTSIDE_JOBS.fix(),
            "    fix: " + RuleRegistry.QUEUE_ENGINE_OUTSIDE_ADAPTER.fix())
        .anyMatch(l -> l.equals("    see: " + page(mojo, "JobsInternalsOutsideJobs")))
        .anyMatch(l -> l.equals("    see: " + page(mojo, "QueueEngineOutsideAdapter")));
    assertThat(mojo.reportDirectory.toPath().resolve("rules/JobsInternalsOutsideJobs.md"))
        .content().startsWith("# JobsInternalsOutsideJobs");
    assertThat(log.infos).filteredOn(l -> l.contains("not running"))
        .noneMatch(l -> l.contains("JobsInternalsOutsideJobs")
            || l.contains("QueueEngineOutsideAdapter"));
  }

  @Test
  void unconfiguredLayeringRulesAreInactiveAndTheLogSaysWhatToSet() {
    CheckMojo mojo = mojoOnFixtures();

    assertThatThrownBy(mojo::execute).isInstanceOf(MojoFailureException.class)
        .hasMessageContaining("violation(s) of HandRolledRetry, HttpClientRetries,"
            + " InvalidExemption, MeiliClientRetries, RetryOutsideJobs, SleepInRequestPath in ");
    assertThat(log.infos).filteredOn(l -> l.contains("not running")).containsExactly(
        "retry-owner: not running: JobsInternalsOutsideJobs (set jobsApiPackages or"
            + " jobsApiAnnotation); QueueEngineOutsideAdapter (set queueEnginePackages and"
            + " queueAdapterPackages); ThreadOutsideInfra, SchedulingOutsideJobs,"
            + " RetryAmplification (opt-in: name them in enableRules or"
            + " -Dretryowner.enableRules)");
    assertThat(log.errors).noneMatch(l -> l.startsWith("JobsInternalsOutsideJobs"))
        .filteredOn(l -> l.startsWith("MeiliClientRetries: ")).isNotEmpty()
        .allMatch(l -> l.contains("but no search adapter is configured: set"
            + " searchAdapterPackages"));
  }

  @Test
  void aMaxAmplificationThatIsNoWholeNumberOfOneOrMoreIsAConfigurationError() {
    CheckMojo mojo = mojoOnFixtures();

    mojo.maxAmplification = "three";
    assertThatThrownBy(mojo::execute).isInstanceOf(MojoExecutionException.class)
        .hasMessageContaining("maxAmplification: 'three' is not a whole number; write the"
            + " requests one failure may become on a call path, e.g. 1 (the default)")
        .hasMessageContaining("<maxAmplification>");
    mojo.maxAmplification = "0";
    assertThatThrownBy(mojo::execute).isInstanceOf(MojoExecutionException.class)
        .hasMessageContaining("maxAmplification: 0 is below 1");
  }

  @Test
  void enabledOptInRulesReportAndAnUnknownNameIsAConfigurationError() {
    CheckMojo mojo = mojoOnFixtures();
    Properties gate = Fixtures.gateProperties();
    mojo.requestPathPackages = List.of(gate.getProperty("requestPathPackages"));
    mojo.infraPackages = List.of(gate.getProperty("infraPackages"));
    mojo.enableRules = List.of(gate.getProperty("enabledRules"));

    assertThatThrownBy(mojo::execute).isInstanceOf(MojoFailureException.class)
        .hasMessageContaining("violation(s) of HandRolledRetry, HttpClientRetries,"
            + " InvalidExemption, MeiliClientRetries, RetryOutsideJobs, SchedulingOutsideJobs,"
            + " SleepInRequestPath,"
            + " ThreadOutsideInfra in ");
    assertThat(log.errors).contains("    see: " + page(mojo, "ThreadOutsideInfra"),
        "    see: " + page(mojo, "SchedulingOutsideJobs"));
    assertThat(log.infos).filteredOn(l -> l.contains("opt-in")).containsExactly(
        "retry-owner: not running: JobsInternalsOutsideJobs (set jobsApiPackages or"
            + " jobsApiAnnotation); QueueEngineOutsideAdapter (set queueEnginePackages and"
            + " queueAdapterPackages); RetryAmplification (opt-in: name it in enableRules or"
            + " -Dretryowner.enableRules)");

    mojo.enableRules = List.of("ThreadOutsideInfra,Threads");
    assertThatThrownBy(mojo::execute).isInstanceOf(MojoExecutionException.class)
        .hasMessage("retry-owner: invalid enableRules: 'Threads' is not an opt-in rule; name one"
            + " or more of ThreadOutsideInfra, SchedulingOutsideJobs, RetryAmplification (every"
            + " other rule always"
            + " runs). Fix <enableRule> (or -Dretryowner.enableRules).");
  }

  @Test
  void aDeclaredJvmPropertyMakesTheJdkClientsConnectRetryMoot() {
    String jdkFactory = "HttpClientRetries: calls java.net.http.HttpClient#newHttpClient()";
    String urlConnection = "HttpClientRetries: calls java.net.URL#openConnection()";
    CheckMojo mojo = mojoOnFixtures();

    assertThatThrownBy(mojo::execute).isInstanceOf(MojoFailureException.class);
    assertThat(log.errors).anyMatch(l -> l.startsWith(jdkFactory))
        .anyMatch(l -> l.startsWith(urlConnection));

    log.errors.clear();
    mojo.jvmProperties = List.of("jdk.httpclient.disableRetryConnect=true");
    assertThatThrownBy(mojo::execute).isInstanceOf(MojoFailureException.class);
    assertThat(log.errors).noneMatch(l -> l.startsWith(jdkFactory))
        .as("no property switches HttpURLConnection's re-send off")
        .anyMatch(l -> l.startsWith(urlConnection));
  }

  @Test
  void aTeamCatalogFileAddsItsEntriesAndABrokenOneIsAConfigurationError() throws Exception {
    Path team = Files.writeString(temp.resolve("team.catalog"), """
        @rule RetryOutsideJobs
        method java.lang.Thread#sleep @ our Pauser wraps it to retry; only jobs may pause
        """);
    CheckMojo mojo = mojoOnFixtures();
    mojo.catalogFiles = List.of(team.toString());

    assertThatThrownBy(mojo::execute).isInstanceOf(MojoFailureException.class);
    assertThat(log.errors)
        .anyMatch(l -> l.startsWith("RetryOutsideJobs: calls java.lang.Thread#sleep"))
        .anyMatch(l -> l.contains("why: our Pauser wraps it to retry; only jobs may pause"));

    Files.writeString(team, "@rule RetryOutsideJobs\nmethod java.lang.Thread @ no member\n");
    assertThatThrownBy(mojo::execute).isInstanceOf(MojoExecutionException.class)
        .hasMessageContaining(team + ":2: a method entry names 'pkg.Type#method'");
  }

  @Test
  void aQueueEngineWithoutItsAdapterIsAConfigurationError() {
    CheckMojo mojo = mojoOnFixtures();
    mojo.queueEnginePackages = List.of("org.quartz");

    assertThatThrownBy(mojo::execute).isInstanceOf(MojoExecutionException.class)
        .hasMessageContaining("queueEnginePackages [org.quartz] is set without"
            + " queueAdapterPackages");
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

  @Test
  void everyRunWritesTheSarifAndJsonReportsAndSaysWhere() throws Exception {
    CheckMojo mojo = mojoOnFixtures();

    assertThatThrownBy(mojo::execute).isInstanceOf(MojoFailureException.class);

    Path reports = temp.resolve("retry-owner");
    JsonNode json = JSON.readTree(reports.resolve("retry-owner.json").toFile());
    JsonNode sarif = JSON.readTree(reports.resolve("retry-owner.sarif").toFile());
    long consoleViolations = log.errors.stream().filter(l -> !l.startsWith(" ")
        && !l.startsWith("retry-owner: ")).count();
    long consoleExempted = log.infos.stream().filter(l -> l.startsWith("exempted ")).count();
    assertThat(json.at("/summary/violations").asInt()).isEqualTo(consoleViolations)
        .isEqualTo(json.get("violations").size() - consoleExempted)
        .isEqualTo(sarif.at("/runs/0/results").size() - consoleExempted)
        .isPositive();
    assertThat(json.at("/summary/exempted").asInt()).isEqualTo(consoleExempted).isPositive();
    assertThat(sarif.at("/runs/0/results")).filteredOn(result -> result.has("suppressions"))
        .hasSize((int) consoleExempted);
    assertThat(sarif.at("/runs/0/tool/driver/rules")).extracting(rule -> rule.get("id").asText())
        .containsExactly("RetryOutsideJobs", "HandRolledRetry", "HttpClientRetries",
            "MeiliClientRetries", "SleepInRequestPath", "InvalidExemption");
    assertThat(log.infos).containsSubsequence(
        "retry-owner: reports written to " + reports.resolve("retry-owner.sarif") + " (SARIF), "
            + reports.resolve("retry-owner.json") + " (JSON) and "
            + reports.resolve("retry-owner.html") + " (HTML)");
  }

  @Test
  void aCleanRunPrintsTheSummaryAndWritesReportsWithNoViolations() throws Exception {
    String jobClass = "fixtures/sleepinrequestpath/jobs/DigestJob.class";
    Path classes = Files.createDirectories(temp.resolve("classes/" + jobClass).getParent());
    try (InputStream in = getClass().getResourceAsStream("/" + jobClass)) {
      Files.copy(in, classes.resolve("DigestJob.class"));
    }
    CheckMojo mojo = mojoOnFixtures();
    mojo.classesDirectory = temp.resolve("classes").toFile();
    mojo.sourceDirectories = List.of();

    mojo.execute();

    assertThat(log.errors).isEmpty();
    assertThat(log.infos)
        .anyMatch(l -> l.startsWith("retry-owner: 0 violation(s) in 1 checked class(es), 0 source file(s),"))
        .anyMatch(l -> l.startsWith("retry-owner: reports written to "));
    JsonNode json = JSON.readTree(temp.resolve("retry-owner/retry-owner.json").toFile());
    assertThat(json.get("violations")).isEmpty();
    assertThat(json.get("rules")).isNotEmpty();
    assertThat(JSON.readTree(temp.resolve("retry-owner/retry-owner.sarif").toFile())
        .at("/runs/0/results")).isEmpty();
  }

  @Test
  void aReportDirectoryThatCannotBeWrittenIsAnExecutionErrorSayingSo() throws Exception {
    CheckMojo mojo = mojoOnFixtures();
    Path blocked = Files.writeString(temp.resolve("blocked"), "a file, not a directory");
    mojo.reportDirectory = blocked.resolve("retry-owner").toFile();

    assertThatThrownBy(mojo::execute).isInstanceOf(MojoExecutionException.class)
        .hasMessageStartingWith("retry-owner: cannot write the reports " + blocked)
        .hasMessageEndingWith("Make sure the build directory is writable (and not a file).");
  }

  private CheckMojo mojoOnFixtures() {
    return FixtureMojos.onFixtures(new CheckMojo(), log, temp.resolve("retry-owner"));
  }

  /** Where a run of {@code mojo} wrote a rule's page, as its log names it. */
  private static String page(AbstractRetryOwnerMojo mojo, String rule) {
    Path base = mojo.baseDirectory.toPath().toAbsolutePath().normalize();
    Path page = mojo.reportDirectory.toPath().toAbsolutePath().normalize()
        .resolve("rules/" + rule + ".md");
    return (page.startsWith(base) ? base.relativize(page) : page).toString();
  }
}
