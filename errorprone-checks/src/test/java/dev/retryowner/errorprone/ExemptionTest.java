package dev.retryowner.errorprone;

import com.google.errorprone.CompilationTestHelper;
import org.junit.jupiter.api.Test;

/**
 * {@code @RetryOwnerExempt} as every retry-owner check honors it (one place: {@link
 * RetryOwnerChecker}), shown with RetryOutsideJobs and HandRolledRetry; and {@code
 * @SuppressWarnings} still working beside it.
 */
class ExemptionTest {
  private final CompilationTestHelper retryOutsideJobs =
      CompilationTestHelper.newInstance(RetryOutsideJobs.class, getClass())
          .setArgs("-XepOpt:RetryOwner:JobsPackages=com.acme.jobs");
  private final CompilationTestHelper handRolledRetry =
      CompilationTestHelper.newInstance(HandRolledRetry.class, getClass())
          .setArgs("-XepOpt:RetryOwner:JobsPackages=com.acme.jobs");

  @Test
  void anExemptTypeCoversItsMembersNestedAndAnonymousClasses() {
    retryOutsideJobs.addSourceLines("com/acme/app/Pay.java", """
        package com.acme.app;
        import dev.retryowner.annotations.RetryOwnerExempt;
        import io.github.resilience4j.retry.Retry;
        import java.util.function.Supplier;
        @RetryOwnerExempt(rule = "RetryOutsideJobs", reason = "legacy, replaced by PAY-1")
        class Pay {
          Retry field = Retry.ofDefaults("a");
          Object retry() { return Retry.ofDefaults("pay"); }
          static class Nested { Object retry() { return Retry.ofDefaults("n"); } }
          Supplier<Object> anonymous() {
            return new Supplier<Object>() {
              public Object get() { return Retry.ofDefaults("x"); }
            };
          }
        }
        """).doTest();
  }

  @Test
  void anExemptMethodCoversItsBodyLambdasAndLocalClassesButNotItsNeighbours() {
    retryOutsideJobs.addSourceLines("com/acme/app/Pay.java", """
        package com.acme.app;
        import dev.retryowner.annotations.RetryOwnerExempt;
        import io.github.resilience4j.retry.Retry;
        import java.util.function.Supplier;
        class Pay {
          @RetryOwnerExempt(rule = "RetryOutsideJobs", reason = "legacy, replaced by PAY-1")
          Supplier<Object> exempt() {
            Object direct = Retry.ofDefaults("pay");
            class Local { Object get() { return Retry.ofDefaults("l"); } }
            return () -> Retry.ofDefaults("lambda");
          }
          @RetryOwnerExempt(rule = "RetryOutsideJobs", reason = "legacy constructor")
          Pay() { Retry.ofDefaults("ctor"); }
          Object notExempt() {
            // BUG: Diagnostic contains: RetryOutsideJobs
            return Retry.ofDefaults("other");
          }
        }
        """).doTest();
  }

  @Test
  void anExemptFieldCoversItsInitializer() {
    retryOutsideJobs.addSourceLines("com/acme/app/Pay.java", """
        package com.acme.app;
        import dev.retryowner.annotations.RetryOwnerExempt;
        import io.github.resilience4j.retry.Retry;
        class Pay {
          @RetryOwnerExempt(rule = "RetryOutsideJobs", reason = "legacy field")
          Retry exempt = Retry.ofDefaults("a");
          // BUG: Diagnostic contains: RetryOutsideJobs
          Object other = Retry.ofDefaults("b");
        }
        """).doTest();
  }

  @Test
  void anExemptionOfAnotherRuleExemptsNothingHere() {
    retryOutsideJobs.addSourceLines("com/acme/app/Pay.java", """
        package com.acme.app;
        import dev.retryowner.annotations.RetryOwnerExempt;
        import io.github.resilience4j.retry.Retry;
        class Pay {
          @RetryOwnerExempt(rule = "HandRolledRetry", reason = "a loop we keep")
          Object retry() {
            // BUG: Diagnostic contains: RetryOutsideJobs
            return Retry.ofDefaults("pay");
          }
        }
        """).doTest();
  }

  @Test
  void aRepeatedExemptionExemptsEachRuleItNames() {
    String source = """
        package com.acme.app;
        import dev.retryowner.annotations.RetryOwnerExempt;
        import io.github.resilience4j.retry.Retry;
        class Pay {
          @RetryOwnerExempt(rule = "HandRolledRetry", reason = "a loop we keep")
          @RetryOwnerExempt(rule = "RetryOutsideJobs", reason = "legacy, replaced by PAY-1")
          void retry(Runnable call) {
            for (int attempt = 0; attempt < 3; attempt++) {
              try {
                Retry.ofDefaults("pay");
                call.run();
                return;
              } catch (RuntimeException e) {
              }
            }
          }
        }
        """;
    retryOutsideJobs.addSourceLines("com/acme/app/Pay.java", source).doTest();
    handRolledRetry.addSourceLines("com/acme/app/Pay.java", source).doTest();
  }

  @Test
  void aHandRolledRetryIsReportedWithoutItsExemption() {
    handRolledRetry.addSourceLines("com/acme/app/Pay.java", """
        package com.acme.app;
        import dev.retryowner.annotations.RetryOwnerExempt;
        class Pay {
          @RetryOwnerExempt(rule = "RetryOutsideJobs", reason = "another rule")
          void retry(Runnable call) {
            // BUG: Diagnostic contains: HandRolledRetry
            for (int attempt = 0; attempt < 3; attempt++) {
              try {
                call.run();
                return;
              } catch (RuntimeException e) {
              }
            }
          }
        }
        """).doTest();
  }

  @Test
  void anInvalidExemptionExemptsNothing() {
    retryOutsideJobs.addSourceLines("com/acme/app/Pay.java", """
        package com.acme.app;
        import dev.retryowner.annotations.RetryOwnerExempt;
        import io.github.resilience4j.retry.Retry;
        class Pay {
          @RetryOwnerExempt(rule = "RetryOutsideJobs", reason = " ")
          Object blank() {
            // BUG: Diagnostic contains: RetryOutsideJobs
            return Retry.ofDefaults("pay");
          }
        }
        """).doTest();
  }

  @Test
  void suppressWarningsKeepsWorking() {
    retryOutsideJobs.addSourceLines("com/acme/app/Pay.java", """
        package com.acme.app;
        import io.github.resilience4j.retry.Retry;
        class Pay {
          @SuppressWarnings("RetryOutsideJobs")
          Object suppressed() { return Retry.ofDefaults("pay"); }
          @SuppressWarnings("HandRolledRetry")
          Object otherRule() {
            // BUG: Diagnostic contains: RetryOutsideJobs
            return Retry.ofDefaults("pay");
          }
        }
        """).doTest();
  }
}
