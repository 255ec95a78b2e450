package dev.retryowner.archrules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import dev.retryowner.catalog.GateConfig;
import org.junit.jupiter.api.Test;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.EngineFilter;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * The form users write, {@code @ArchTest static final ArchRule r =
 * RetryOwnerRules.retryOutsideJobs(config)} in an {@code @AnalyzeClasses} class, run by ArchUnit's
 * JUnit 5 engine. The classes below are
 * nested, so the build's own test run does not pick them up; each test launches one.
 */
class ArchTestUsageTest {
  @AnalyzeClasses(packages = "fixtures.retryoutsidejobs")
  static class RetryOutsideJobsFixtures {
    @ArchTest
    static final ArchRule retryOutsideJobs = RetryOwnerRules.retryOutsideJobs(
        GateConfig.builder().jobsPackages("fixtures.**.jobs").build());
  }

  @AnalyzeClasses(packages = "fixtures.retryoutsidejobs.jobs")
  static class JobsPackagesOnly {
    @ArchTest
    static final ArchRule retryOutsideJobs = RetryOwnerRules.retryOutsideJobs(
        GateConfig.builder().jobsPackages("fixtures.**.jobs").build());
  }

  @Test
  void anArchTestFailsOnCodeThatRetriesOutsideTheJobsPackages() {
    TestExecutionSummary summary = run(RetryOutsideJobsFixtures.class);

    assertThat(summary.getTestsFoundCount()).isEqualTo(1);
    assertThat(summary.getFailures()).singleElement().satisfies(failure -> {
      assertThat(failure.getTestIdentifier().getDisplayName()).isEqualTo("retryOutsideJobs");
      assertThat(failure.getException()).isInstanceOf(AssertionError.class)
          .hasMessageContaining("Rule 'RetryOutsideJobs: classes should not use retry helpers")
          .hasMessageContaining("<fixtures.retryoutsidejobs.app.Resilience4jUse.")
          .hasMessageContaining("(Resilience4jUse.java:");
    });
  }

  @Test
  void anArchTestPassesOnTheJobsPackages() {
    TestExecutionSummary summary = run(JobsPackagesOnly.class);

    assertThat(summary.getTestsFoundCount()).isEqualTo(1);
    assertThat(summary.getTestsSucceededCount()).isEqualTo(1);
  }

  private static TestExecutionSummary run(Class<?> archTests) {
    LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
        .selectors(selectClass(archTests))
        .filters(EngineFilter.includeEngines("archunit"))
        .build();
    SummaryGeneratingListener listener = new SummaryGeneratingListener();
    LauncherFactory.create().execute(request, listener);
    return listener.getSummary();
  }
}
