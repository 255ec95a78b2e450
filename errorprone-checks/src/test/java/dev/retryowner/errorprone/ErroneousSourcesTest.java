package dev.retryowner.errorprone;

import com.google.errorprone.CompilationTestHelper;
import com.google.errorprone.bugpatterns.BugChecker;
import com.sun.tools.javac.main.Main.Result;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Sources javac rejects (a missing type, an erroneous call) with every check on: the compile
 * ends with javac's own error and nothing else, no finding made of a half-typed tree and no
 * exception of a check. Error Prone hands a check no tree of a compilation that has errors, so
 * this pins that the checks never see one; were that to change, the same sources would make the
 * checks walk erroneous types, and a check that throws would fail here.
 */
class ErroneousSourcesTest {
  private static final String BROKEN = """
      package com.acme.app;
      import java.util.concurrent.Callable;
      class Send {
        // BUG: Diagnostic contains: cannot find symbol
        private final MissingClient client = new MissingClient();

        <T> T send(Callable<T> call) throws Exception {
          int attempt = 0;
          while (attempt < 3) {
            try {
              client.send(call.call());
              return call.call();
            } catch (Exception e) {
              attempt++;
              Thread.sleep(100);
            }
          }
          throw new IllegalStateException();
        }
      }
      """;

  static Stream<Class<? extends BugChecker>> checks() {
    return Stream.of(RetryOutsideJobs.class, HandRolledRetry.class, HttpClientRetries.class,
        MeiliClientRetries.class, InvalidExemption.class, SleepInRequestPath.class,
        ThreadOutsideInfra.class, SchedulingOutsideJobs.class);
  }

  @ParameterizedTest
  @MethodSource("checks")
  void brokenSourcesGiveOnlyJavacsOwnErrors(Class<? extends BugChecker> check) {
    CompilationTestHelper.newInstance(check, getClass())
        .setArgs("-XepOpt:RetryOwner:JobsPackages=com.acme.jobs",
            "-XepOpt:RetryOwner:EnableRules=ThreadOutsideInfra,SchedulingOutsideJobs",
            "-XepOpt:RetryOwner:InfraPackages=com.acme.infra")
        .addSourceLines("com/acme/app/Send.java", BROKEN)
        .matchAllDiagnostics()
        .expectResult(Result.ERROR)
        .doTest();
  }
}
