package dev.retryowner.archrules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.GateConfig;
import dev.retryowner.catalog.GateConfigException;
import dev.retryowner.catalog.RuleRegistry;
import dev.retryowner.catalog.Site;
import dev.retryowner.fixtures.Fixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The two Layering rules on the compiled fixtures: their findings, sentences and settings. */
class LayeringRulesTest {
  private static final String JOBS = "fixtures.jobsinternalsoutsidejobs.jobs";
  private static final String QUEUE = "fixtures.queueengineoutsideadapter";

  @Test
  void aCallOfAJobsInternalNamesTheMemberAndTheApiSurface() {
    List<Finding> findings = ArchFindings.findings(
        RetryOwnerRules.jobsInternalsOutsideJobs(Fixtures.gateConfig()), FixtureClasses.all());

    assertThat(findings).filteredOn(f -> f.site() == Site.CALL
            && f.className().equals("fixtures.jobsinternalsoutsidejobs.app.ReexportsTheRetryingRunner")
            && f.member().equals("charge(java.util.function.Supplier)"))
        .singleElement()
        .satisfies(f -> {
          assertThat(f.rule()).isEqualTo("JobsInternalsOutsideJobs");
          assertThat(f.message()).isEqualTo("calls " + JOBS + ".internal.RetryingRunner#run,"
              + " which is not part of the jobs API (jobsApiPackages [fixtures.**.jobs.api],"
              + " jobsApiAnnotation @" + JOBS + ".PublicJobsApi)");
          assertThat(f.target()).isEqualTo(JOBS + ".internal.RetryingRunner");
          assertThat(f.reason()).isEqualTo(RuleRegistry.JOBS_INTERNALS_OUTSIDE_JOBS.summary());
        });
    assertThat(findings).extracting(Finding::className)
        .noneMatch(name -> name.startsWith(JOBS + "."))
        .noneMatch(name -> name.endsWith("EnqueuesThroughTheApi"))
        .noneMatch(name -> name.endsWith("UsesTheSubclass"));
  }

  @Test
  void theRulesReadAsSentencesWithTheirReasonAndFix() {
    GateConfig config = Fixtures.gateConfig();

    assertThat(RetryOwnerRules.jobsInternalsOutsideJobs(config).getDescription())
        .isEqualTo("JobsInternalsOutsideJobs: classes outside the jobs packages should use only"
            + " the jobs API (jobsApiPackages [fixtures.**.jobs.api], jobsApiAnnotation @" + JOBS
            + ".PublicJobsApi) of the jobs packages [fixtures.**.jobs], because a jobs internal"
            + " reached from outside, such as a helper that runs work with retries, makes a"
            + " second retry owner next to the job kinds' policies. "
            + RuleRegistry.JOBS_INTERNALS_OUTSIDE_JOBS.fix());
    assertThat(RetryOwnerRules.queueEngineOutsideAdapter(config).getDescription())
        .startsWith("QueueEngineOutsideAdapter: classes should not use the queue engine ["
            + QUEUE + ".engine] outside its adapter [" + QUEUE + ".adapter], because ")
        .endsWith(RuleRegistry.QUEUE_ENGINE_OUTSIDE_ADAPTER.fix());
  }

  @Test
  void theQueueEngineIsAFindingOutsideTheAdapterOnly() {
    List<Finding> findings = ArchFindings.findings(
        RetryOwnerRules.queueEngineOutsideAdapter(Fixtures.gateConfig()), FixtureClasses.all());

    assertThat(findings).isNotEmpty().extracting(Finding::className)
        .allMatch(name -> name.startsWith(QUEUE + ".app.TalksToTheEngine"));
    assertThat(findings).filteredOn(f -> f.site() == Site.SUPERTYPE).singleElement()
        .satisfies(f -> assertThat(f.message()).isEqualTo("implements " + QUEUE
            + ".engine.Task, which belongs to the queue engine (queueEnginePackages [" + QUEUE
            + ".engine]) that only its adapter (queueAdapterPackages [" + QUEUE
            + ".adapter]) may use"));
  }

  @Test
  void withoutTheirSettingsTheFactoriesFailAndAllLeavesTheRulesOut() {
    GateConfig bare = GateConfig.builder().jobsPackages(Fixtures.jobsPackages()).build();

    assertThatThrownBy(() -> RetryOwnerRules.jobsInternalsOutsideJobs(bare))
        .isInstanceOf(GateConfigException.class)
        .hasMessageStartingWith("JobsInternalsOutsideJobs is inactive: no jobs API surface");
    assertThatThrownBy(() -> RetryOwnerRules.queueEngineOutsideAdapter(bare))
        .isInstanceOf(GateConfigException.class)
        .hasMessageStartingWith("QueueEngineOutsideAdapter is inactive: no queue engine");
    assertThat(RetryOwnerRules.all(bare)).extracting(ArchRule::getDescription)
        .satisfiesExactly(
            description -> assertThat(description).startsWith("RetryOutsideJobs:"),
            // Never inactive: without its adapter setting every construction is a finding.
            description -> assertThat(description).startsWith("MeiliClientRetries:"),
            description -> assertThat(description).startsWith("SleepInRequestPath:"),
            description -> assertThat(description).startsWith("InvalidExemption:"));
    assertThat(RetryOwnerRules.all(Fixtures.gateConfig())).hasSize(8);
  }

  @Test
  void apiSettingsThatOpenNothingFailTheRuleWithTheFix() {
    GateConfig typos = GateConfig.builder().jobsPackages(Fixtures.jobsPackages())
        .jobsApiPackages("fixtures.**.jobs.api", "fixtures.**.jobs.public")
        .jobsApiAnnotation("fixtures.jobsinternalsoutsidejobs.jobs.Api").build();

    assertThatThrownBy(() -> ArchFindings.findings(
        RetryOwnerRules.jobsInternalsOutsideJobs(typos), FixtureClasses.all()))
        .isInstanceOf(GateConfigException.class)
        .hasMessageContaining("JobsInternalsOutsideJobs: jobs API package pattern"
            + " 'fixtures.**.jobs.public' matches none of the ")
        .hasMessageContaining("Fix jobsApiPackages to name the package(s) of the jobs layer's"
            + " public API")
        .hasMessageContaining("JobsInternalsOutsideJobs: jobsApiAnnotation @" + JOBS
            + ".Api is on none of the ")
        .hasMessageContaining("needs CLASS or RUNTIME retention")
        .hasMessageNotContaining("'fixtures.**.jobs.api'");
  }

  @Test
  void queueSettingsThatMatchNothingFailTheRuleWithTheFix() {
    GateConfig typos = GateConfig.builder().jobsPackages(Fixtures.jobsPackages())
        .queueEnginePackages(QUEUE + ".engine", "org.quartz")
        .queueAdapterPackages(QUEUE + ".adapter", QUEUE + ".adapters").build();

    assertThatThrownBy(() -> ArchFindings.findings(
        RetryOwnerRules.queueEngineOutsideAdapter(typos), FixtureClasses.all()))
        .isInstanceOf(GateConfigException.class)
        .hasMessageContaining("QueueEngineOutsideAdapter: queue adapter package pattern '" + QUEUE
            + ".adapters' matches none of the ")
        .hasMessageContaining("QueueEngineOutsideAdapter: queue engine package pattern"
            + " 'org.quartz' matches no class that the ")
        .hasMessageNotContaining("'" + QUEUE + ".adapter'")
        .hasMessageNotContaining("'" + QUEUE + ".engine'");
  }

  @Test
  void anEnginePackageOnlyUsedByTheImportedClassesIsFound() {
    JavaClasses adapterOnly = new ClassFileImporter()
        .importPackages(QUEUE + ".adapter", QUEUE + ".app");

    List<Finding> findings = ArchFindings.findings(
        RetryOwnerRules.queueEngineOutsideAdapter(Fixtures.gateConfig()), adapterOnly);

    assertThat(findings).isNotEmpty();
  }

  @Test
  void anEmptyImportFailsTheLayeringRules() {
    JavaClasses none = new ClassFileImporter().importPackages("no.such.package");

    assertThatThrownBy(() -> ArchFindings.findings(
        RetryOwnerRules.queueEngineOutsideAdapter(Fixtures.gateConfig()), none))
        .isInstanceOf(GateConfigException.class)
        .hasMessageStartingWith("QueueEngineOutsideAdapter checked no classes");
  }
}
