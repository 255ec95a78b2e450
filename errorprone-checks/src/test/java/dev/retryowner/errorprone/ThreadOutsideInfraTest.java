package dev.retryowner.errorprone;

import com.google.errorprone.CompilationTestHelper;
import org.junit.jupiter.api.Test;

/**
 * ThreadOutsideInfra in Error Prone: constructing threads and pools (also through a subclass, an
 * anonymous class or {@code ::new}) outside the infrastructure packages, and that the opt-in check
 * does nothing unless {@code RetryOwner:EnableRules} names it.
 */
class ThreadOutsideInfraTest {
  private static final String APP_THREADS = """
      package com.acme.app;
      import java.util.concurrent.Executors;
      import java.util.concurrent.ThreadFactory;
      class Exporter {
        void export(Runnable r) {
          // BUG: Diagnostic contains: calls java.lang.Thread#start outside the infrastructure packages [com.acme.infra]
          new Thread(r).start();
          // BUG: Diagnostic contains: calls java.util.concurrent.Executors#newFixedThreadPool
          Executors.newFixedThreadPool(2);
          // BUG: Diagnostic contains: references java.lang.Thread::new
          ThreadFactory f = Thread::new;
        }
      }
      """;

  private final CompilationTestHelper enabled =
      CompilationTestHelper.newInstance(ThreadOutsideInfra.class, getClass())
          .setArgs("-XepOpt:RetryOwner:JobsPackages=com.acme.jobs",
              "-XepOpt:RetryOwner:InfraPackages=com.acme.infra",
              "-XepOpt:RetryOwner:EnableRules=ThreadOutsideInfra");

  @Test
  void threadsAndPoolsOutsideTheInfraPackagesAreReported() {
    enabled.addSourceLines("com/acme/app/Exporter.java", APP_THREADS).doTest();
  }

  @Test
  void aSubclassIsReportedWhereItIsConstructedNotWhereItIsDeclared() {
    enabled.addSourceLines("com/acme/app/Sender.java", """
        package com.acme.app;
        class Sender extends Thread {
          static void launch() {
            // BUG: Diagnostic contains: constructs com.acme.app.Sender
            new Sender();
            // BUG: Diagnostic contains: constructs
            new Thread() { };
          }
        }
        """).doTest();
  }

  @Test
  void threadHelpersTheCommonPoolAndTheInfraPackagesAreNoFinding() {
    enabled.addSourceLines("com/acme/app/Waits.java", """
        package com.acme.app;
        class Waits {
          String name() throws InterruptedException {
            Thread.sleep(1);
            Thread current = Thread.currentThread();
            java.util.concurrent.ForkJoinPool.commonPool().execute(() -> { });
            return current.getName();
          }
        }
        """).addSourceLines("com/acme/infra/Pools.java", """
        package com.acme.infra;
        class Pools {
          void start(Runnable r) {
            new Thread(r).start();
            java.util.concurrent.Executors.newCachedThreadPool();
          }
        }
        """).doTest();
  }

  @Test
  void offUnlessEnableRulesNamesItEvenWithoutOtherFlags() {
    CompilationTestHelper.newInstance(ThreadOutsideInfra.class, getClass())
        .addSourceLines("com/acme/app/Exporter.java", APP_THREADS.replaceAll("// BUG.*", ""))
        .doTest();
    CompilationTestHelper.newInstance(ThreadOutsideInfra.class, getClass())
        .setArgs("-XepOpt:RetryOwner:JobsPackages=com.acme.jobs",
            "-XepOpt:RetryOwner:EnableRules=SchedulingOutsideJobs")
        .addSourceLines("com/acme/app/Exporter.java", APP_THREADS.replaceAll("// BUG.*", ""))
        .doTest();
  }
}
