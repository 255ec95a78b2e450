package dev.retryowner.errorprone;

import static com.google.errorprone.BugCheckerRefactoringTestHelper.TestMode.TEXT_MATCH;

import com.google.errorprone.BugCheckerRefactoringTestHelper;
import org.junit.jupiter.api.Test;

/**
 * HttpClientRetries' suggested fixes on the stub libraries: where the NoRetry call goes into a
 * flow, how a NoRetry call's argument is corrected, and the findings that offer no fix.
 */
class HttpClientRetriesFixTest {
  private final BugCheckerRefactoringTestHelper helper =
      BugCheckerRefactoringTestHelper.newInstance(HttpClientRetries.class, getClass())
          .setArgs(HttpClientRetriesTestCatalog.flag());

  @Test
  void insertsTheNoRetryCallBeforeTheCallThatLeavesTheBuilder() {
    helper.addInputLines("com/acme/app/Api.java", """
        package com.acme.app;
        import com.acme.http.Client;
        class Api {
          Client oneLine() {
            return new Client.Builder().timeout(5).build();
          }
          Client multiLine() {
            return new Client.Builder()
                .timeout(5) // seconds
                .build();
          }
        }
        """).addOutputLines("com/acme/app/Api.java", """
        package com.acme.app;
        import com.acme.http.Client;
        class Api {
          Client oneLine() {
            return new Client.Builder().timeout(5).retries(false).build();
          }
          Client multiLine() {
            return new Client.Builder()
                .timeout(5) // seconds
                .retries(false)
                .build();
          }
        }
        """).doTest(TEXT_MATCH);
  }

  @Test
  void insertsRightAfterTheOriginWhenTheBuilderGoesOnInAVariable() {
    helper.addInputLines("com/acme/app/Api.java", """
        package com.acme.app;
        import com.acme.http.Client;
        import com.acme.http.Clients;
        class Api {
          Client client() {
            Client.Builder builder = Clients.custom();
            builder.timeout(5);
            return builder.build();
          }
        }
        """).addOutputLines("com/acme/app/Api.java", """
        package com.acme.app;
        import com.acme.http.Client;
        import com.acme.http.Clients;
        class Api {
          Client client() {
            Client.Builder builder = Clients.custom().retries(false);
            builder.timeout(5);
            return builder.build();
          }
        }
        """).doTest(TEXT_MATCH);
  }

  @Test
  void appendsToAFluentClientWhoseEveryCallReturnsItsOwnType() {
    helper.addInputLines("com/acme/app/Api.java", """
        package com.acme.app;
        import com.acme.fluent.Fluent;
        class Api {
          Fluent client() {
            return Fluent.create().baseUrl("http://x");
          }
          Fluent.Request request() {
            return Fluent.create().baseUrl("http://x").get();
          }
        }
        """).addOutputLines("com/acme/app/Api.java", """
        package com.acme.app;
        import com.acme.fluent.Fluent;
        class Api {
          Fluent client() {
            return Fluent.create().baseUrl("http://x").disableRetry(true);
          }
          Fluent.Request request() {
            return Fluent.create().baseUrl("http://x").disableRetry(true).get();
          }
        }
        """).doTest(TEXT_MATCH);
  }

  @Test
  void importsTheOwnerOfAStaticConstantItWrites() {
    helper.addInputLines("com/acme/app/Api.java", """
        package com.acme.app;
        import com.acme.rpc.Rpc;
        class Api {
          Runnable client() {
            return Rpc.builder().target(Runnable.class);
          }
        }
        """).addOutputLines("com/acme/app/Api.java", """
        package com.acme.app;
        import com.acme.rpc.Retryer;
        import com.acme.rpc.Rpc;
        class Api {
          Runnable client() {
            return Rpc.builder().retryer(Retryer.NEVER_RETRY).target(Runnable.class);
          }
        }
        """).doTest(TEXT_MATCH);
  }

  @Test
  void replacesAnArgumentTheNoRetryCallDoesNotAccept() {
    helper.addInputLines("com/acme/app/Api.java", """
        package com.acme.app;
        import com.acme.http.Client;
        import com.acme.http.FixedDelay;
        import com.acme.http.Policies;
        import java.time.Duration;
        class Api {
          Client client(boolean retry) {
            new Client.Builder().retries(true).build();
            new Client.Builder().policy(Policies.DEFAULT).build();
            return new Client.Builder().retries(retry).build();
          }
          FixedDelay backoff(Duration delay) {
            return new FixedDelay(3, delay);
          }
        }
        """).addOutputLines("com/acme/app/Api.java", """
        package com.acme.app;
        import com.acme.http.Client;
        import com.acme.http.FixedDelay;
        import com.acme.http.Policies;
        import java.time.Duration;
        class Api {
          Client client(boolean retry) {
            new Client.Builder().retries(false).build();
            new Client.Builder().policy(Policies.NONE).build();
            return new Client.Builder().retries(false).build();
          }
          FixedDelay backoff(Duration delay) {
            return new FixedDelay(0, delay);
          }
        }
        """).doTest(TEXT_MATCH);
  }

  @Test
  void offersNoFixWhereNothingCanBeWrittenOut() {
    helper.addInputLines("com/acme/app/Api.java", """
        package com.acme.app;
        import com.acme.http.Client;
        import com.acme.http.Clients;
        import com.acme.rpc.Adapter;
        class Api {
          Adapter adapter() {
            return new Adapter.Builder().build();
          }
          Object retrying() {
            new Client.Builder().retries(false).retryOn5xx(3).build();
            new Client();
            return Clients.createDefault();
          }
        }
        """).expectUnchanged().doTest(TEXT_MATCH);
  }
}
