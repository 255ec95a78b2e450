package dev.retryowner.errorprone;

import com.google.errorprone.CompilationTestHelper;
import org.junit.jupiter.api.Test;

/**
 * A positive and a negative test per shape of a use. The real retry libraries are on the test
 * class path (through the test fixtures), so every name below resolves as it does for users.
 */
class RetryOutsideJobsTest {
  private final CompilationTestHelper helper =
      CompilationTestHelper.newInstance(RetryOutsideJobs.class, getClass())
          .setArgs("-XepOpt:RetryOwner:JobsPackages=com.acme.jobs");

  @Test
  void callPositive() {
    helper.addSourceLines("com/acme/app/Pay.java", """
        package com.acme.app;
        import io.github.resilience4j.retry.Retry;
        class Pay {
          Object retry() {
            // BUG: Diagnostic contains: calls io.github.resilience4j.retry.Retry#ofDefaults
            return Retry.ofDefaults("pay");
          }
        }
        """).doTest();
  }

  @Test
  void callNegativeForAnArrayClone() {
    helper.addSourceLines("com/acme/app/Copy.java", """
        package com.acme.app;
        class Copy {
          @SuppressWarnings("unchecked")
          <T> java.util.function.Predicate<T>[] copy(java.util.function.Predicate<T>[] all) {
            return (java.util.function.Predicate<T>[]) all.clone();
          }
        }
        """).doTest();
  }

  @Test
  void callNegativeForALocalClassNamedLikeACatalogType() {
    helper.addSourceLines("com/acme/app/Pay.java", """
        package com.acme.app;
        class Pay {
          static final class Retry {
            static Retry ofDefaults(String name) {
              return new Retry();
            }
          }
          Retry field;
          Retry retry(Retry parameter) {
            Retry local = Retry.ofDefaults("pay");
            return local;
          }
        }
        """).doTest();
  }

  @Test
  void methodEntryPositive() {
    helper.addSourceLines("com/acme/app/Fetch.java", """
        package com.acme.app;
        import reactor.core.publisher.Mono;
        class Fetch {
          Mono<String> fetch(Mono<String> call) {
            // BUG: Diagnostic contains: calls reactor.core.publisher.Mono#retry
            return call.retry(3);
          }
        }
        """).doTest();
  }

  @Test
  void methodEntryNegativeForOtherMethodsOfTheSameType() {
    helper.addSourceLines("com/acme/app/Poll.java", """
        package com.acme.app;
        import reactor.core.publisher.Mono;
        class Poll {
          Mono<String> poll(Mono<String> status) {
            return status.repeat(2).last();
          }
        }
        """).doTest();
  }

  @Test
  void objectMethodsOnACatalogTypeAreNoFinding() {
    helper.addSourceLines("com/acme/app/Names.java", """
        package com.acme.app;
        class Names {
          String name(
              // BUG: Diagnostic contains: declares parameter 'retry' of type
              io.github.resilience4j.retry.Retry retry) {
            return retry.toString();
          }
        }
        """).doTest();
  }

  @Test
  void callChainIsOneFindingAtTheLineOfItsFirstUse() {
    // The first use sets the retry up: custom(), not the statement's 'return' line.
    helper.addSourceLines("com/acme/app/Chain.java", """
        package com.acme.app;
        import io.github.resilience4j.retry.RetryConfig;
        class Chain {
          Object config() {
            return RetryConfig
                // BUG: Diagnostic contains: RetryConfig.Builder#build
                .custom()
                .maxAttempts(3)
                .build();
          }
          Object declared() {
            // BUG: Diagnostic contains: declares local variable 'config'
            RetryConfig config =
                RetryConfig.custom().build();
            return config;
          }
        }
        """).doTest();
  }

  @Test
  void staticImportPositive() {
    helper.addSourceLines("com/acme/app/Decorate.java", """
        package com.acme.app;
        import static io.github.resilience4j.retry.Retry.decorateSupplier;
        import java.util.function.Supplier;
        class Decorate {
          Supplier<String> decorate(Object retry, Supplier<String> call) {
            // BUG: Diagnostic contains: calls io.github.resilience4j.retry.Retry#decorateSupplier
            return decorateSupplier((io.github.resilience4j.retry.Retry) retry, call);
          }
        }
        """).doTest();
  }

  @Test
  void staticImportNegative() {
    helper.addSourceLines("com/acme/app/Check.java", """
        package com.acme.app;
        import static java.util.Objects.requireNonNull;
        class Check {
          Object check(Object value) {
            return requireNonNull(value);
          }
        }
        """).doTest();
  }

  @Test
  void fullyQualifiedNameWithoutImportPositive() {
    helper.addSourceLines("com/acme/app/Qualified.java", """
        package com.acme.app;
        class Qualified {
          Object retry() {
            // BUG: Diagnostic contains: calls io.github.resilience4j.retry.Retry#ofDefaults
            return io.github.resilience4j.retry.Retry.ofDefaults("pay");
          }
        }
        """).doTest();
  }

  @Test
  void fullyQualifiedNameNegative() {
    helper.addSourceLines("com/acme/app/Qualified.java", """
        package com.acme.app;
        class Qualified {
          Object now() {
            return java.time.Instant.now();
          }
        }
        """).doTest();
  }

  @Test
  void methodReferencePositive() {
    helper.addSourceLines("com/acme/app/Refs.java", """
        package com.acme.app;
        import java.util.function.Function;
        import reactor.core.publisher.Mono;
        class Refs {
          // BUG: Diagnostic contains: references io.github.resilience4j.retry.Retry::ofDefaults
          final Function<String, Object> factory = io.github.resilience4j.retry.Retry::ofDefaults;
          // BUG: Diagnostic contains: references reactor.core.publisher.Mono::retry
          final Function<Mono<String>, Mono<String>> again = Mono::retry;
        }
        """).doTest();
  }

  @Test
  void methodReferenceNegative() {
    helper.addSourceLines("com/acme/app/Refs.java", """
        package com.acme.app;
        import java.util.function.Function;
        import reactor.core.publisher.Flux;
        import reactor.core.publisher.Mono;
        class Refs {
          final Function<Mono<String>, Flux<String>> repeat = Mono::repeat;
        }
        """).doTest();
  }

  @Test
  void constructorPositive() {
    helper.addSourceLines("com/acme/app/Build.java", """
        package com.acme.app;
        class Build {
          Object template() {
            // BUG: Diagnostic contains: constructs org.springframework.retry.support.RetryTemplate
            return new org.springframework.retry.support.RetryTemplate();
          }
        }
        """).doTest();
  }

  @Test
  void constructorNegative() {
    helper.addSourceLines("com/acme/app/Build.java", """
        package com.acme.app;
        class Build {
          Object list() {
            return new java.util.ArrayList<String>();
          }
        }
        """).doTest();
  }

  @Test
  void aConstructionIsReportedAtTheFirstLineOfItsStatement() {
    helper.addSourceLines("com/acme/app/Build.java", """
        package com.acme.app;
        import org.springframework.retry.support.RetryTemplate;
        class Build {
          Object template() {
            // BUG: Diagnostic contains: constructs
            Object template =
                new RetryTemplate();
            // BUG: Diagnostic contains: constructs
            return wrap(1,
                new RetryTemplate());
          }
          @Deprecated
          // BUG: Diagnostic contains: constructs
          private final Object initialized =
              new RetryTemplate();
          static Object wrap(int size, Object value) {
            return value;
          }
        }
        """).doTest();
  }

  @Test
  void fieldPositive() {
    helper.addSourceLines("com/acme/app/Holder.java", """
        package com.acme.app;
        import io.github.resilience4j.retry.Retry;
        class Holder {
          // BUG: Diagnostic contains: declares field 'retry' of type io.github.resilience4j.retry.Retry
          private Retry retry;
        }
        """).doTest();
  }

  @Test
  void fieldNegative() {
    helper.addSourceLines("com/acme/app/Holder.java", """
        package com.acme.app;
        class Holder {
          private java.time.Duration timeout;
        }
        """).doTest();
  }

  @Test
  void anArraysLengthIsNoFieldOfAnyType() {
    helper.addSourceLines("com/acme/app/Key.java", """
        package com.acme.app;
        class Key {
          boolean empty(byte[] key, String[][] rows) {
            return key.length == 0 || rows[0].length == 0;
          }
        }
        """).doTest();
  }

  @Test
  void parameterPositive() {
    helper.addSourceLines("com/acme/app/Send.java", """
        package com.acme.app;
        import org.springframework.retry.RetryCallback;
        class Send {
          // BUG: Diagnostic contains: declares parameter 'callback' of type org.springframework.retry.RetryCallback
          void send(RetryCallback<String, RuntimeException> callback) {}
        }
        """).doTest();
  }

  @Test
  void parameterNegative() {
    helper.addSourceLines("com/acme/app/Send.java", """
        package com.acme.app;
        class Send {
          void send(Runnable callback) {}
        }
        """).doTest();
  }

  @Test
  void localPositive() {
    helper.addSourceLines("com/acme/app/Local.java", """
        package com.acme.app;
        import dev.failsafe.RetryPolicy;
        class Local {
          void run() {
            // BUG: Diagnostic contains: declares local variable 'policy' of type dev.failsafe.RetryPolicy
            RetryPolicy<Object> policy = null;
          }
        }
        """).doTest();
  }

  @Test
  void localNegativeForVarAndOtherTypes() {
    helper.addSourceLines("com/acme/app/Local.java", """
        package com.acme.app;
        class Local {
          Object run(Object given) {
            var copy = given;
            String text = String.valueOf(copy);
            return text;
          }
        }
        """).doTest();
  }

  @Test
  void returnTypePositive() {
    helper.addSourceLines("com/acme/app/Factory.java", """
        package com.acme.app;
        import com.github.rholder.retry.Retryer;
        abstract class Factory {
          // BUG: Diagnostic contains: declares method 'retryer' returning com.github.rholder.retry.Retryer
          abstract Retryer<String> retryer();
        }
        """).doTest();
  }

  @Test
  void returnTypeNegative() {
    helper.addSourceLines("com/acme/app/Factory.java", """
        package com.acme.app;
        abstract class Factory {
          abstract java.util.List<String> names();
        }
        """).doTest();
  }

  @Test
  void typeArgumentPositive() {
    helper.addSourceLines("com/acme/app/Registry.java", """
        package com.acme.app;
        import io.github.resilience4j.retry.Retry;
        import java.util.List;
        import java.util.Map;
        class Registry {
          // BUG: Diagnostic contains: declares field 'byName' of type io.github.resilience4j.retry.Retry
          Map<String, List<Retry>> byName;
          // BUG: Diagnostic contains: declares parameter 'policies' of type dev.failsafe.RetryPolicy
          void use(List<? extends dev.failsafe.RetryPolicy<?>> policies) {}
        }
        """).doTest();
  }

  @Test
  void typeArgumentNegative() {
    helper.addSourceLines("com/acme/app/Registry.java", """
        package com.acme.app;
        import java.util.List;
        import java.util.Map;
        class Registry {
          Map<String, List<Integer>> byName;
        }
        """).doTest();
  }

  @Test
  void extendsAndImplementsPositive() {
    helper.addSourceLines("com/acme/app/Own.java", """
        package com.acme.app;
        import org.springframework.retry.RetryCallback;
        import org.springframework.retry.support.RetryTemplate;
        // BUG: Diagnostic contains: 'OwnTemplate' extends org.springframework.retry.support.RetryTemplate
        class OwnTemplate extends RetryTemplate {}
        // BUG: Diagnostic contains: 'OwnCallback' implements org.springframework.retry.RetryCallback
        abstract class OwnCallback implements RetryCallback<String, RuntimeException> {}
        """).doTest();
  }

  @Test
  void extendsAndImplementsNegative() {
    helper.addSourceLines("com/acme/app/Own.java", """
        package com.acme.app;
        abstract class Own extends java.util.AbstractList<String> implements Runnable {}
        """).doTest();
  }

  @Test
  void subclassOfACatalogTypeIsCoveredWhereverItIsUsed() {
    helper
        .addSourceLines("com/acme/jobs/JobTemplate.java", """
            package com.acme.jobs;
            public class JobTemplate extends org.springframework.retry.support.RetryTemplate {}
            """)
        .addSourceLines("com/acme/app/UsesJobTemplate.java", """
            package com.acme.app;
            import com.acme.jobs.JobTemplate;
            class UsesJobTemplate {
              // BUG: Diagnostic contains: (catalog entry org.springframework.retry.support.RetryTemplate)
              private final JobTemplate template = new JobTemplate();
              String send() {
                // BUG: Diagnostic contains: calls com.acme.jobs.JobTemplate#execute
                return template.execute(context -> "sent");
              }
            }
            """)
        .doTest();
  }

  @Test
  void insideASubclassInheritedCatalogMethodsAreFindingsButItsOwnMembersAreNot() {
    helper
        .addSourceLines("com/acme/app/Payments.java", """
            package com.acme.app;
            import org.springframework.core.retry.RetryListener;
            import org.springframework.core.retry.RetryPolicy;
            import org.springframework.core.retry.Retryable;
            // BUG: Diagnostic contains: 'Payments' extends org.springframework.retry.support.RetryTemplate
            class Payments extends org.springframework.retry.support.RetryTemplate {
              int charges;
              String charge() {
                charges++;
                // BUG: Diagnostic contains: calls com.acme.app.Payments#execute
                return execute(context -> "charged " + count());
              }
              int count() {
                return charges;
              }
              // BUG: Diagnostic contains: 'Log' implements org.springframework.core.retry.RetryListener
              static final class Log implements RetryListener {
                int retries;
                @Override
                // BUG: Diagnostic contains: parameter 'policy'
                public void beforeRetry(RetryPolicy policy, Retryable<?> retryable) {
                  retries++;
                }
              }
            }
            """)
        .doTest();
  }

  @Test
  void subclassOfANonCatalogTypeIsNoFinding() {
    helper
        .addSourceLines("com/acme/jobs/JobList.java", """
            package com.acme.jobs;
            public class JobList extends java.util.ArrayList<String> {}
            """)
        .addSourceLines("com/acme/app/UsesJobList.java", """
            package com.acme.app;
            class UsesJobList {
              private final com.acme.jobs.JobList list = new com.acme.jobs.JobList();
              int size() {
                return list.size();
              }
            }
            """)
        .doTest();
  }

  @Test
  void annotationsPositive() {
    helper.addSourceLines("com/acme/app/Annotated.java", """
        package com.acme.app;
        import org.springframework.retry.annotation.EnableRetry;
        import org.springframework.retry.annotation.Retryable;
        // BUG: Diagnostic contains: class 'Annotated' is annotated with @org.springframework.retry.annotation.EnableRetry
        @EnableRetry
        class Annotated {
          // BUG: Diagnostic contains: method 'send' is annotated with @org.springframework.retry.annotation.Retryable
          @Retryable
          void send() {}
        }
        interface Client {
          // BUG: Diagnostic contains: method 'call' is annotated with @org.eclipse.microprofile.faulttolerance.Retry
          @org.eclipse.microprofile.faulttolerance.Retry(maxRetries = 2)
          void call();
        }
        """).doTest();
  }

  @Test
  void annotationsNegativeForAUserAnnotationWithACatalogSimpleName() {
    helper.addSourceLines("com/acme/app/Annotated.java", """
        package com.acme.app;
        @interface Retryable {}
        class Annotated {
          @Retryable
          @Deprecated
          void send() {}
        }
        """).doTest();
  }

  @Test
  void metaAnnotationsPositive() {
    helper.addSourceLines("com/acme/app/Resilient.java", """
        package com.acme.app;
        import java.lang.annotation.Retention;
        import java.lang.annotation.RetentionPolicy;
        import org.springframework.retry.annotation.Retryable;
        // BUG: Diagnostic contains: annotation type 'Resilient' is annotated with @org.springframework.retry.annotation.Retryable
        @Retryable
        @Retention(RetentionPolicy.RUNTIME)
        @interface Resilient {}
        // BUG: Diagnostic contains: annotation type 'VeryResilient' is annotated with @com.acme.app.Resilient, which carries @org.springframework.retry.annotation.Retryable
        @Resilient
        @interface VeryResilient {}
        class UsesThem {
          // BUG: Diagnostic contains: method 'once' is annotated with @com.acme.app.Resilient
          @Resilient
          void once() {}
          // BUG: Diagnostic contains: which carries @com.acme.app.Resilient, which carries @org.springframework.retry.annotation.Retryable
          @VeryResilient
          void twice() {}
        }
        """).doTest();
  }

  @Test
  void metaAnnotationsNegative() {
    helper.addSourceLines("com/acme/app/Documented.java", """
        package com.acme.app;
        import java.lang.annotation.Documented;
        @Documented
        @interface Audited {}
        class UsesIt {
          @Audited
          void once() {}
        }
        """).doTest();
  }

  @Test
  void lambdaBodyCallPositive() {
    helper.addSourceLines("com/acme/app/Later.java", """
        package com.acme.app;
        import java.util.function.Supplier;
        import reactor.core.publisher.Mono;
        class Later {
          Supplier<Mono<String>> later(Mono<String> call) {
            return () ->
                // BUG: Diagnostic contains: calls reactor.core.publisher.Mono#retry
                call.retry(2);
          }
        }
        """).doTest();
  }

  @Test
  void lambdaBodyCallNegative() {
    helper.addSourceLines("com/acme/app/Later.java", """
        package com.acme.app;
        import java.util.function.Supplier;
        import reactor.core.publisher.Mono;
        class Later {
          Supplier<Mono<String>> later(Mono<String> call) {
            return () -> call.repeat(2).last();
          }
        }
        """).doTest();
  }

  @Test
  void fieldAccessPositive() {
    helper.addSourceLines("com/acme/app/Defaults.java", """
        package com.acme.app;
        class Defaults {
          Object attempts() {
            // BUG: Diagnostic contains: reads field io.github.resilience4j.retry.RetryConfig#DEFAULT_MAX_ATTEMPTS
            return io.github.resilience4j.retry.RetryConfig.DEFAULT_MAX_ATTEMPTS;
          }
        }
        """).doTest();
  }

  @Test
  void fieldAccessNegative() {
    helper.addSourceLines("com/acme/app/Defaults.java", """
        package com.acme.app;
        class Defaults {
          Object max() {
            return Integer.MAX_VALUE;
          }
        }
        """).doTest();
  }

  @Test
  void sameCodeInAJobsPackageIsNoFinding() {
    helper.addSourceLines("com/acme/jobs/payments/Charge.java", """
        package com.acme.jobs.payments;
        import io.github.resilience4j.retry.Retry;
        import java.util.List;
        import java.util.function.Function;
        import org.springframework.retry.annotation.Retryable;
        import org.springframework.retry.support.RetryTemplate;
        import reactor.core.publisher.Mono;
        class Charge extends RetryTemplate {
          private final Retry retry = Retry.ofDefaults("charge");
          private final List<Retry> all = List.of(retry);
          private final Function<String, Retry> factory = Retry::ofDefaults;
          @Retryable
          Mono<String> charge(Mono<String> call, Retry given) {
            Object template = new RetryTemplate();
            return call.retry(3);
          }
          Retry retry() {
            return retry;
          }
        }
        """).doTest();
  }

  /**
   * Catalog answers are kept per class for the compilation: a type asked about again, in the same
   * file or another, is still covered, and other types stay uncovered.
   */
  @Test
  void aTypeAskedAboutAgainIsCoveredEachTimeAndOthersStayUncovered() {
    helper
        .addSourceLines("com/acme/app/First.java", """
            package com.acme.app;
            import org.springframework.retry.support.RetryTemplate;
            class First {
              // BUG: Diagnostic contains: declares parameter 'template'
              String first(RetryTemplate template, java.util.List<String> names) {
                names.add("first");
                // BUG: Diagnostic contains: calls org.springframework.retry.support.RetryTemplate#execute
                template.execute(context -> "one");
                // BUG: Diagnostic contains: calls org.springframework.retry.support.RetryTemplate#execute
                return template.execute(context -> "two");
              }
            }
            """)
        .addSourceLines("com/acme/app/Second.java", """
            package com.acme.app;
            import org.springframework.retry.support.RetryTemplate;
            class Second {
              // BUG: Diagnostic contains: declares parameter 'template'
              void second(RetryTemplate template, java.util.List<String> names) {
                names.add("second");
                // BUG: Diagnostic contains: calls org.springframework.retry.support.RetryTemplate#setThrowLastExceptionOnExhausted
                template.setThrowLastExceptionOnExhausted(true);
              }
            }
            """)
        .doTest();
  }
}
