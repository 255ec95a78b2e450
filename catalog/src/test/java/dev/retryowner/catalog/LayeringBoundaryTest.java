package dev.retryowner.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Set;
import java.util.function.BiPredicate;
import org.junit.jupiter.api.Test;

class LayeringBoundaryTest {
  private static final BiPredicate<String, String> NOTHING_ANNOTATED = (type, annotation) -> false;

  @Test
  void jobsInternalsAreEveryJobsTypeOutsideTheApiPackages() {
    LayeringBoundary boundary = LayeringBoundary.of(RuleRegistry.JOBS_INTERNALS_OUTSIDE_JOBS,
        GateConfig.builder().jobsPackages("com.acme.jobs").jobsApiPackages("com.acme.jobs.api")
            .build());

    assertThat(boundary.checks("com.acme.billing.Invoices")).isTrue();
    assertThat(boundary.checks("com.acme.jobs.internal.Runner")).isFalse();
    assertThat(boundary.checksPackage("com.acme.jobs.internal")).isFalse();
    assertThat(boundary.forbids("com.acme.jobs.internal.Runner", NOTHING_ANNOTATED)).isTrue();
    assertThat(boundary.forbids("com.acme.jobs.Worker", NOTHING_ANNOTATED)).isTrue();
    assertThat(boundary.forbids("com.acme.jobs.api.Jobs$Builder", NOTHING_ANNOTATED)).isFalse();
    assertThat(boundary.forbids("com.acme.billing.Invoices", NOTHING_ANNOTATED)).isFalse();
    assertThat(boundary.notAllowed()).isEqualTo(
        "which is not part of the jobs API (jobsApiPackages [com.acme.jobs.api])");
  }

  @Test
  void theApiAnnotationOpensTheTypeAndTheTypesNestedInIt() {
    LayeringBoundary boundary = LayeringBoundary.of(RuleRegistry.JOBS_INTERNALS_OUTSIDE_JOBS,
        GateConfig.builder().jobsPackages("com.acme.jobs").jobsApiAnnotation("com.acme.jobs.Api")
            .build());
    Set<String> annotated = Set.of("com.acme.jobs.Jobs");
    BiPredicate<String, String> isAnnotatedWith =
        (type, annotation) -> annotation.equals("com.acme.jobs.Api") && annotated.contains(type);

    assertThat(boundary.forbids("com.acme.jobs.Jobs", isAnnotatedWith)).isFalse();
    assertThat(boundary.forbids("com.acme.jobs.Jobs$Kind$Builder", isAnnotatedWith)).isFalse();
    assertThat(boundary.forbids("com.acme.jobs.Runner", isAnnotatedWith)).isTrue();
    assertThat(boundary.forbids("com.acme.jobs.Runner$Jobs", isAnnotatedWith)).isTrue();
    assertThat(boundary.notAllowed())
        .isEqualTo("which is not part of the jobs API (jobsApiAnnotation @com.acme.jobs.Api)");
  }

  @Test
  void theQueueEngineIsForbiddenOutsideTheAdapterAndTheEngine() {
    LayeringBoundary boundary = LayeringBoundary.of(RuleRegistry.QUEUE_ENGINE_OUTSIDE_ADAPTER,
        GateConfig.builder().jobsPackages("com.acme.jobs").queueEnginePackages("org.quartz")
            .queueAdapterPackages("com.acme.queue").build());

    assertThat(boundary.checks("com.acme.billing.Invoices")).isTrue();
    assertThat(boundary.checks("com.acme.jobs.Worker")).isTrue();
    assertThat(boundary.checks("com.acme.queue.QuartzQueue")).isFalse();
    assertThat(boundary.checks("org.quartz.impl.StdScheduler")).isFalse();
    assertThat(boundary.forbids("org.quartz.Scheduler", NOTHING_ANNOTATED)).isTrue();
    assertThat(boundary.forbids("com.acme.queue.QuartzQueue", NOTHING_ANNOTATED)).isFalse();
    assertThat(boundary.notAllowed()).isEqualTo("which belongs to the queue engine"
        + " (queueEnginePackages [org.quartz]) that only its adapter (queueAdapterPackages"
        + " [com.acme.queue]) may use");
  }

  @Test
  void anInactiveRuleHasNoBoundaryAndSaysWhatToConfigure() {
    GateConfig config = GateConfig.builder().jobsPackages("com.acme.jobs").build();

    assertThatThrownBy(() -> LayeringBoundary.of(RuleRegistry.JOBS_INTERNALS_OUTSIDE_JOBS, config))
        .isInstanceOf(GateConfigException.class)
        .hasMessageStartingWith("JobsInternalsOutsideJobs is inactive");
    assertThatThrownBy(() -> LayeringBoundary.of(RuleRegistry.RETRY_OUTSIDE_JOBS, config))
        .isInstanceOf(GateConfigException.class)
        .hasMessage("RetryOutsideJobs is not a Layering rule");
  }
}
