package dev.retryowner.errorprone;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.errorprone.CompilationTestHelper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A positive and a negative test per shape of a hand-rolled retry and per look-alike. */
class HandRolledRetryTest {
  /** A counted retry loop in the jobs packages: where it belongs, so no finding. */
  private static final String JOBS_PACKAGE_RETRY_LOOP = """
        package com.acme.jobs;
        import java.util.concurrent.Callable;
        class Send {
          <T> T send(Callable<T> call) throws Exception {
            int attempt = 0;
            while (attempt < 3) {
              try {
                return call.call();
              } catch (Exception e) {
                attempt++;
              }
            }
            throw new IllegalStateException();
          }
        }
        """;

  private final CompilationTestHelper helper =
      CompilationTestHelper.newInstance(HandRolledRetry.class, getClass())
          .setArgs("-XepOpt:RetryOwner:JobsPackages=com.acme.jobs");

  @Test
  void counterLoopWithSwallowingCatchPositive() {
    helper.addSourceLines("com/acme/app/Send.java", """
        package com.acme.app;
        import java.util.concurrent.Callable;
        class Send {
          <T> T send(Callable<T> call) throws Exception {
            int attempt = 0;
            // BUG: Diagnostic contains: bounded by attempt counter 'attempt', waiting with java.lang.Thread#sleep
            while (attempt < 3) {
              try {
                return call.call();
              } catch (Exception e) {
                attempt++;
                Thread.sleep(100);
              }
            }
            throw new IllegalStateException();
          }
        }
        """).doTest();
  }

  @Test
  void counterLoopInsideTheJobsPackagesNegative() {
    helper.addSourceLines("com/acme/jobs/Send.java", JOBS_PACKAGE_RETRY_LOOP).doTest();
  }

  @Test
  void counterLoopInAJobsNamedPackageWithJobsPackagesNonePositive() {
    CompilationTestHelper.newInstance(HandRolledRetry.class, getClass())
        .setArgs("-XepOpt:RetryOwner:JobsPackages=none")
        .addSourceLines("com/acme/jobs/Send.java", JOBS_PACKAGE_RETRY_LOOP.replace(
            "    while (attempt < 3) {", "    // BUG: Diagnostic contains: outside the jobs"
                + " packages (none: no package may retry)\n    while (attempt < 3) {"))
        .doTest();
  }

  @Test
  void catchThatAlwaysRethrowsNegative() {
    helper.addSourceLines("com/acme/app/Pages.java", """
        package com.acme.app;
        class Pages {
          void load(Runnable step) {
            int attempt = 0;
            while (attempt < 3) {
              try {
                step.run();
                attempt++;
              } catch (RuntimeException e) {
                throw new IllegalStateException(e);
              }
            }
          }
        }
        """).doTest();
  }

  @Test
  void forEverLeavingOnSuccessWithTheDelayInAHelperPositive() {
    helper.addSourceLines("com/acme/app/Fetch.java", """
        package com.acme.app;
        import java.util.concurrent.Callable;
        import java.util.concurrent.TimeUnit;
        class Fetch {
          <T> T fetch(Callable<T> call) {
            // BUG: Diagnostic contains: waiting with java.util.concurrent.TimeUnit#sleep (in pause)
            for (;;) {
              try {
                return call.call();
              } catch (Exception e) {
                pause();
              }
            }
          }
          private void pause() {
            try {
              TimeUnit.SECONDS.sleep(1);
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
          }
        }
        """).doTest();
  }

  @Test
  void unboundedReconnectLoopThatNeverLeavesOnSuccessNegative() {
    helper.addSourceLines("com/acme/app/Subscriber.java", """
        package com.acme.app;
        class Subscriber {
          void run(Runnable subscribe) throws InterruptedException {
            while (true) {
              try {
                subscribe.run();
              } catch (RuntimeException e) {
                Thread.sleep(1000);
              }
            }
          }
        }
        """).doTest();
  }

  @Test
  void statusKeyedLoopConditionPositive() {
    helper.addSourceLines("com/acme/app/Call.java", """
        package com.acme.app;
        import java.util.function.Supplier;
        class Call {
          interface Response { int code(); }
          Response call(Supplier<Response> send) {
            Response response = send.get();
            // BUG: Diagnostic contains: its condition is true on an error status
            while (response.code() >= 500) {
              response = send.get();
            }
            return response;
          }
        }
        """).doTest();
  }

  @Test
  void statusIfThatStaysInACountedLoopPositive() {
    helper.addSourceLines("com/acme/app/Call.java", """
        package com.acme.app;
        import java.util.function.Supplier;
        class Call {
          interface Response { int statusCode(); }
          Response call(Supplier<Response> send) {
            Response response = null;
            // BUG: Diagnostic contains: an error status check stays in the loop
            for (int i = 0; i < 3; i++) {
              response = send.get();
              if (response.statusCode() == 429) {
                continue;
              }
              return response;
            }
            return response;
          }
        }
        """).doTest();
  }

  @Test
  void statePollWithADeadlineNegative() {
    helper.addSourceLines("com/acme/app/Poll.java", """
        package com.acme.app;
        import java.util.function.Supplier;
        class Poll {
          enum State { RUNNING, DONE }
          State await(Supplier<State> read, long deadline) throws InterruptedException {
            State state = read.get();
            while (state == State.RUNNING) {
              if (System.nanoTime() > deadline) {
                throw new IllegalStateException("timeout");
              }
              Thread.sleep(100);
              state = read.get();
            }
            return state;
          }
        }
        """).doTest();
  }

  @Test
  void consumeLoopWithANonLiteralStepNegative() {
    helper.addSourceLines("com/acme/app/Consume.java", """
        package com.acme.app;
        import java.util.List;
        import java.util.function.Supplier;
        class Consume {
          void consume(Supplier<List<String>> poll, int expected) {
            int remaining = expected;
            while (remaining > 0) {
              try {
                remaining -= poll.get().size();
              } catch (RuntimeException e) {
                System.err.println(e);
              }
            }
          }
        }
        """).doTest();
  }

  @Test
  void counterThatPicksTheItemNegative() {
    helper.addSourceLines("com/acme/app/Batch.java", """
        package com.acme.app;
        import java.util.List;
        import java.util.function.Consumer;
        class Batch {
          void sendAll(List<String> items, Consumer<String> send) {
            for (int i = 0; i < items.size(); i++) {
              try {
                send.accept(items.get(i));
              } catch (RuntimeException e) {
                System.err.println(e);
              }
            }
            for (String item : items) {
              try {
                send.accept(item);
              } catch (RuntimeException e) {
                System.err.println(e);
              }
            }
          }
        }
        """).doTest();
  }

  @Test
  void casSpinLoopNegative() {
    helper.addSourceLines("com/acme/app/Spin.java", """
        package com.acme.app;
        import java.util.concurrent.atomic.AtomicInteger;
        class Spin {
          int increment(AtomicInteger value) {
            for (;;) {
              int current = value.get();
              if (value.compareAndSet(current, current + 1)) {
                return current + 1;
              }
            }
          }
        }
        """).doTest();
  }

  @Test
  void recursionFromACatchWithACounterPositive() {
    helper.addSourceLines("com/acme/app/Lookup.java", """
        package com.acme.app;
        import java.util.function.IntSupplier;
        class Lookup {
          int stock(IntSupplier read, int attempt) {
            try {
              return read.getAsInt();
            } catch (RuntimeException e) {
              if (attempt == 5) {
                throw e;
              }
              // BUG: Diagnostic contains: 'stock' calls itself from a catch with an attempt counter
              return stock(read, attempt + 1);
            }
          }
        }
        """).doTest();
  }

  @Test
  void recursionOutsideACatchOrWithoutACounterNegative() {
    helper.addSourceLines("com/acme/app/Walk.java", """
        package com.acme.app;
        class Walk {
          int depth(String path) {
            int slash = path.indexOf('/');
            return slash < 0 ? 0 : 1 + depth(path.substring(slash + 1));
          }
          int parse(String text) {
            try {
              return Integer.parseInt(text);
            } catch (NumberFormatException e) {
              return parse(text.strip());
            }
          }
        }
        """).doTest();
  }

  @Test
  void reScheduleFromACatchPositive() {
    helper.addSourceLines("com/acme/app/Upload.java", """
        package com.acme.app;
        import java.util.concurrent.ScheduledExecutorService;
        import java.util.concurrent.TimeUnit;
        class Upload implements Runnable {
          private final ScheduledExecutorService scheduler;
          Upload(ScheduledExecutorService scheduler) {
            this.scheduler = scheduler;
          }
          @Override
          public void run() {
            try {
              send();
            } catch (RuntimeException e) {
              // BUG: Diagnostic contains: hands 'run' back to java.util.concurrent.ScheduledExecutorService#schedule
              scheduler.schedule(this, 5, TimeUnit.SECONDS);
            }
          }
          void send() {}
        }
        """).doTest();
  }

  @Test
  void delayedExecutorNamingTheOperationPositive() {
    helper.addSourceLines("com/acme/app/Publish.java", """
        package com.acme.app;
        import java.util.concurrent.CompletableFuture;
        import java.util.concurrent.TimeUnit;
        class Publish {
          void publish(String event) {
            try {
              send(event);
            } catch (RuntimeException e) {
              // BUG: Diagnostic contains: CompletableFuture#delayedExecutor
              CompletableFuture.runAsync(() -> publish(event),
                  CompletableFuture.delayedExecutor(1, TimeUnit.SECONDS));
            }
          }
          void send(String event) {}
        }
        """).doTest();
  }

  @Test
  void schedulingOtherWorkFromACatchNegative() {
    helper.addSourceLines("com/acme/app/Alert.java", """
        package com.acme.app;
        import java.util.concurrent.ScheduledExecutorService;
        import java.util.concurrent.TimeUnit;
        class Alert {
          void run(ScheduledExecutorService scheduler, Runnable send, Runnable alert) {
            try {
              send.run();
            } catch (RuntimeException e) {
              scheduler.schedule(alert, 5, TimeUnit.SECONDS);
            }
          }
        }
        """).doTest();
  }

  @Test
  void suppressedWithTheRuleName() {
    helper.addSourceLines("com/acme/app/Legacy.java", """
        package com.acme.app;
        class Legacy {
          @SuppressWarnings("HandRolledRetry")
          void send(Runnable call) {
            for (int attempt = 0; attempt < 3; attempt++) {
              try {
                call.run();
                return;
              } catch (RuntimeException e) {
                System.err.println(e);
              }
            }
          }
        }
        """).doTest();
  }

  @Test
  void interceptorProceedingAgainAfterAnErrorStatusPositive() {
    helper.addSourceLines("com/acme/app/RetryOnce.java", """
        package com.acme.app;
        import java.io.IOException;
        import okhttp3.Interceptor;
        import okhttp3.Request;
        import okhttp3.Response;
        class RetryOnce implements Interceptor {
          @Override
          public Response intercept(Chain chain) throws IOException {
            Request request = chain.request();
            Response response = chain.proceed(request);
            if (response.code() >= 500 || response.code() == 429) {
              response.close();
              // BUG: Diagnostic contains: this call of okhttp3.Interceptor.Chain#proceed on 'chain' sends again after an earlier one failed (an error status check of its result): a retry without a loop
              return chain.proceed(request);
            }
            return response;
          }

          Response unlessSuccessful(Interceptor.Chain chain) throws IOException {
            Response response = chain.proceed(chain.request());
            if (response.isSuccessful()) {
              return response;
            }
            response.close();
            // BUG: Diagnostic contains: an error status check of its result
            return chain.proceed(chain.request());
          }

          Response ternary(Interceptor.Chain chain) throws IOException {
            Response response = chain.proceed(chain.request());
            // BUG: Diagnostic contains: an error status check of its result
            return response.isSuccessful() ? response : chain.proceed(chain.request());
          }

          Response challengeOrServerError(Interceptor.Chain chain) throws IOException {
            Response response = chain.proceed(chain.request());
            if (response.code() == 401 || response.code() >= 500) {
              response.close();
              // BUG: Diagnostic contains: an error status check of its result
              return chain.proceed(chain.request());
            }
            return response;
          }
        }
        """).doTest();
  }

  @Test
  void interceptorProceedingAgainFromOrAfterASwallowingCatchPositive() {
    helper.addSourceLines("com/acme/app/Reconnect.java", """
        package com.acme.app;
        import java.io.IOException;
        import okhttp3.Interceptor;
        import okhttp3.Response;
        class Reconnect {
          static final Interceptor FROM_CATCH = chain -> {
            try {
              return chain.proceed(chain.request());
            } catch (IOException e) {
              // BUG: Diagnostic contains: (a catch swallows its failure)
              return chain.proceed(chain.request());
            }
          };

          Response afterTheTry(Interceptor.Chain chain) throws IOException {
            Response response = null;
            try {
              response = chain.proceed(chain.request());
            } catch (IOException e) {
              System.err.println("first attempt failed: " + e);
            }
            if (response == null) {
              // BUG: Diagnostic contains: (a catch swallows its failure)
              response = chain.proceed(chain.request());
            }
            return response;
          }
        }
        """).doTest();
  }

  @Test
  void singleOrFlagChosenOrChallengeAnsweringProceedsNegative() {
    helper.addSourceLines("com/acme/app/Interceptors.java", """
        package com.acme.app;
        import java.io.IOException;
        import java.util.function.Supplier;
        import okhttp3.Interceptor;
        import okhttp3.OkHttpClient;
        import okhttp3.Request;
        import okhttp3.Response;
        class Interceptors {
          Response logOnce(Interceptor.Chain chain) throws IOException {
            Response response = chain.proceed(chain.request());
            if (!response.isSuccessful()) {
              System.err.println("failed: " + response.code());
            }
            return response;
          }

          Response mirror(Interceptor.Chain chain, boolean canary, Request canaryRequest)
              throws IOException {
            if (canary) {
              return chain.proceed(canaryRequest);
            }
            return chain.proceed(chain.request());
          }

          Response withFreshToken(Interceptor.Chain chain, Supplier<String> token)
              throws IOException {
            Response response = chain.proceed(chain.request());
            if (response.code() == 401) {
              response.close();
              Request signed = chain.request().newBuilder()
                  .header("Authorization", "Bearer " + token.get()).build();
              return chain.proceed(signed);
            }
            return response;
          }

          Response checkedBeforeTheFirstSend(Interceptor.Chain chain, Response cached,
              Request refresh) throws IOException {
            if (!cached.isSuccessful()) {
              chain.proceed(refresh).close();
              return chain.proceed(chain.request());
            }
            return cached;
          }

          OkHttpClient twoInterceptors() {
            return new OkHttpClient.Builder()
                .addInterceptor(chain -> chain.proceed(chain.request()))
                .addInterceptor(chain -> {
                  Response response = chain.proceed(chain.request());
                  if (!response.isSuccessful()) {
                    System.err.println("failed: " + response.code());
                  }
                  return response;
                })
                .build();
          }
        }
        """).doTest();
  }

  @Test
  void proceedInARetryLoopIsReportedOnceAtTheLoopNegative() {
    helper.addSourceLines("com/acme/app/LoopInterceptor.java", """
        package com.acme.app;
        import java.io.IOException;
        import okhttp3.Interceptor;
        import okhttp3.Response;
        class LoopInterceptor implements Interceptor {
          @Override
          public Response intercept(Chain chain) throws IOException {
            Response response = chain.proceed(chain.request());
            int tries = 1;
            // BUG: Diagnostic contains: this while loop runs the operation again
            while (!response.isSuccessful() && tries < 3) {
              tries++;
              response.close();
              response = chain.proceed(chain.request());
            }
            return response;
          }
        }
        """).doTest();
  }

  @Test
  void interceptorInTheJobsPackagesNegative() {
    helper.addSourceLines("com/acme/jobs/RetryOnce.java", """
        package com.acme.jobs;
        import java.io.IOException;
        import okhttp3.Interceptor;
        import okhttp3.Response;
        class RetryOnce implements Interceptor {
          @Override
          public Response intercept(Chain chain) throws IOException {
            Response response = chain.proceed(chain.request());
            if (response.code() >= 500) {
              response.close();
              return chain.proceed(chain.request());
            }
            return response;
          }
        }
        """).doTest();
  }

  @Test
  void teamCatalogResendCallsAreRepeatedSends(@TempDir Path dir) throws IOException {
    Path catalog = Files.writeString(dir.resolve("team.catalog"), """
        @rule HandRolledRetry
        resend-call com.acme.app.Channel#send @ our own transport sends each time
        """);
    CompilationTestHelper.newInstance(HandRolledRetry.class, getClass())
        .setArgs("-XepOpt:RetryOwner:JobsPackages=com.acme.jobs",
            "-XepOpt:RetryOwner:CatalogFiles=" + catalog)
        .addSourceLines("com/acme/app/Channel.java", """
            package com.acme.app;
            interface Channel {
              int send(String message);

              static int twice(Channel channel, Channel audit) {
                int status = channel.send("hello");
                audit.send("sent");
                if (status >= 500) {
                  audit.send("again");
                  // BUG: Diagnostic contains: this call of com.acme.app.Channel#send on 'channel'
                  return channel.send("hello");
                }
                return status;
              }
            }
            """)
        .doTest();
  }

  @Test
  void missingJobsPackagesNamesThisCheckAndTheFlag() {
    assertThatThrownBy(() -> CompilationTestHelper.newInstance(HandRolledRetry.class, getClass())
        .addSourceLines("com/acme/app/Empty.java", "package com.acme.app; class Empty {}")
        .doTest())
        .hasStackTraceContaining("HandRolledRetry needs the packages that own retries")
        .hasStackTraceContaining("-XepOpt:RetryOwner:JobsPackages=com.acme.jobs");
  }

  @Test
  void teamCatalogDelayCallsAreNamedAsEvidence(@TempDir Path dir) throws IOException {
    Path catalog = Files.writeString(dir.resolve("team.catalog"), """
        @rule HandRolledRetry
        method com.acme.app.Backoff#pause @ our own backoff
        """);
    CompilationTestHelper.newInstance(HandRolledRetry.class, getClass())
        .setArgs("-XepOpt:RetryOwner:JobsPackages=com.acme.jobs",
            "-XepOpt:RetryOwner:CatalogFiles=" + catalog)
        .addSourceLines("com/acme/app/Backoff.java", """
            package com.acme.app;
            class Backoff {
              static void pause() {}
              void send(Runnable call) {
                // BUG: Diagnostic contains: waiting with com.acme.app.Backoff#pause
                for (int attempt = 0; attempt < 3; attempt++) {
                  try {
                    call.run();
                    return;
                  } catch (RuntimeException e) {
                    Backoff.pause();
                  }
                }
              }
            }
            """)
        .doTest();
  }

  /**
   * Delay calls are first told apart by name: a delay through a static import is still named, and
   * whether a file lies in the jobs packages is answered for each file of a compilation.
   */
  @Test
  void aStaticallyImportedDelayIsNamedAndEachFileIsPlacedOnItsOwn() {
    helper.addSourceLines("com/acme/jobs/Send.java", JOBS_PACKAGE_RETRY_LOOP)
        .addSourceLines("com/acme/app/Send.java", """
        package com.acme.app;
        import static java.lang.Thread.sleep;
        import java.util.concurrent.Callable;
        class Send {
          <T> T send(Callable<T> call) throws Exception {
            int attempt = 0;
            // BUG: Diagnostic contains: waiting with java.lang.Thread#sleep
            while (attempt < 3) {
              try {
                return call.call();
              } catch (Exception e) {
                attempt++;
                sleep(100);
              }
            }
            throw new IllegalStateException();
          }
        }
        """).doTest();
  }
}
