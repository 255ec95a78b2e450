package dev.retryowner.errorprone;

import com.google.errorprone.CompilationTestHelper;
import org.junit.jupiter.api.Test;

class InvalidExemptionTest {
  private final CompilationTestHelper helper =
      CompilationTestHelper.newInstance(InvalidExemption.class, getClass());

  @Test
  void positiveForABlankReasonOrAnUnknownRuleOnEveryKindOfElement() {
    helper.addSourceLines("com/acme/app/Pay.java", """
        package com.acme.app;
        import dev.retryowner.annotations.RetryOwnerExempt;
        // BUG: Diagnostic contains: names no rule retry-owner knows: 'RetryOutsideJob'
        @RetryOwnerExempt(rule = "RetryOutsideJob", reason = "typo")
        class Pay {
          // BUG: Diagnostic contains: gives no reason
          @RetryOwnerExempt(rule = "RetryOutsideJobs", reason = "")
          Object field;
          // BUG: Diagnostic contains: on com.acme.app.Pay#<init>() gives no reason
          @RetryOwnerExempt(rule = "RetryOutsideJobs", reason = "   ")
          Pay() {}
          @RetryOwnerExempt(rule = "HandRolledRetry", reason = "kept loop")
          // BUG: Diagnostic contains: 'Nope'
          @RetryOwnerExempt(rule = "Nope", reason = "why")
          void retry(String name) {}
        }
        """).doTest();
  }

  @Test
  void negativeForValidExemptionsAndOtherAnnotations() {
    helper.addSourceLines("com/acme/app/Pay.java", """
        package com.acme.app;
        import dev.retryowner.annotations.RetryOwnerExempt;
        @RetryOwnerExempt(rule = "RetryOutsideJobs", reason = "legacy, replaced by PAY-1")
        class Pay {
          @RetryOwnerExempt(rule = "HandRolledRetry", reason = "kept loop")
          @RetryOwnerExempt(rule = "InvalidExemption", reason = "allowed name")
          void retry() {}
          @Deprecated
          void old() {}
        }
        """).doTest();
  }

  @Test
  void customRulesFromTheFlagAreKnown() {
    helper.setArgs("-XepOpt:RetryOwner:CustomRules=TeamRule,OtherRule")
        .addSourceLines("com/acme/app/Pay.java", """
        package com.acme.app;
        import dev.retryowner.annotations.RetryOwnerExempt;
        @RetryOwnerExempt(rule = "TeamRule", reason = "team rule, legacy code")
        class Pay {
          // BUG: Diagnostic contains: 'Unknown'
          @RetryOwnerExempt(rule = "Unknown", reason = "why")
          void retry() {}
        }
        """).doTest();
  }
}
