package dev.retryowner.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GateConfigTest {
  private static final String RULE = "RetryOutsideJobs";

  @TempDir Path dir;

  @Test
  void withoutJobsPackagesTheBuildFailsSayingWhatToSet() {
    assertThatThrownBy(() -> GateConfig.builder().build())
        .isInstanceOf(GateConfigException.class)
        .hasMessage("jobsPackages is required: name the package(s) that own retries, e.g."
            + " com.acme.jobs, or 'none' if no package may retry. A gate without a jobs package"
            + " cannot tell allowed retries from forbidden ones.");
    assertThatThrownBy(() -> GateConfig.builder().jobsPackages(List.of()).build())
        .isInstanceOf(GateConfigException.class)
        .hasMessageStartingWith("jobsPackages is required");
  }

  @Test
  void noneSaysNoPackageMayRetry() {
    GateConfig config = GateConfig.builder().jobsPackages(GateConfig.NO_JOBS_PACKAGES).build();

    assertThat(config.jobsPackages()).isEmpty();
    assertThat(config.isInJobsPackages("com.acme.jobs.Worker")).isFalse();
    assertThat(config.jobsPackagesText()).isEqualTo("(none: no package may retry)");
    assertThat(config.forbiddenUseScope(RuleRegistry.RETRY_OUTSIDE_JOBS)
        .holdsByName("com.acme.jobs.Worker")).isTrue();
  }

  @Test
  void noneBesidePatternsFailsSayingToKeepOne() {
    assertThatThrownBy(() -> GateConfig.builder().jobsPackages("none", "com.acme.jobs").build())
        .isInstanceOf(GateConfigException.class)
        .hasMessage("jobsPackages: 'none' says that no package may retry, so it cannot stand"
            + " beside the patterns [com.acme.jobs]; keep either 'none' alone or only the"
            + " packages that own retries");
  }

  @Test
  void additionalJobsPackagesAddToNone() {
    GateConfig config = GateConfig.builder().jobsPackages("none")
        .additionalJobsPackages(List.of("com.acme.testing")).build();

    assertThat(config.isInJobsPackages("com.acme.testing.FakeJobs")).isTrue();
    assertThat(config.isInJobsPackages("com.acme.app.Service")).isFalse();
  }

  @Test
  void anInvalidPatternFailsNamingTheSetting() {
    assertThatThrownBy(() -> GateConfig.builder().jobsPackages("com.acme.jobs", "com..jobs").build())
        .isInstanceOf(GateConfigException.class)
        .hasMessage("jobsPackages: 'com..jobs' is not a package pattern: segment '' is neither a"
            + " Java identifier, '*' nor '**' (write e.g. com.acme.jobs or com.acme.**.jobs)")
        .hasCauseInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void tellsJobsClassesFromTheRest() {
    GateConfig config = GateConfig.builder().jobsPackages("com.acme.jobs", "org.shop.**.jobs").build();

    assertThat(config.jobsPackages()).extracting(PackagePattern::toString)
        .containsExactly("com.acme.jobs", "org.shop.**.jobs");
    assertThat(config.isInJobsPackages("com.acme.jobs.Deliver")).isTrue();
    assertThat(config.isInJobsPackages("org.shop.billing.jobs.Charge")).isTrue();
    assertThat(config.isInJobsPackages("com.acme.web.Controller")).isFalse();
    assertThat(config.isInJobsPackages("com.acme.jobsx.Deliver")).isFalse();
  }

  @Test
  void collectsPatternsFromSeveralCalls() {
    GateConfig config = GateConfig.builder()
        .jobsPackages("com.acme.jobs")
        .jobsPackages(List.of("org.shop.jobs"))
        .build();

    assertThat(config.isInJobsPackages("org.shop.jobs.Charge")).isTrue();
    assertThat(config.isInJobsPackages("com.acme.jobs.Deliver")).isTrue();
  }

  @Test
  void requestPathPackagesAreOptionalAndParsedLikeJobsPackages() {
    GateConfig none = GateConfig.builder().jobsPackages("com.acme.jobs").build();
    GateConfig some = GateConfig.builder().jobsPackages("com.acme.jobs")
        .requestPathPackages("com.acme.web").requestPathPackages(List.of("com.acme.**.api"))
        .build();

    assertThat(none.requestPathPackages()).isEmpty();
    assertThat(some.requestPathPackages()).extracting(PackagePattern::toString)
        .containsExactly("com.acme.web", "com.acme.**.api");
  }

  @Test
  void anInvalidRequestPathPatternFailsNamingTheSetting() {
    assertThatThrownBy(() -> GateConfig.builder().jobsPackages("com.acme.jobs")
        .requestPathPackages("com.acme.web-api").build())
        .isInstanceOf(GateConfigException.class)
        .hasMessageStartingWith("requestPathPackages: 'com.acme.web-api' is not a package pattern");
  }

  @Test
  void splitListTrimsAndDropsBlanks() {
    assertThat(GateConfig.splitList("com.acme.jobs, com.acme.**.jobs"))
        .containsExactly("com.acme.jobs", "com.acme.**.jobs");
    assertThat(GateConfig.splitList(" a ,, b , ")).containsExactly("a", "b");
    assertThat(GateConfig.splitList("single")).containsExactly("single");
    assertThat(GateConfig.splitList("")).isEmpty();
    assertThat(GateConfig.splitList(" , ")).isEmpty();
    assertThat(GateConfig.splitList(null)).isEmpty();
  }

  @Test
  void withoutCatalogFilesTheCatalogIsTheBundledOne() {
    GateConfig config = GateConfig.builder().jobsPackages("com.acme.jobs").build();

    assertThat(config.catalog().entries()).isEqualTo(Catalog.bundled().entries());
  }

  @Test
  void aCatalogFileAddsItsEntriesToTheBundledOnes() throws Exception {
    Path team = dir.resolve("team.catalog");
    Files.writeString(team, """
        # our own clients that retry
        @rule RetryOutsideJobs
        @library acme-http 1.0
        type com.acme.http.RetryingClient @ re-sends every request 5 times
        """);

    GateConfig config = GateConfig.builder().jobsPackages("com.acme.jobs").catalogFile(team).build();
    Files.delete(team);

    ForbiddenUseIndex index = config.catalog().forbiddenUse(RULE);
    assertThat(config.catalog()).as("merged once, read at build").isSameAs(config.catalog());
    assertThat(index.type("com.acme.http.RetryingClient"))
        .hasValueSatisfying(e -> {
          assertThat(e.library()).isEqualTo("acme-http 1.0");
          assertThat(e.origin()).isEqualTo(team + ":4");
        });
    assertThat(index.type("io.github.resilience4j.retry.Retry")).isPresent();
    assertThat(config.catalog().entries()).hasSize(Catalog.bundled().entries().size() + 1);
  }

  @Test
  void severalCatalogFilesAreAllMerged() throws Exception {
    Path http = dir.resolve("http.catalog");
    Path queue = dir.resolve("queue.catalog");
    Files.writeString(http, "@rule RetryOutsideJobs\ntype com.acme.http.RetryingClient @ retries\n");
    Files.writeString(queue, "@rule RetryOutsideJobs\nmethod com.acme.queue.Consumer#redeliver @ retries\n");

    GateConfig config = GateConfig.builder().jobsPackages("com.acme.jobs")
        .catalogFile(http).catalogFile(queue).build();

    ForbiddenUseIndex index = config.catalog().forbiddenUse(RULE);
    assertThat(index.type("com.acme.http.RetryingClient")).isPresent();
    assertThat(index.method("com.acme.queue.Consumer", "redeliver")).isPresent();
  }

  @Test
  void aMalformedCatalogFileFailsNamingFileAndLine() throws Exception {
    Path team = dir.resolve("team.catalog");
    Files.writeString(team, "@rule RetryOutsideJobs\ntype com.acme.http.RetryingClient\n");

    assertThatThrownBy(() -> GateConfig.builder().jobsPackages("com.acme.jobs").catalogFile(team).build())
        .isInstanceOf(GateConfigException.class)
        .hasMessage("catalog file " + team + ":2: missing reason: end the entry with"
            + " ' @ <why it is listed>'")
        .hasCauseInstanceOf(CatalogFormatException.class);
  }

  @Test
  void theBuilderGivesTheCatalogWithoutJobsPackagesForRulesThatNeedNone() throws Exception {
    Path team = dir.resolve("team.catalog");
    Files.writeString(team, "@rule RetryOutsideJobs\ntype com.acme.http.RetryingClient @ retries\n");
    Path broken = dir.resolve("broken.catalog");
    Files.writeString(broken, "@rule RetryOutsideJobs\ntype com.acme.http.RetryingClient\n");

    assertThat(GateConfig.builder().catalogFile(team).catalog().forbiddenUse(RULE)
        .type("com.acme.http.RetryingClient")).isPresent();
    assertThat(GateConfig.builder().catalog().entries()).isEqualTo(Catalog.bundled().entries());
    assertThatThrownBy(() -> GateConfig.builder().catalogFile(broken).catalog())
        .isInstanceOf(GateConfigException.class)
        .hasMessageStartingWith("catalog file " + broken + ":2: missing reason");
  }

  @Test
  void aMissingCatalogFileFailsNamingIt() {
    Path missing = dir.resolve("absent.catalog");

    assertThatThrownBy(() -> GateConfig.builder().jobsPackages("com.acme.jobs").catalogFile(missing).build())
        .isInstanceOf(GateConfigException.class)
        .hasMessage("catalog file " + missing + ":0: file not found");
  }

  @Test
  void keepsTheLayeringSettings() {
    GateConfig config = GateConfig.builder().jobsPackages("com.acme.jobs")
        .jobsApiPackages("com.acme.jobs.api").jobsApiPackages(List.of("com.acme.jobs.spi"))
        .jobsApiAnnotation(" com.acme.jobs.JobsApi ")
        .queueEnginePackages("org.quartz").queueAdapterPackages(List.of("com.acme.queue"))
        .build();

    assertThat(config.jobsApiPackages()).extracting(PackagePattern::toString)
        .containsExactly("com.acme.jobs.api", "com.acme.jobs.spi");
    assertThat(config.jobsApiAnnotation()).contains("com.acme.jobs.JobsApi");
    assertThat(config.queueEnginePackages()).extracting(PackagePattern::toString)
        .containsExactly("org.quartz");
    assertThat(config.queueAdapterPackages()).extracting(PackagePattern::toString)
        .containsExactly("com.acme.queue");
    assertThat(config.whyInactive(RuleRegistry.JOBS_INTERNALS_OUTSIDE_JOBS)).isEmpty();
    assertThat(config.whyInactive(RuleRegistry.QUEUE_ENGINE_OUTSIDE_ADAPTER)).isEmpty();
  }

  @Test
  void withoutTheirSettingsTheLayeringRulesAreInactiveAndSayWhatToSet() {
    GateConfig config = GateConfig.builder().jobsPackages("com.acme.jobs")
        .jobsApiAnnotation(" ").build();

    assertThat(config.jobsApiAnnotation()).isEmpty();
    assertThat(config.whyInactive(RuleRegistry.RETRY_OUTSIDE_JOBS)).isEmpty();
    assertThat(config.whyInactive(RuleRegistry.JOBS_INTERNALS_OUTSIDE_JOBS)).hasValueSatisfying(
        why -> assertThat(why).startsWith("JobsInternalsOutsideJobs is inactive")
            .contains("jobsApiPackages", "jobsApiAnnotation"));
    assertThat(config.whyInactive(RuleRegistry.QUEUE_ENGINE_OUTSIDE_ADAPTER)).hasValueSatisfying(
        why -> assertThat(why).startsWith("QueueEngineOutsideAdapter is inactive")
            .contains("queueEnginePackages", "queueAdapterPackages"));
  }

  @Test
  void eitherJobsApiSettingAloneActivatesJobsInternalsOutsideJobs() {
    GateConfig byPackage = GateConfig.builder().jobsPackages("com.acme.jobs")
        .jobsApiPackages("com.acme.jobs.api").build();
    GateConfig byAnnotation = GateConfig.builder().jobsPackages("com.acme.jobs")
        .jobsApiAnnotation("com.acme.jobs.JobsApi").build();

    assertThat(byPackage.whyInactive(RuleRegistry.JOBS_INTERNALS_OUTSIDE_JOBS)).isEmpty();
    assertThat(byAnnotation.whyInactive(RuleRegistry.JOBS_INTERNALS_OUTSIDE_JOBS)).isEmpty();
  }

  @Test
  void aQueueEngineWithoutAdapterOrTheReverseFailsSayingTheFix() {
    assertThatThrownBy(() -> GateConfig.builder().jobsPackages("com.acme.jobs")
        .queueEnginePackages("org.quartz").build())
        .isInstanceOf(GateConfigException.class)
        .hasMessageStartingWith("queueEnginePackages [org.quartz] is set without"
            + " queueAdapterPackages: name the package(s) of the adapter");
    assertThatThrownBy(() -> GateConfig.builder().jobsPackages("com.acme.jobs")
        .queueAdapterPackages("com.acme.queue").build())
        .isInstanceOf(GateConfigException.class)
        .hasMessageStartingWith("queueAdapterPackages [com.acme.queue] is set without"
            + " queueEnginePackages: name the queue engine library's package(s)");
  }

  @Test
  void invalidLayeringSettingsFailNamingTheSetting() {
    assertThatThrownBy(() -> GateConfig.builder().jobsPackages("com.acme.jobs")
        .jobsApiPackages("com.acme..api").build())
        .isInstanceOf(GateConfigException.class).hasMessageStartingWith("jobsApiPackages: ");
    assertThatThrownBy(() -> GateConfig.builder().jobsPackages("com.acme.jobs")
        .queueEnginePackages("org.quartz").queueAdapterPackages("com acme").build())
        .isInstanceOf(GateConfigException.class).hasMessageStartingWith("queueAdapterPackages: ");
    assertThatThrownBy(() -> GateConfig.builder().jobsPackages("com.acme.jobs")
        .jobsApiAnnotation("@com.acme.JobsApi").build())
        .isInstanceOf(GateConfigException.class)
        .hasMessageStartingWith("jobsApiAnnotation: '@com.acme.JobsApi' is not a type name");
  }

  @Test
  void optInRulesRunOnlyWhenEnabledRulesNamesThem() {
    GateConfig off = GateConfig.builder().jobsPackages("com.acme.jobs").build();
    GateConfig on = GateConfig.builder().jobsPackages("com.acme.jobs")
        .enabledRules("ThreadOutsideInfra").infraPackages("com.acme.infra").build();

    assertThat(off.isEnabled(RuleRegistry.RETRY_OUTSIDE_JOBS)).isTrue();
    assertThat(off.isEnabled(RuleRegistry.THREAD_OUTSIDE_INFRA)).isFalse();
    assertThat(off.disabledOptInRules()).extracting(RuleDescriptor::name)
        .containsExactly("ThreadOutsideInfra", "SchedulingOutsideJobs", "RetryAmplification");
    assertThat(on.isEnabled(RuleRegistry.THREAD_OUTSIDE_INFRA)).isTrue();
    assertThat(on.isEnabled(RuleRegistry.SCHEDULING_OUTSIDE_JOBS)).isFalse();
    assertThat(on.disabledOptInRules()).containsExactly(RuleRegistry.SCHEDULING_OUTSIDE_JOBS,
        RuleRegistry.RETRY_AMPLIFICATION);
    assertThat(on.infraPackages()).extracting(PackagePattern::toString)
        .containsExactly("com.acme.infra");
  }

  @Test
  void maxAmplificationIsOneUnlessSetAndNeverBelowOne() {
    assertThat(GateConfig.builder().jobsPackages("com.acme.jobs").build().maxAmplification())
        .isEqualTo(1);
    assertThat(GateConfig.builder().jobsPackages("com.acme.jobs").maxAmplification(3).build()
        .maxAmplification()).isEqualTo(3);
    assertThatThrownBy(() -> GateConfig.builder().maxAmplification(0))
        .isInstanceOf(GateConfigException.class)
        .hasMessage("maxAmplification: 0 is below 1; it counts the requests one failure may"
            + " become on a path, so 1 (the default: every layer but the job kind's policy sends"
            + " once) is the strictest value");
  }

  @Test
  void enabledRulesNamingNoOptInRuleFailsListingThem() {
    for (String name : List.of("Threads", "RetryOutsideJobs")) {
      assertThatThrownBy(() -> GateConfig.builder().jobsPackages("com.acme.jobs")
          .enabledRules(name).build())
          .isInstanceOf(GateConfigException.class)
          .hasMessage("enabledRules: '" + name + "' is not an opt-in rule; name one or more of"
              + " ThreadOutsideInfra, SchedulingOutsideJobs, RetryAmplification (every other rule"
              + " always runs)");
    }
  }

  @Test
  void threadOutsideInfraWithoutInfraPackagesFailsSayingWhatToSet() {
    assertThatThrownBy(() -> GateConfig.builder().jobsPackages("com.acme.jobs")
        .enabledRules("ThreadOutsideInfra").build())
        .isInstanceOf(GateConfigException.class)
        .hasMessageStartingWith("infraPackages is required when enabledRules names"
            + " ThreadOutsideInfra: name the package(s) that own threads");
    assertThatThrownBy(() -> GateConfig.builder().jobsPackages("com.acme.jobs")
        .infraPackages("com..infra").build())
        .isInstanceOf(GateConfigException.class).hasMessageStartingWith("infraPackages: ");
  }

  @Test
  void threadOutsideInfraIsForbiddenOutsideTheInfraPackages() {
    GateConfig config = GateConfig.builder().jobsPackages("com.acme.jobs")
        .enabledRules("ThreadOutsideInfra").infraPackages("com.acme.infra").build();
    ForbiddenUseScope scope = config.forbiddenUseScope(RuleRegistry.THREAD_OUTSIDE_INFRA);

    assertThat(scope.packages()).extracting(PackagePattern::toString)
        .containsExactly("com.acme.infra");
    assertThat(scope.unmatchedPackageProblem("ThreadOutsideInfra", scope.packages().get(0), 3))
        .isEqualTo("ThreadOutsideInfra: infrastructure package pattern 'com.acme.infra' matches"
            + " none of the 3 imported classes, so nothing is allowed to create threads. Fix"
            + " infraPackages to name the packages that own threads and executors (e.g."
            + " com.acme.infra, or com.acme.**.infra for any depth), or import the classes of"
            + " that package too.");
    assertThat(config.forbiddenUseScope(RuleRegistry.SCHEDULING_OUTSIDE_JOBS).packages())
        .extracting(PackagePattern::toString).containsExactly("com.acme.jobs");
  }
}
