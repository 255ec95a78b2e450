package dev.retryowner.errorprone;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.errorprone.CompilationTestHelper;
import org.junit.jupiter.api.Test;

/**
 * SchedulingOutsideJobs in Error Prone: scheduling outside the jobs packages once enabled, nothing
 * while off, and a clear error for an enabled rule name that is no opt-in rule.
 */
class SchedulingOutsideJobsTest {
  private static final String APP_SCHEDULING = """
      package com.acme.app;
      import java.util.concurrent.ScheduledExecutorService;
      import java.util.concurrent.TimeUnit;
      class Reminders {
        // BUG: Diagnostic contains: is annotated with @org.springframework.scheduling.annotation.Scheduled
        @org.springframework.scheduling.annotation.Scheduled(fixedDelay = 1000)
        void tick() {
        }
        // BUG: Diagnostic contains: outside the jobs packages [com.acme.jobs]
        void later(ScheduledExecutorService s, Runnable r) {
          // BUG: Diagnostic contains: calls java.util.concurrent.ScheduledExecutorService#schedule
          s.schedule(r, 1, TimeUnit.SECONDS);
        }
      }
      """;

  private static CompilationTestHelper helper(String enableRules) {
    return CompilationTestHelper.newInstance(SchedulingOutsideJobs.class,
            SchedulingOutsideJobsTest.class)
        .setArgs("-XepOpt:RetryOwner:JobsPackages=com.acme.jobs",
            "-XepOpt:RetryOwner:EnableRules=" + enableRules);
  }

  @Test
  void schedulingOutsideTheJobsPackagesIsReported() {
    helper("SchedulingOutsideJobs").addSourceLines("com/acme/app/Reminders.java", APP_SCHEDULING)
        .doTest();
  }

  @Test
  void schedulingInsideTheJobsPackagesIsNoFinding() {
    helper("SchedulingOutsideJobs").addSourceLines("com/acme/jobs/Reminders.java",
            APP_SCHEDULING.replace("package com.acme.app;", "package com.acme.jobs;")
                .replaceAll("// BUG.*", ""))
        .doTest();
  }

  @Test
  void offUnlessEnableRulesNamesIt() {
    CompilationTestHelper.newInstance(SchedulingOutsideJobs.class, getClass())
        .setArgs("-XepOpt:RetryOwner:JobsPackages=com.acme.jobs")
        .addSourceLines("com/acme/app/Reminders.java", APP_SCHEDULING.replaceAll("// BUG.*", ""))
        .doTest();
  }

  @Test
  void anEnabledNameThatIsNoOptInRuleFailsListingThem() {
    assertThatThrownBy(() -> helper("SchedulingOutsideJobs,Threads")
        .addSourceLines("com/acme/app/A.java", "package com.acme.app; class A {}").doTest())
        .hasStackTraceContaining("enabledRules: 'Threads' is not an opt-in rule; name one or more"
            + " of ThreadOutsideInfra, SchedulingOutsideJobs");
  }
}
