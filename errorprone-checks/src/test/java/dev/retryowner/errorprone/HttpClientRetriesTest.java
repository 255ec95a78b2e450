package dev.retryowner.errorprone;

import com.google.errorprone.CompilationTestHelper;
import org.junit.jupiter.api.Test;

/**
 * HttpClientRetries' findings on stub libraries ({@code com.acme.*} in the test sources, their
 * entries in a team catalog file): each verdict with and without a finding, and the client flow
 * across chains, statements, local variables and lambdas.
 */
class HttpClientRetriesTest {
  private final CompilationTestHelper helper =
      CompilationTestHelper.newInstance(HttpClientRetries.class, getClass())
          .setArgs(HttpClientRetriesTestCatalog.flag());

  @Test
  void aNoRetryCallWithAnotherConstantTurnsRetriesBackOn() {
    helper.addSourceLines("com/acme/app/Api.java", """
        package com.acme.app;
        import com.acme.http.Client;
        class Api {
          Client client() {
            // BUG: Diagnostic contains: calls com.acme.http.Client.Builder#retries(true), which leaves its retries on; NoRetry is retries(false). Why: switches the retries off. Fix: Build the client
            return new Client.Builder().retries(true).build();
          }
        }
        """).doTest();
  }

  @Test
  void theNoRetryConstantPassesHoweverItIsWritten() {
    helper.addSourceLines("com/acme/app/Api.java", """
        package com.acme.app;
        import static com.acme.http.Policies.NONE;
        import com.acme.http.Client;
        import com.acme.http.Policies;
        class Api {
          private static final boolean RETRY = false;
          Client literal() {
            return new Client.Builder().retries(false).build();
          }
          Client constants() {
            final boolean off = false;
            new Client.Builder().retries(Policies.RETRIES_OFF).build();
            new Client.Builder().retries(RETRY).build();
            new Client.Builder().retries(!true).build();
            return new Client.Builder().retries((off)).build();
          }
          Client staticMembers() {
            new Client.Builder().policy(Policies.NONE).build();
            new Client.Builder().policy(NONE).build();
            new Client.Builder().policy(com.acme.http.Policies.none()).build();
            return new Client.Builder().policy(Policies.none()).build();
          }
        }
        """).doTest();
  }

  @Test
  void aNonConstantArgumentCannotBeVerified() {
    helper.addSourceLines("com/acme/app/Api.java", """
        package com.acme.app;
        import com.acme.http.Client;
        import com.acme.http.Policies;
        import com.acme.http.Policy;
        class Api {
          Client fromVariable(boolean retry) {
            // BUG: Diagnostic contains: calls com.acme.http.Client.Builder#retries(retry) with an argument that is not a constant, so its retries cannot be verified off; write retries(false)
            return new Client.Builder().retries(retry).build();
          }
          Client fromLocal() {
            boolean off = false;
            // BUG: Diagnostic contains: retries cannot be verified off
            return new Client.Builder().retries(off).build();
          }
          Client fromOtherPolicy(Policy policy) {
            // BUG: Diagnostic contains: calls com.acme.http.Client.Builder#policy(Policies.exponential()), which leaves its retries on; NoRetry is policy(com.acme.http.Policies#NONE) or policy(com.acme.http.Policies#none())
            new Client.Builder().policy(Policies.exponential()).build();
            // BUG: Diagnostic contains: #policy(Policies.DEFAULT), which leaves its retries on
            new Client.Builder().policy(Policies.DEFAULT).build();
            // BUG: Diagnostic contains: #policy(policy) with an argument that is not a constant
            return new Client.Builder().policy(policy).build();
          }
        }
        """).doTest();
  }

  @Test
  void aWrappedArgumentIsQuotedOnOneLine() {
    helper.addSourceLines("com/acme/app/Api.java", """
        package com.acme.app;
        import com.acme.http.Client;
        import com.acme.http.Policies;
        class Api {
          Client client(boolean fast) {
            // BUG: Diagnostic contains: #policy(fast ? Policies.DEFAULT : Policies.NONE) with an argument that is not a constant
            return new Client.Builder().policy(fast
                ? Policies.DEFAULT
                : Policies.NONE).build();
          }
        }
        """).doTest();
  }

  @Test
  void aLaterCallThatTurnsRetriesBackOnIsAFinding() {
    helper.addSourceLines("com/acme/app/Api.java", """
        package com.acme.app;
        import com.acme.http.Client;
        class Api {
          Client client(boolean debug) {
            Client.Builder builder = new Client.Builder().retries(false);
            builder.timeout(5);
            if (debug) {
              // BUG: Diagnostic contains: calls com.acme.http.Client.Builder#retries(true)
              builder.retries(true);
            }
            return builder.build();
          }
        }
        """).doTest();
  }

  @Test
  void aSubtypeReceiverIsCoveredAndAnUnrelatedMethodOfTheSameNameIsNot() {
    helper.addSourceLines("com/acme/app/Api.java", """
        package com.acme.app;
        import com.acme.http.Client;
        class Api {
          static class Tuned extends Client.Builder {
            Tuned tuned() {
              // BUG: Diagnostic contains: calls com.acme.http.Client.Builder#retries(true)
              retries(true);
              return this;
            }
          }
          static class Jobs {
            void retries(boolean on) {}
            void retryOn5xx(int times) {}
          }
          void configure(Tuned tuned, Jobs jobs) {
            // BUG: Diagnostic contains: calls com.acme.http.Client.Builder#retries(true)
            tuned.retries(true);
            jobs.retries(true);
            jobs.retryOn5xx(3);
          }
        }
        """).doTest();
  }

  @Test
  void constructorArgumentsAreCheckedPositionally() {
    helper.addSourceLines("com/acme/app/Backoff.java", """
        package com.acme.app;
        import com.acme.http.FixedDelay;
        import java.time.Duration;
        class Backoff {
          FixedDelay none(Duration delay) {
            return new FixedDelay(0, delay);
          }
          FixedDelay three(Duration delay) {
            // BUG: Diagnostic contains: constructs com.acme.http.FixedDelay(3, delay), which leaves its retries on; NoRetry is new com.acme.http.FixedDelay(0, …)
            return new FixedDelay(3, delay);
          }
          FixedDelay some(int retries) {
            // BUG: Diagnostic contains: constructs com.acme.http.FixedDelay(retries, Duration.ZERO) with an argument that is not a constant
            return new FixedDelay(retries, Duration.ZERO);
          }
        }
        """).doTest();
  }

  @Test
  void aBuilderThatNeverSwitchesRetriesOffIsAFindingAtItsOrigin() {
    helper.addSourceLines("com/acme/app/Api.java", """
        package com.acme.app;
        import com.acme.http.Client;
        class Api {
          Client client() {
            // BUG: Diagnostic contains: constructs com.acme.http.Client.Builder() and never calls retries(false) or policy(com.acme.http.Policies#NONE) or policy(com.acme.http.Policies#none()) on it in this method, so its retries stay on. Why: a new builder retries connection failures. Fix:
            return new Client.Builder()
                .timeout(5)
                .build();
          }
          Client off() {
            return new Client.Builder()
                .timeout(5)
                .retries(false)
                .build();
          }
        }
        """).doTest();
  }

  @Test
  void aStaticFactoryStartsAFlowWhateverItIsWritten() {
    helper.addSourceLines("com/acme/app/Api.java", """
        package com.acme.app;
        import static com.acme.http.Clients.custom;
        import com.acme.http.Client;
        class Api {
          Client imported() {
            // BUG: Diagnostic contains: calls com.acme.http.Clients#custom() and never calls retries(false)
            return custom().timeout(5).build();
          }
          Client qualified() {
            // BUG: Diagnostic contains: calls com.acme.http.Clients#custom() and never calls
            return com.acme.http.Clients.custom().build();
          }
          Client off() {
            custom().retries(false).build();
            return com.acme.http.Clients.custom().policy(com.acme.http.Policies.NONE).build();
          }
        }
        """).doTest();
  }

  @Test
  void theFlowFollowsLocalVariablesAcrossStatements() {
    helper.addSourceLines("com/acme/app/Api.java", """
        package com.acme.app;
        import com.acme.http.Client;
        class Api {
          Client declared(int timeout) {
            Client.Builder builder = new Client.Builder().timeout(timeout);
            if (timeout > 10) {
              builder.timeout(10);
            }
            builder.retries(false);
            return builder.build();
          }
          Client assigned() {
            Client.Builder builder;
            builder = new Client.Builder();
            builder = builder.timeout(3);
            builder.timeout(4).retries(false);
            return builder.build();
          }
          Client varDeclared() {
            var builder = new Client.Builder();
            builder.timeout(3).retries(false);
            return builder.build();
          }
          Client neverOff() {
            // BUG: Diagnostic contains: never calls retries(false)
            Client.Builder builder = new Client.Builder();
            builder.timeout(3);
            return builder.build();
          }
        }
        """).doTest();
  }

  @Test
  void anAliasOrAnotherVariableIsNotTheFlow() {
    helper.addSourceLines("com/acme/app/Api.java", """
        package com.acme.app;
        import com.acme.http.Client;
        class Api {
          Client aliased() {
            // BUG: Diagnostic contains: never calls retries(false)
            Client.Builder builder = new Client.Builder();
            Client.Builder alias = builder;
            alias.retries(false);
            return builder.build();
          }
          Client storedAgain() {
            // BUG: Diagnostic contains: never calls retries(false)
            Client.Builder builder = new Client.Builder();
            Client.Builder tuned = builder.timeout(3);
            tuned.retries(false);
            return tuned.build();
          }
        }
        """).doTest();
  }

  @Test
  void callsBeforeTheOriginDoNotCount() {
    helper.addSourceLines("com/acme/app/Api.java", """
        package com.acme.app;
        import com.acme.http.Client;
        class Api {
          Client client() {
            Client.Builder builder = new Client.Builder();
            builder.retries(false);
            builder.build();
            // BUG: Diagnostic contains: never calls retries(false)
            builder = new Client.Builder();
            return builder.build();
          }
        }
        """).doTest();
  }

  @Test
  void theFlowNeverCrossesMethodsOrFields() {
    helper.addSourceLines("com/acme/app/Api.java", """
        package com.acme.app;
        import com.acme.http.Client;
        class Api {
          private Client.Builder shared;
          Client passedToHelper() {
            // BUG: Diagnostic contains: never calls retries(false)
            Client.Builder builder = new Client.Builder();
            noRetry(builder);
            return builder.build();
          }
          private static void noRetry(Client.Builder builder) {
            builder.retries(false);
          }
          Client.Builder returned() {
            // BUG: Diagnostic contains: never calls retries(false)
            return new Client.Builder().timeout(5);
          }
          Client storedInField() {
            // BUG: Diagnostic contains: never calls retries(false)
            shared = new Client.Builder();
            shared.retries(false);
            return shared.build();
          }
        }
        """).doTest();
  }

  @Test
  void lambdasAndInitializersAreFlowsOfTheirOwn() {
    helper.addSourceLines("com/acme/app/Api.java", """
        package com.acme.app;
        import com.acme.http.Client;
        import java.util.function.Supplier;
        class Api {
          // BUG: Diagnostic contains: never calls retries(false)
          private final Client field = new Client.Builder().build();
          private final Client off;
          {
            Client.Builder builder = new Client.Builder();
            builder.retries(false);
            off = builder.build();
          }
          // BUG: Diagnostic contains: never calls retries(false)
          Supplier<Client> expression = () -> new Client.Builder().timeout(1).build();
          Supplier<Client> block = () -> {
            Client.Builder builder = new Client.Builder();
            builder.retries(false);
            return builder.build();
          };
          Supplier<Client> captured() {
            Client.Builder builder = new Client.Builder();
            return () -> builder.retries(false).build();
          }
        }
        """).doTest();
  }

  @Test
  void aFluentClientAndAnyArgumentPatterns() {
    helper.addSourceLines("com/acme/app/Api.java", """
        package com.acme.app;
        import com.acme.fluent.Fluent;
        import com.acme.rpc.Adapter;
        class Api {
          Fluent.Request fluent() {
            Fluent.create().disableRetry(true).baseUrl("http://x").get();
            // BUG: Diagnostic contains: calls com.acme.fluent.Fluent#create() and never calls disableRetry(true)
            return Fluent.create().baseUrl("http://x").get();
          }
          Adapter adapter(Object client) {
            new Adapter.Builder().client(client).build();
            // BUG: Diagnostic contains: constructs com.acme.rpc.Adapter.Builder() and never calls client(…)
            return new Adapter.Builder().build();
          }
        }
        """).doTest();
  }

  @Test
  void retryingFactoriesConstructorsAndCallsAreFindings() {
    helper.addSourceLines("com/acme/app/Api.java", """
        package com.acme.app;
        import static com.acme.http.Clients.createDefault;
        import com.acme.http.Client;
        import com.acme.http.Clients;
        import com.acme.rpc.Retryer;
        class Api {
          void factories() {
            // BUG: Diagnostic contains: calls com.acme.http.Clients#createDefault(), which returns a client with its retries on. Why: its client retries 3 times.
            Clients.createDefault();
            // BUG: Diagnostic contains: calls com.acme.http.Clients#createDefault()
            createDefault();
            // BUG: Diagnostic contains: calls com.acme.http.Clients#create("http://x"), which returns a client with its retries on
            com.acme.http.Clients.create("http://x");
            Clients.create(java.net.URI.create("http://x"));
          }
          void constructors() {
            // BUG: Diagnostic contains: constructs com.acme.http.Client(), which builds a client with its retries on. Why: the default client retries 3 times.
            new Client();
            // BUG: Diagnostic contains: constructs com.acme.http.Client()
            new Client() {};
            new Client("http://x");
            // BUG: Diagnostic contains: constructs com.acme.rpc.Retryer.Default()
            new Retryer.Default();
          }
          void calls() {
            // BUG: Diagnostic contains: calls com.acme.http.Client.Builder#retryOn5xx(2), which turns the client's retries on. Why: re-sends on a 5xx status.
            new Client.Builder().retries(false).retryOn5xx(2).build();
          }
        }
        """).doTest();
  }

  @Test
  void anEntryThatAsksForEvidenceIsAFindingWhereTheResultIsUsedAsOneOfItsTypes() {
    helper.addSourceLines("com/acme/app/Links.java", """
        package com.acme.app;
        import com.acme.http.Address;
        import com.acme.http.Address.Connection;
        import com.acme.http.Address.SecureWebConnection;
        import com.acme.http.Address.WebConnection;
        import java.util.function.Function;
        class Links {
          WebConnection stored;
          WebConnection declared(Address address) {
            // BUG: Diagnostic contains: calls com.acme.http.Address#open(), which returns a client with its retries on (its result is used as com.acme.http.Address.WebConnection)
            WebConnection connection = address.open();
            return connection;
          }
          void assigned(Address address) {
            // BUG: Diagnostic contains: (its result is used as com.acme.http.Address.WebConnection)
            stored = address.open();
          }
          Object castToASubtype(Address address, boolean fresh) {
            // BUG: Diagnostic contains: (its result is used as com.acme.http.Address.SecureWebConnection)
            return (SecureWebConnection) (fresh ? address.open() : null);
          }
          Function<Address, Object> inALambda() {
            // BUG: Diagnostic contains: (its result is used as com.acme.http.Address.WebConnection)
            return a -> (WebConnection) a.open();
          }
          Connection anyConnection(Address address) {
            return address.open();
          }
          Object asAFileConnection(Address address) {
            return (Address.FileConnection) address.open();
          }
          Function<Address, Connection> referenced() {
            return Address::open;
          }
        }
        """).doTest();
  }

  @Test
  void anEntryThatAsksForEvidenceIsAFindingWhereTheReceiverIsBuiltFromAMatchingLiteral() {
    helper.addSourceLines("com/acme/app/Links.java", """
        package com.acme.app;
        import com.acme.http.Address;
        import com.acme.http.Address.Connection;
        class Links {
          private static final String STATUS = "https://status.acme.com";
          Connection direct() {
            // BUG: Diagnostic contains: (its receiver is built from "HTTPS://api.acme.com/v1")
            return Address.of("HTTPS://api.acme.com/v1").open();
          }
          Connection throughLocals(String host) {
            String base = "http://" + host;
            Address address;
            address = Address.of(base + "/ping");
            // BUG: Diagnostic contains: (its receiver is built from "http://")
            return address.open();
          }
          Connection aFile() {
            Address address = Address.of("file:///var/data/export.csv");
            return address.open();
          }
          Connection aConstantOfTheClass() {
            // BUG: Diagnostic contains: (its receiver is built from "https://status.acme.com")
            return Address.of(STATUS).open();
          }
          Connection aParameter(Address address) {
            return address.open();
          }
        }
        """).doTest();
  }

  @Test
  void referencesStandForCallsWithArgumentsNobodyCanSee() {
    helper.addSourceLines("com/acme/app/Api.java", """
        package com.acme.app;
        import com.acme.http.Client;
        import com.acme.http.Clients;
        import java.net.URI;
        import java.util.function.Function;
        import java.util.function.Supplier;
        class Api {
          // BUG: Diagnostic contains: calls com.acme.http.Clients#createDefault(), which returns a client with its retries on
          Supplier<Client> factory = Clients::createDefault;
          // BUG: Diagnostic contains: calls com.acme.http.Clients#create(String), which returns a client
          Function<String, Client> fromString = Clients::create;
          Function<URI, Client> fromUri = Clients::create;
          // BUG: Diagnostic contains: constructs com.acme.http.Client(), which builds a client with its retries on
          Supplier<Client> constructor = Client::new;
          Function<String, Client> withUrl = Client::new;
          // BUG: Diagnostic contains: constructs com.acme.http.Client.Builder() and never calls retries(false)
          Supplier<Client.Builder> builders = Client.Builder::new;
          Function<Boolean, Client.Builder> toggle(Client.Builder builder) {
            // BUG: Diagnostic contains: calls com.acme.http.Client.Builder#retries(boolean) with an argument that is not a constant
            return builder::retries;
          }
          Function<Client.Builder, Client> build = Client.Builder::build;
        }
        """).doTest();
  }

  @Test
  void theRuleAppliesInTheJobsPackagesToo() {
    helper.addSourceLines("com/acme/jobs/Worker.java", """
        package com.acme.jobs;
        class Worker {
          Object client() {
            // BUG: Diagnostic contains: calls com.acme.http.Clients#createDefault()
            return com.acme.http.Clients.createDefault();
          }
        }
        """).doTest();
  }

  @Test
  void aSuppressionWithTheRuleNameSilencesIt() {
    helper.addSourceLines("com/acme/app/Api.java", """
        package com.acme.app;
        import com.acme.http.Client;
        class Api {
          @SuppressWarnings("HttpClientRetries") // a health probe that must not fail fast
          Client probe() {
            new Client();
            return new Client.Builder().retries(true).build();
          }
        }
        """).doTest();
  }
}
