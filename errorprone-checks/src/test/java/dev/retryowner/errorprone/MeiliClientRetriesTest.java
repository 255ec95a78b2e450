package dev.retryowner.errorprone;

import com.google.errorprone.CompilationTestHelper;
import org.junit.jupiter.api.Test;

/**
 * MeiliClientRetries in Error Prone: the messages of each verdict, the missing adapter setting,
 * and suppression with a reason. The fixtures' parity test covers the shapes of a construction.
 */
class MeiliClientRetriesTest {
  private final CompilationTestHelper withAdapter =
      CompilationTestHelper.newInstance(MeiliClientRetries.class, getClass())
          .setArgs("-XepOpt:RetryOwner:JobsPackages=com.acme.jobs",
              "-XepOpt:RetryOwner:SearchAdapterPackages=com.acme.search");
  private final CompilationTestHelper withoutAdapter =
      CompilationTestHelper.newInstance(MeiliClientRetries.class, getClass())
          .setArgs("-XepOpt:RetryOwner:JobsPackages=com.acme.jobs");

  @Test
  void aClientBuiltOutsideTheAdapterSaysWhereItBelongs() {
    withAdapter.addSourceLines("com/acme/web/Search.java", """
        package com.acme.web;
        import com.meilisearch.sdk.Client;
        import com.meilisearch.sdk.Config;
        class Search {
          Client client(Config config) {
            // BUG: Diagnostic contains: constructs com.meilisearch.sdk.Client outside the search adapter (searchAdapterPackages [com.acme.search]). Why: a Client talks to Meilisearch
            return new Client(config);
          }
        }
        """).doTest();
  }

  @Test
  void aConfigInTheAdapterSaysItCannotBeVerifiedNoRetry() {
    withAdapter.addSourceLines("com/acme/search/Meili.java", """
        package com.acme.search;
        import com.meilisearch.sdk.Client;
        import com.meilisearch.sdk.Config;
        class Meili {
          Client client() {
            // BUG: Diagnostic contains: constructs com.meilisearch.sdk.Config in the search adapter, but every constructor builds a retrying client, so the transport cannot be verified NoRetry. Why: every Config constructor builds 'new OkHttpClient()'
            Config config = new Config("http://localhost:7700", "key");
            return new Client(config);
          }
        }
        """).doTest();
  }

  @Test
  void withoutAnAdapterEveryConstructionSaysToConfigureIt() {
    withoutAdapter.addSourceLines("com/acme/search/Meili.java", """
        package com.acme.search;
        import com.meilisearch.sdk.Client;
        import com.meilisearch.sdk.Config;
        import java.util.function.Function;
        class Meili {
          // BUG: Diagnostic contains: references com.meilisearch.sdk.Client::new, but no search adapter is configured: set searchAdapterPackages
          Function<Config, Client> clients = Client::new;
        }
        """).doTest();
  }

  @Test
  void codeThatOnlyUsesAClientHasNothingToReport() {
    withoutAdapter.addSourceLines("com/acme/web/Search.java", """
        package com.acme.web;
        import com.meilisearch.sdk.Client;
        class Search {
          private final Client client;
          Search(Client client) {
            this.client = client;
          }
          Object find(String query) throws Exception {
            return client.index("products").search(query);
          }
        }
        """).doTest();
  }

  @Test
  void anAdapterThatSwapsTheTransportSuppressesWithTheReason() {
    withAdapter.addSourceLines("com/acme/search/Meili.java", """
        package com.acme.search;
        import com.meilisearch.sdk.Config;
        class Meili {
          @SuppressWarnings("MeiliClientRetries") // httpClient replaced by a NoRetry client below
          Config config() {
            return new Config("http://localhost:7700", "key");
          }
        }
        """).doTest();
  }

  /**
   * The check first asks, once per class, whether constructing it is restricted at all: a
   * subclass, an anonymous subclass and a second construction of the same class still reach the
   * entry, other types stay free.
   */
  @Test
  void subclassesAndRepeatedConstructionsReachTheEntryAndOtherTypesStayFree() {
    withAdapter.addSourceLines("com/acme/web/Clients.java", """
        package com.acme.web;
        import com.meilisearch.sdk.Client;
        import com.meilisearch.sdk.Config;
        class Clients {
          static class TracedClient extends Client {
            TracedClient(Config config) {
              super(config);
            }
          }
          void clients(Config config, java.util.List<Object> made) {
            made.add(new StringBuilder("clients"));
            // BUG: Diagnostic contains: constructs com.acme.web.Clients.TracedClient (catalog entry com.meilisearch.sdk.Client) outside the search adapter
            made.add(new TracedClient(config));
            // BUG: Diagnostic contains: constructs com.acme.web.Clients.TracedClient (catalog entry com.meilisearch.sdk.Client) outside the search adapter
            made.add(new TracedClient(config));
            // BUG: Diagnostic contains: constructs com.meilisearch.sdk.Client outside the search adapter
            made.add(new Client(config) { });
          }
        }
        """).doTest();
  }
}
