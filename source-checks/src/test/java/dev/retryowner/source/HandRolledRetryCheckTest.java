package dev.retryowner.source;

import static dev.retryowner.source.SourceTree.write;
import static org.assertj.core.api.Assertions.assertThat;

import dev.retryowner.catalog.CodeWords;
import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.GateConfig;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each shape of a hand-rolled retry (a line ending in {@code // hit}) next to its look-alike; the
 * fixtures hold the real examples and the parity test holds this engine to Error Prone's lines.
 */
class HandRolledRetryCheckTest {
  @TempDir Path root;
  private final GateConfig config = GateConfig.builder().jobsPackages("com.acme.jobs").build();

  @Test
  void counterLoopWithTheDelayInAHelper() throws IOException {
    write(root, "com/acme/app/Send.java", """
        package com.acme.app;

        import java.util.concurrent.Callable;
        import java.util.concurrent.TimeUnit;

        class Send {
          <T> T send(Callable<T> call) throws Exception {
            for (int attempt = 0; attempt < 3; attempt++) {
              try {
                return call.call();
              } catch (Exception e) {
                pause(attempt);
              }
            }
            throw new IllegalStateException();
          }

          private void pause(int attempt) throws InterruptedException {
            TimeUnit.MILLISECONDS.sleep(100L * attempt);
          }
        }
        """);

    assertThat(check()).singleElement().satisfies(finding -> {
      assertThat(finding.rule()).isEqualTo("HandRolledRetry");
      assertThat(finding.className()).isEqualTo("com.acme.app.Send");
      assertThat(finding.member()).isEqualTo("send(java.util.concurrent.Callable)");
      assertThat(finding.line()).isEqualTo(8);
      assertThat(finding.message()).isEqualTo("this for loop runs the operation again after a"
          + " failure (a catch swallows the failure), bounded by attempt counter 'attempt',"
          + " waiting with java.util.concurrent.TimeUnit#sleep (in pause)");
    });
  }

  @Test
  void loopsThatRepeatDifferentWorkOrNeverLeaveOnSuccess() throws IOException {
    assertHitsAtMarkers("com/acme/app/Loops.java", """
        package com.acme.app;

        import java.util.List;
        import java.util.function.Consumer;
        import java.util.function.Supplier;

        class Loops {
          void items(List<String> items, Consumer<String> send) {
            for (int i = 0; i < items.size(); i++) {
              try {
                send.accept(items.get(i));
              } catch (RuntimeException e) {
                System.err.println(e);
              }
            }
          }

          void reconnect(Runnable subscribe) {
            while (true) {
              try {
                subscribe.run();
              } catch (RuntimeException e) {
                System.err.println(e);
              }
            }
          }

          void untilSuccess(Runnable connect) {
            while (true) { // hit
              try {
                connect.run();
                break;
              } catch (RuntimeException e) {
                System.err.println(e);
              }
            }
          }

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
        """);
  }

  @Test
  void statusChecksInLoops() throws IOException {
    assertHitsAtMarkers("com/acme/app/Status.java", """
        package com.acme.app;

        import java.util.function.Supplier;

        class Status {
          interface Response { int status(); boolean isSuccessful(); }
          enum State { RUNNING, DONE }

          Response keyed(Supplier<Response> send) {
            Response response = send.get();
            while (500 <= response.status()) { // hit
              response = send.get();
            }
            return response;
          }

          Response successLeaves(Supplier<Response> send) {
            int tries = 0;
            do { // hit
              Response response = send.get();
              if (response.isSuccessful()) {
                return response;
              }
              tries++;
            } while (tries < 3);
            return null;
          }

          State poll(Supplier<State> read) {
            State state = read.get();
            while (state == State.RUNNING) {
              state = read.get();
            }
            return state;
          }
        }
        """);
  }

  @Test
  void recursionAndReScheduleFromACatch() throws IOException {
    assertHitsAtMarkers("com/acme/app/Again.java", """
        package com.acme.app;

        import java.util.concurrent.ScheduledExecutorService;
        import java.util.concurrent.TimeUnit;
        import java.util.function.IntSupplier;

        class Again implements Runnable {
          private final ScheduledExecutorService scheduler;
          private final Runnable alert;

          Again(ScheduledExecutorService scheduler, Runnable alert) {
            this.scheduler = scheduler;
            this.alert = alert;
          }

          int read(IntSupplier source, int attempt) {
            try {
              return source.getAsInt();
            } catch (RuntimeException e) {
              return read(source, attempt + 1); // hit
            }
          }

          int parse(String text) {
            try {
              return Integer.parseInt(text);
            } catch (NumberFormatException e) {
              return parse(text.strip());
            }
          }

          @Override
          public void run() {
            try {
              alert.run();
            } catch (RuntimeException e) {
              scheduler.schedule(this, 1, TimeUnit.SECONDS); // hit
              scheduler.schedule(alert, 1, TimeUnit.SECONDS);
            }
          }
        }
        """);
  }

  @Test
  void proceedingAgainAfterAFailureSignalOfTheFirstSend() throws IOException {
    assertHitsAtMarkers("com/acme/app/Resends.java", """
        package com.acme.app;

        import java.io.IOException;
        import okhttp3.Interceptor;
        import okhttp3.Response;

        class Resends {
          Response onServerError(Interceptor.Chain chain) throws IOException {
            Response response = chain.proceed(chain.request());
            int status = response.code();
            if (status >= 500) {
              response.close();
              return chain.proceed(chain.request()); // hit
            }
            return response;
          }

          Response unlessSuccessful(Interceptor.Chain chain) throws IOException {
            Response response = chain.proceed(chain.request());
            if (response.isSuccessful()) {
              return response;
            }
            response.close();
            return chain.proceed(chain.request()); // hit
          }

          Response ternary(Interceptor.Chain chain) throws IOException {
            Response response = chain.proceed(chain.request());
            return response.isSuccessful() ? response : chain.proceed(chain.request()); // hit
          }

          Response challengeOrServerError(Interceptor.Chain chain) throws IOException {
            Response response = chain.proceed(chain.request());
            if (response.code() == 401 || response.code() >= 500) {
              response.close();
              return chain.proceed(chain.request()); // hit
            }
            return response;
          }

          Response fromCatch(Interceptor.Chain chain) throws IOException {
            try {
              return chain.proceed(chain.request());
            } catch (IOException e) {
              return chain.proceed(chain.request()); // hit
            }
          }

          Interceptor typedLambda() {
            return (Interceptor.Chain chain) -> {
              Response response = chain.proceed(chain.request());
              if (!response.isSuccessful()) {
                response.close();
                return chain.proceed(chain.request()); // hit
              }
              return response;
            };
          }
        }
        """);
  }

  @Test
  void aResendFindingNamesTheCallTheReceiverAndTheSignal() throws IOException {
    write(root, "com/acme/app/RetryOnce.java", """
        package com.acme.app;

        import java.io.IOException;
        import okhttp3.Interceptor;
        import okhttp3.Response;

        class RetryOnce {
          Response intercept(Interceptor.Chain chain) throws IOException {
            Response response = null;
            try {
              response = chain.proceed(chain.request());
            } catch (IOException e) {
              System.err.println(e);
            }
            return response != null ? response : chain.proceed(chain.request());
          }
        }
        """);

    assertThat(check()).singleElement().satisfies(finding -> {
      assertThat(finding.member()).isEqualTo("intercept(okhttp3.Interceptor$Chain)");
      assertThat(finding.line()).isEqualTo(15);
      assertThat(finding.target()).isEqualTo("okhttp3.Interceptor.Chain#proceed");
      assertThat(finding.message()).isEqualTo("this call of okhttp3.Interceptor.Chain#proceed on"
          + " 'chain' sends again after an earlier one failed (a catch swallows its failure): a"
          + " retry without a loop");
    });
  }

  @Test
  void sendsThatAreNoRetryOfAFailure() throws IOException {
    assertHitsAtMarkers("com/acme/app/Sends.java", """
        package com.acme.app;

        import java.io.IOException;
        import java.util.function.Supplier;
        import okhttp3.Interceptor;
        import okhttp3.Request;
        import okhttp3.Response;

        class Sends {
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
              return chain.proceed(chain.request().newBuilder()
                  .header("Authorization", "Bearer " + token.get()).build());
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

          Response inARetryLoop(Interceptor.Chain chain) throws IOException {
            Response response = chain.proceed(chain.request());
            int tries = 1;
            while (!response.isSuccessful() && tries < 3) { // hit
              tries++;
              response.close();
              response = chain.proceed(chain.request());
            }
            return response;
          }

          Interceptor[] twoInterceptors() {
            return new Interceptor[] {
              (Interceptor.Chain chain) -> chain.proceed(chain.request()),
              (Interceptor.Chain chain) -> {
                Response response = chain.proceed(chain.request());
                if (!response.isSuccessful()) {
                  System.err.println("failed: " + response.code());
                }
                return response;
              }
            };
          }
        }
        """);
  }

  @Test
  void anInheritedChainTypeResolvesThroughTheBytecodeSupertypes() throws IOException {
    write(root, "com/acme/app/RetryOnce.java", """
        package com.acme.app;

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
        """);
    TypeRelations implementsInterceptor =
        new ParentRelations(Map.of("com.acme.app.RetryOnce", "okhttp3.Interceptor"));

    assertThat(check(implementsInterceptor)).extracting(Finding::line).containsExactly(13);
    assertThat(check()).as("without the supertype, Chain names no catalog type").isEmpty();
  }

  @Test
  void teamCatalogResendCallsOnTheSameReceiverOnly() throws IOException {
    Path catalog = root.resolve("team.catalog");
    write(root, "team.catalog", """
        @rule HandRolledRetry
        resend-call com.acme.app.Channel#send @ our own transport sends each time
        """);
    String source = """
        package com.acme.app;

        interface Channel {
          int send(String message);

          static int twice(Channel channel, Channel audit) {
            int status = channel.send("hello");
            audit.send("sent");
            if (status >= 500) {
              audit.send("again");
              return channel.send("hello"); // hit
            }
            return status;
          }
        }
        """;
    write(root, "com/acme/app/Channel.java", source);
    GateConfig team = GateConfig.builder().jobsPackages("com.acme.jobs").catalogFile(catalog)
        .build();

    List<Finding> findings = new HandRolledRetryCheck(team, TypeRelations.exactNamesOnly(),
        new JavaSources()).findings(List.of(root));

    assertThat(findings).extracting(Finding::line)
        .containsExactly(SourceTree.lineOf(source, "hit"));
  }

  @Test
  void jobsPackagesAndFilesWithoutASignalAreSkipped() throws IOException {
    write(root, "com/acme/jobs/Redeliver.java", """
        package com.acme.jobs;

        class Redeliver {
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
        """);
    write(root, "com/acme/app/Broken.java", "package com.acme.app; class Broken { void run( }");
    JavaSources sources = new JavaSources();

    List<Finding> findings =
        new HandRolledRetryCheck(config, TypeRelations.exactNamesOnly(), sources)
            .findings(List.of(root));

    assertThat(findings).isEmpty();
    assertThat(sources.warnings()).as("the broken file has no failure signal: never parsed")
        .isEmpty();
    assertThat(mayMatch("class A { void run() { go(); } }")).isFalse();
    assertThat(mayMatch("while (x) { try { go(); } catch (E e) {} }"))
        .isTrue();
    assertThat(mayMatch("/** {@code go} */ for (;;) { hashCode(); }"))
        .as("a status or code name without a status value").isFalse();
    assertThat(mayMatch("while (r.status() == 1000) { go(); }")).isFalse();
    assertThat(mayMatch("while (r.statusCode() >= 500) { go(); }"))
        .isTrue();
    assertThat(mayMatch("while (code != 0x1F4) { go(); }")).isTrue();
    assertThat(mayMatch("while (code < 3_00) { go(); }")).isTrue();
    assertThat(mayMatch("while (!r.is5xxServerError()) { go(); }"))
        .isTrue();
  }

  private void assertHitsAtMarkers(String path, String source) throws IOException {
    write(root, path, source);
    List<Integer> expected = new ArrayList<>();
    List<String> lines = source.lines().toList();
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).endsWith("// hit")) {
        expected.add(i + 1);
      }
    }
    assertThat(check()).extracting(Finding::line).containsExactlyElementsOf(expected);
  }

  private List<Finding> check() throws IOException {
    return check(TypeRelations.exactNamesOnly());
  }

  /** The findings; a parse of only the methods the check may read must give the same. */
  private List<Finding> check(TypeRelations relations) throws IOException {
    List<Finding> findings =
        new HandRolledRetryCheck(config, relations, new JavaSources()).findings(List.of(root));
    JavaSources sources = new JavaSources();
    HandRolledRetryCheck check = new HandRolledRetryCheck(config, relations, sources);
    List<Finding> inScope = new ArrayList<>();
    sources.forEachFile(List.of(root), file -> Optional.of(ParseScope.methodsWhere(check::mayRead)),
        file -> inScope.addAll(check.checked(file).findings()));
    assertThat(inScope).as("the findings in a parse of the methods the check may read")
        .isEqualTo(findings);
    return findings;
  }

  private static boolean mayMatch(String sourceText) {
    return HandRolledRetryCheck.mayMatch(CodeWords.of(sourceText));
  }
}
