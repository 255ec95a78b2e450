package dev.retryowner.errorprone;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.errorprone.BugPattern;
import com.google.errorprone.CompilationTestHelper;
import dev.retryowner.catalog.RuleRegistry;
import org.junit.jupiter.api.Test;

/**
 * The request-path scope in Error Prone: each way a class enters it (configured package, marker
 * annotation, meta-annotation, marker supertype, nesting) with a positive and a negative test.
 */
class SleepInRequestPathTest {
  private final CompilationTestHelper helper =
      CompilationTestHelper.newInstance(SleepInRequestPath.class, getClass())
          .setArgs("-XepOpt:RetryOwner:JobsPackages=com.acme.jobs",
              "-XepOpt:RetryOwner:RequestPathPackages=com.acme.web");

  @Test
  void sleepInAConfiguredRequestPathPackageIsReportedSayingWhy() {
    helper.addSourceLines("com/acme/web/Checkout.java", """
        package com.acme.web;
        class Checkout {
          void pay() throws InterruptedException {
            // BUG: Diagnostic contains: calls java.lang.Thread#sleep in the request path ('com.acme.web.Checkout' lies in requestPathPackages [com.acme.web]). Why: Thread.sleep holds the visitor's request
            Thread.sleep(10);
          }
        }
        """).doTest();
  }

  @Test
  void sleepOutsideTheRequestPathIsNoFinding() {
    helper.addSourceLines("com/acme/worker/Pacer.java", """
        package com.acme.worker;
        class Pacer {
          void pace() throws InterruptedException {
            Thread.sleep(10);
            java.util.concurrent.TimeUnit.SECONDS.sleep(1);
          }
        }
        """).doTest();
  }

  @Test
  void aControllerAnywhereIsRequestPath() {
    helper.addSourceLines("com/acme/orders/Orders.java", """
        package com.acme.orders;
        import java.util.concurrent.TimeUnit;
        @org.springframework.stereotype.Controller
        class Orders {
          void show() throws InterruptedException {
            // BUG: Diagnostic contains: carries @org.springframework.stereotype.Controller
            TimeUnit.SECONDS.sleep(1);
          }
        }
        """).doTest();
  }

  @Test
  void aTeamAnnotationCarryingRestControllerMakesRequestPath() {
    helper.addSourceLines("com/acme/api/Api.java", """
        package com.acme.api;
        @java.lang.annotation.Retention(java.lang.annotation.RetentionPolicy.RUNTIME)
        @org.springframework.web.bind.annotation.RestController
        @interface Api {}
        """)
        .addSourceLines("com/acme/api/Reports.java", """
            package com.acme.api;
            @Api
            class Reports {
              final Object lock = new Object();
              void latest() throws InterruptedException {
                synchronized (lock) {
                  // BUG: Diagnostic contains: calls java.lang.Object#wait
                  lock.wait(5);
                }
              }
            }
            """).doTest();
  }

  @Test
  void anAnnotationThatIsNoMarkerLeavesTheClassOutOfTheRequestPath() {
    helper.addSourceLines("com/acme/batch/Nightly.java", """
        package com.acme.batch;
        @org.springframework.stereotype.Service
        class Nightly {
          void run() throws InterruptedException {
            Thread.sleep(10);
          }
        }
        """).doTest();
  }

  @Test
  void aServletSubclassAndClassesNestedInItAreRequestPath() {
    helper.addSourceLines("com/acme/upload/Upload.java", """
        package com.acme.upload;
        import java.util.concurrent.locks.LockSupport;
        class Upload extends jakarta.servlet.http.HttpServlet {
          Runnable later() {
            return new Runnable() {
              @Override
              public void run() {
                // BUG: Diagnostic contains: 'com.acme.upload.Upload' extends jakarta.servlet.Servlet
                LockSupport.parkNanos(5L);
              }
            };
          }
        }
        """).doTest();
  }

  @Test
  void ownMethodsNamedSleepAndOtherThreadCallsAreNoFinding() {
    helper.addSourceLines("com/acme/web/Pace.java", """
        package com.acme.web;
        class Pace {
          String pace() {
            sleep(1);
            return Thread.currentThread().getName();
          }
          static void sleep(long millis) {}
        }
        """).doTest();
  }

  @Test
  void retryHelpersInTheRequestPathAreLeftToRetryOutsideJobs() {
    helper.addSourceLines("com/acme/web/Pay.java", """
        package com.acme.web;
        class Pay {
          Object retry() {
            return io.github.resilience4j.retry.Retry.ofDefaults("pay");
          }
        }
        """).doTest();
  }

  @Test
  void withoutRequestPathPackagesOnlyMarkedClassesAreRequestPath() {
    CompilationTestHelper.newInstance(SleepInRequestPath.class, getClass())
        .setArgs("-XepOpt:RetryOwner:JobsPackages=com.acme.jobs")
        .addSourceLines("com/acme/web/Checkout.java", """
            package com.acme.web;
            class Checkout {
              void pay() throws InterruptedException {
                Thread.sleep(10);
              }
            }
            """)
        .addSourceLines("com/acme/web/Invoices.java", """
            package com.acme.web;
            @javax.ws.rs.Path("/invoices")
            class Invoices {
              void list() throws InterruptedException {
                // BUG: Diagnostic contains: carries @javax.ws.rs.Path
                Thread.sleep(10);
              }
            }
            """)
        .doTest();
  }

  @Test
  void theBugPatternNamesTheRuleAndLinksItsPage() {
    BugPattern pattern = SleepInRequestPath.class.getAnnotation(BugPattern.class);

    assertThat(SleepInRequestPath.class.getSimpleName())
        .isEqualTo(RuleRegistry.SLEEP_IN_REQUEST_PATH.name());
    assertThat(pattern.summary()).isEqualTo(RuleRegistry.SLEEP_IN_REQUEST_PATH.summary());
    assertThat(pattern.link()).isEqualTo(RuleRegistry.SLEEP_IN_REQUEST_PATH.docPath());
  }

  /**
   * The check first asks whether any catalog method has the called name, then walks the
   * receiver's supertypes: a static import or a subclass as receiver still reaches the entry.
   */
  @Test
  void theNameTestLetsCallsThroughAStaticImportOrASubclassReachTheirEntry() {
    helper.addSourceLines("com/acme/web/Relay.java", """
        package com.acme.web;
        import static java.lang.Thread.sleep;
        class Relay {
          static class Worker extends Thread {}
          void relay(Object lock) throws InterruptedException {
            // BUG: Diagnostic contains: calls java.lang.Thread#sleep in the request path
            sleep(5);
            // BUG: Diagnostic contains: calls com.acme.web.Relay.Worker#sleep in the request path
            Worker.sleep(5);
            synchronized (lock) {
              // BUG: Diagnostic contains: calls java.lang.Object#wait in the request path
              lock.wait(5);
            }
          }
        }
        """).doTest();
  }

  @Test
  void withoutTypeEntriesFieldsDeclarationsAndSupertypesAreNoFinding() {
    helper.addSourceLines("com/acme/web/Holder.java", """
        package com.acme.web;
        class Holder extends Thread {
          private final Thread worker = Thread.currentThread();
          Thread worker() {
            return worker;
          }
        }
        """).doTest();
  }
}
