package dev.retryowner.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class RuleRegistryTest {

  @Test
  void knowsRetryOutsideJobsByItsExactName() {
    assertThat(RuleRegistry.all()).contains(RuleRegistry.RETRY_OUTSIDE_JOBS);
    assertThat(RuleRegistry.byName("RetryOutsideJobs")).containsSame(RuleRegistry.RETRY_OUTSIDE_JOBS);
    assertThat(RuleRegistry.byName("retryoutsidejobs")).isEmpty();
    assertThat(RuleRegistry.byName("RetryOutsideJob")).isEmpty();
    assertThat(RuleRegistry.byName("")).isEmpty();
  }

  @Test
  void retryOutsideJobsIsImplementedByErrorProneArchUnitAndTheSourceChecks() {
    RuleDescriptor rule = RuleRegistry.RETRY_OUTSIDE_JOBS;

    assertThat(rule.engines())
        .isEqualTo(EnumSet.of(Engine.ERROR_PRONE, Engine.ARCHUNIT, Engine.SOURCE));
    assertThat(rule.isImplementedBy(Engine.ERROR_PRONE)).isTrue();
    assertThat(rule.isImplementedBy(Engine.ARCHUNIT)).isTrue();
    assertThat(rule.isImplementedBy(Engine.SOURCE)).isTrue();
    assertThat(RuleRegistry.implementedBy(Engine.ERROR_PRONE)).contains(rule);
    assertThat(RuleRegistry.implementedBy(Engine.ARCHUNIT)).contains(rule);
    assertThat(RuleRegistry.implementedBy(Engine.SOURCE)).contains(rule);
  }

  @Test
  void theLayeringRulesAreImplementedByArchUnitAndTheSourceChecksOnly() {
    for (RuleDescriptor rule : List.of(RuleRegistry.JOBS_INTERNALS_OUTSIDE_JOBS,
        RuleRegistry.QUEUE_ENGINE_OUTSIDE_ADAPTER)) {
      assertThat(rule.engines()).isEqualTo(EnumSet.of(Engine.ARCHUNIT, Engine.SOURCE));
      assertThat(RuleRegistry.byName(rule.name())).containsSame(rule);
      assertThat(RuleRegistry.implementedBy(Engine.ERROR_PRONE)).doesNotContain(rule);
    }
  }

  @Test
  void handRolledRetryIsImplementedByErrorProneAndTheSourceChecksOnly() {
    RuleDescriptor rule = RuleRegistry.HAND_ROLLED_RETRY;

    assertThat(RuleRegistry.byName("HandRolledRetry")).containsSame(rule);
    assertThat(rule.engines()).isEqualTo(EnumSet.of(Engine.ERROR_PRONE, Engine.SOURCE));
    assertThat(RuleRegistry.implementedBy(Engine.ARCHUNIT)).doesNotContain(rule);
  }

  @Test
  void httpClientRetriesIsImplementedByErrorProneAndTheSourceChecksOnly() {
    RuleDescriptor rule = RuleRegistry.HTTP_CLIENT_RETRIES;

    assertThat(RuleRegistry.byName("HttpClientRetries")).containsSame(rule);
    assertThat(rule.engines()).isEqualTo(EnumSet.of(Engine.ERROR_PRONE, Engine.SOURCE));
    assertThat(RuleRegistry.implementedBy(Engine.ERROR_PRONE)).contains(rule);
    assertThat(RuleRegistry.implementedBy(Engine.ARCHUNIT)).doesNotContain(rule);
    assertThat(rule.forbiddenUseScope()).isEmpty();
  }

  @Test
  void everyRuleHasAStableCamelCaseNameADocPageASummaryAndAFix() {
    assertThat(RuleRegistry.all()).allSatisfy(rule -> {
      assertThat(rule.name()).matches("[A-Z][A-Za-z0-9]+");
      assertThat(rule.docPath()).isEqualTo("docs/rules/" + rule.name() + ".md");
      assertThat(rule.summary()).isNotBlank().endsWith(".");
      assertThat(rule.fix()).isNotBlank().endsWith(".");
      assertThat(rule.engines()).isNotEmpty();
    });
    assertThat(RuleRegistry.all()).extracting(RuleDescriptor::name).doesNotHaveDuplicates();
  }

  @Test
  void sleepInRequestPathIsAForbiddenUseRuleOfTheRequestPathForErrorProneAndArchUnit() {
    RuleDescriptor rule = RuleRegistry.SLEEP_IN_REQUEST_PATH;

    assertThat(RuleRegistry.byName("SleepInRequestPath")).containsSame(rule);
    assertThat(rule.engines()).isEqualTo(EnumSet.of(Engine.ERROR_PRONE, Engine.ARCHUNIT));
    assertThat(rule.forbiddenUseScope()).contains(ScopeKind.REQUEST_PATH);
    assertThat(RuleRegistry.RETRY_OUTSIDE_JOBS.forbiddenUseScope())
        .contains(ScopeKind.OUTSIDE_JOBS_PACKAGES);
  }

  @Test
  void aRuleOfAnotherShapeHasNoForbiddenUseScope() {
    RuleDescriptor layering = new RuleDescriptor("SomeLayering", "A summary.", "A fix.",
        EnumSet.of(Engine.ARCHUNIT));

    assertThat(layering.forbiddenUseScope()).isEmpty();
    assertThat(List.of(RuleRegistry.HAND_ROLLED_RETRY, RuleRegistry.JOBS_INTERNALS_OUTSIDE_JOBS,
        RuleRegistry.QUEUE_ENGINE_OUTSIDE_ADAPTER))
        .allSatisfy(rule -> assertThat(rule.forbiddenUseScope()).isEmpty());
  }

  @Test
  void namesListsEveryRuleForErrorMessages() {
    assertThat(RuleRegistry.names()).isEqualTo("RetryOutsideJobs, HandRolledRetry,"
        + " HttpClientRetries, MeiliClientRetries, SleepInRequestPath, JobsInternalsOutsideJobs,"
        + " QueueEngineOutsideAdapter, ThreadOutsideInfra, SchedulingOutsideJobs, InvalidExemption,"
        + " RetryAmplification");
  }

  @Test
  void entryKindsAreSpelledAsInTheCatalog() {
    assertThat(EntryKind.keywords())
        .isEqualTo("type, method, constructor, annotation, scope-annotation, scope-type,"
            + " construct-only-in, retrying-constructor, client-builder, no-retry,"
            + " retrying-factory, retrying-call, switch-on, resend-call, redelivery-call,"
            + " backoff-call, state-query, address-lookup, client-call, entry-type, attempts-argument, runs");
    assertThat(EntryKind.ofKeyword("method")).contains(EntryKind.METHOD);
    assertThat(EntryKind.ofKeyword("resend-call")).contains(EntryKind.RESEND_CALL);
    assertThat(EntryKind.ofKeyword("Method")).isEmpty();
  }

  @Test
  void theOptInRulesAreRegistryData() {
    assertThat(RuleRegistry.optIn()).containsExactly(RuleRegistry.THREAD_OUTSIDE_INFRA,
        RuleRegistry.SCHEDULING_OUTSIDE_JOBS, RuleRegistry.RETRY_AMPLIFICATION);
    assertThat(RuleRegistry.RETRY_OUTSIDE_JOBS.optIn()).isFalse();
    assertThat(RuleRegistry.THREAD_OUTSIDE_INFRA.optIn()).isTrue();
    assertThat(RuleRegistry.THREAD_OUTSIDE_INFRA.forbiddenUseScope())
        .contains(ScopeKind.OUTSIDE_INFRA_PACKAGES);
  }

  @Test
  void invalidExemptionIsCheckedByErrorProneAndArchUnit() {
    RuleDescriptor rule = RuleRegistry.INVALID_EXEMPTION;

    assertThat(RuleRegistry.byName("InvalidExemption")).containsSame(rule);
    assertThat(rule.engines()).isEqualTo(EnumSet.of(Engine.ERROR_PRONE, Engine.ARCHUNIT));
    assertThat(rule.optIn()).isFalse();
    assertThat(rule.forbiddenUseScope()).isEmpty();
  }
}
