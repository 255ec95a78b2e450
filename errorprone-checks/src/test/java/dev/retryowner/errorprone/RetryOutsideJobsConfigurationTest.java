package dev.retryowner.errorprone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.errorprone.BugPattern;
import com.google.errorprone.CompilationTestHelper;
import dev.retryowner.catalog.RuleRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Flags, suppression and the bug pattern's metadata. */
class RetryOutsideJobsConfigurationTest {
  private static final String USES_RETRY = """
      package com.acme.app;
      class Pay {
        Object retry() {
          return io.github.resilience4j.retry.Retry.ofDefaults("pay");
        }
      }
      """;

  private CompilationTestHelper helper() {
    return CompilationTestHelper.newInstance(RetryOutsideJobs.class, getClass());
  }

  @Test
  void atWarnTheCompilePassesAndStillNamesEachUse() {
    helper().setArgs("-XepOpt:RetryOwner:JobsPackages=com.acme.jobs", "-Xep:RetryOutsideJobs:WARN")
        .addSourceLines("com/acme/app/Pay.java", """
            package com.acme.app;
            class Pay {
              Object retry() {
                // BUG: Diagnostic contains: calls io.github.resilience4j.retry.Retry#ofDefaults
                return io.github.resilience4j.retry.Retry.ofDefaults("pay");
              }
            }
            """)
        .expectResult(com.sun.tools.javac.main.Main.Result.OK)
        .doTest();
  }

  @Test
  void missingJobsPackagesFailsWithTheFlagToAdd() {
    assertThatThrownBy(() -> helper().addSourceLines("com/acme/app/Pay.java", USES_RETRY).doTest())
        .hasStackTraceContaining("RetryOutsideJobs needs the packages that own retries")
        .hasStackTraceContaining("-XepOpt:RetryOwner:JobsPackages=com.acme.jobs");
    assertThatThrownBy(() -> CompilationTestHelper.newInstance(SleepInRequestPath.class, getClass())
        .addSourceLines("com/acme/app/Pay.java", USES_RETRY).doTest())
        .hasStackTraceContaining("SleepInRequestPath needs the packages that own retries");
  }

  @Test
  void invalidJobsPackagePatternNamesThePatternAndTheFix() {
    assertThatThrownBy(() -> helper()
        .setArgs("-XepOpt:RetryOwner:JobsPackages=com.acme.jobs,com..jobs")
        .addSourceLines("com/acme/app/Pay.java", USES_RETRY)
        .doTest())
        .hasStackTraceContaining("'com..jobs' is not a package pattern")
        .hasStackTraceContaining("com.acme.**.jobs");
  }

  @Test
  void theJobsPackagesFlagTakesSeveralPatterns() {
    helper()
        .setArgs("-XepOpt:RetryOwner:JobsPackages=com.other.jobs, com.*.app")
        .addSourceLines("com/acme/app/Pay.java", USES_RETRY)
        .doTest();
  }

  @Test
  void teamCatalogFilesAddEntries(@TempDir Path dir) throws IOException {
    Path catalog = Files.writeString(dir.resolve("team.catalog"), """
        @rule RetryOutsideJobs
        type com.acme.lib.HomeRetry @ our own retry helper
        """);
    helper()
        .setArgs("-XepOpt:RetryOwner:JobsPackages=com.acme.jobs",
            "-XepOpt:RetryOwner:CatalogFiles=" + catalog)
        .addSourceLines("com/acme/lib/HomeRetry.java", """
            package com.acme.lib;
            public class HomeRetry {
              public static void again(Runnable r) {
                r.run();
              }
            }
            """)
        .addSourceLines("com/acme/app/Send.java", """
            package com.acme.app;
            class Send {
              void send(Runnable r) {
                // BUG: Diagnostic contains: calls com.acme.lib.HomeRetry#again outside the jobs packages [com.acme.jobs]. Why: our own retry helper.
                com.acme.lib.HomeRetry.again(r);
              }
            }
            """)
        .doTest();
  }

  @Test
  void withoutTheTeamCatalogTheSameCodeIsClean() {
    helper()
        .setArgs("-XepOpt:RetryOwner:JobsPackages=com.acme.jobs")
        .addSourceLines("com/acme/lib/HomeRetry.java", """
            package com.acme.lib;
            public class HomeRetry {
              public static void again(Runnable r) {
                r.run();
              }
            }
            """)
        .addSourceLines("com/acme/app/Send.java", """
            package com.acme.app;
            class Send {
              void send(Runnable r) {
                com.acme.lib.HomeRetry.again(r);
              }
            }
            """)
        .doTest();
  }

  @Test
  void missingCatalogFileIsNamed(@TempDir Path dir) {
    Path missing = dir.resolve("absent.catalog");
    assertThatThrownBy(() -> helper()
        .setArgs("-XepOpt:RetryOwner:JobsPackages=com.acme.jobs",
            "-XepOpt:RetryOwner:CatalogFiles=" + missing)
        .addSourceLines("com/acme/app/Pay.java", USES_RETRY)
        .doTest())
        .hasStackTraceContaining(missing + ":0: file not found");
  }

  @Test
  void messageNamesTheUseTheReasonAndTheFix() {
    helper()
        .setArgs("-XepOpt:RetryOwner:JobsPackages=com.acme.jobs")
        .addSourceLines("com/acme/app/Pay.java", """
            package com.acme.app;
            class Pay {
              Object retry() {
                // BUG: Diagnostic contains: calls io.github.resilience4j.retry.Retry#ofDefaults outside the jobs packages [com.acme.jobs]. Why: resilience4j Retry decorates a call with its own attempts (3 by default, 500 ms apart). Fix: Send once here and let the failure surface; the job kind's RetryPolicy in the jobs packages decides when to try again.
                return io.github.resilience4j.retry.Retry.ofDefaults("pay");
              }
            }
            """)
        .doTest();
  }

  @Test
  void suppressWarningsWithTheRuleNameSuppresses() {
    helper()
        .setArgs("-XepOpt:RetryOwner:JobsPackages=com.acme.jobs")
        .addSourceLines("com/acme/app/Pay.java", """
            package com.acme.app;
            class Pay {
              @SuppressWarnings("RetryOutsideJobs")
              Object retry() {
                return io.github.resilience4j.retry.Retry.ofDefaults("pay");
              }
            }
            """)
        .doTest();
  }

  @Test
  void suppressWarningsWithAnotherNameDoesNot() {
    helper()
        .setArgs("-XepOpt:RetryOwner:JobsPackages=com.acme.jobs")
        .addSourceLines("com/acme/app/Pay.java", """
            package com.acme.app;
            class Pay {
              @SuppressWarnings("unchecked")
              Object retry() {
                // BUG: Diagnostic contains: RetryOutsideJobs
                return io.github.resilience4j.retry.Retry.ofDefaults("pay");
              }
            }
            """)
        .doTest();
  }

  @Test
  void summaryIsTheRegistrySummary() {
    BugPattern pattern = RetryOutsideJobs.class.getAnnotation(BugPattern.class);
    assertThat(pattern.summary()).isEqualTo(RuleRegistry.RETRY_OUTSIDE_JOBS.summary());
  }

  @Test
  void linkIsTheRuleDocumentationAndNameIsTheRuleName() {
    BugPattern pattern = RetryOutsideJobs.class.getAnnotation(BugPattern.class);
    assertThat(pattern.link()).isEqualTo(RuleRegistry.RETRY_OUTSIDE_JOBS.docPath());
    assertThat(RetryOutsideJobs.class.getSimpleName())
        .isEqualTo(RuleRegistry.RETRY_OUTSIDE_JOBS.name());
  }

  @Test
  void serviceLoaderConstructorDoesNotNeedFlags() {
    assertThat(new RetryOutsideJobs().canonicalName()).isEqualTo("RetryOutsideJobs");
  }
}
