package dev.retryowner.archrules;

import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import dev.retryowner.catalog.GateConfig;

/**
 * The user form as the build runs it: ArchUnit's JUnit 5 engine discovers this class and checks
 * the rule on the fixture jobs packages, where retrying is allowed.
 */
@AnalyzeClasses(packages = "fixtures.retryoutsidejobs.jobs")
class RetryOwnerArchTest {
  @ArchTest
  static final ArchRule retryOutsideJobs = RetryOwnerRules.retryOutsideJobs(
      GateConfig.builder().jobsPackages("fixtures.**.jobs").build());
}
