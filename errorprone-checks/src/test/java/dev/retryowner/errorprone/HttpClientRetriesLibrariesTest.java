package dev.retryowner.errorprone;

import com.google.errorprone.CompilationTestHelper;
import org.junit.jupiter.api.Test;

/**
 * HttpClientRetries with the bundled catalog on the real libraries, in the cases Error Prone sees
 * from the source alone: receivers that are results of calls other than an origin, and implicitly
 * typed lambda parameters (the plugin's source engine resolves them only through the compiled
 * classes, see the fixtures under {@code fixtures/httpclientretries/jdk}).
 */
class HttpClientRetriesLibrariesTest {
  private final CompilationTestHelper helper =
      CompilationTestHelper.newInstance(HttpClientRetries.class, getClass());

  @Test
  void aNoRetryCallOnACopiedBuilderIsChecked() {
    helper.addSourceLines("com/acme/app/Clients.java", """
        package com.acme.app;
        import okhttp3.OkHttpClient;
        import retrofit2.Retrofit;
        class Clients {
          OkHttpClient retrying(OkHttpClient client) {
            // BUG: Diagnostic contains: calls okhttp3.OkHttpClient.Builder#retryOnConnectionFailure(true), which leaves its retries on
            return client.newBuilder().retryOnConnectionFailure(true).build();
          }
          OkHttpClient noRetry(OkHttpClient client) {
            return client.newBuilder().retryOnConnectionFailure(false).build();
          }
          Retrofit onAClient(Retrofit retrofit, OkHttpClient client) {
            return retrofit.newBuilder().client(client).build();
          }
        }
        """).doTest();
  }

  @Test
  void stripeRetryCountsOnBuildersNobodyStored() {
    helper.addSourceLines("com/acme/app/Payments.java", """
        package com.acme.app;
        import com.stripe.StripeClient;
        import com.stripe.net.RequestOptions;
        class Payments {
          void retrying() {
            // BUG: Diagnostic contains: calls com.stripe.StripeClient.StripeClientBuilder#setMaxNetworkRetries(3), which leaves its retries on; NoRetry is setMaxNetworkRetries(0)
            StripeClient.builder().setMaxNetworkRetries(3);
            // BUG: Diagnostic contains: StripeClientBuilder#setMaxNetworkRetries(3)
            new StripeClient.StripeClientBuilder().setMaxNetworkRetries(3);
            // BUG: Diagnostic contains: calls com.stripe.net.RequestOptions.RequestOptionsBuilder#setMaxNetworkRetries(2)
            RequestOptions.builder().setMaxNetworkRetries(2);
          }
          void noRetry() {
            StripeClient.builder().setMaxNetworkRetries(0);
            RequestOptions.builder().setMaxNetworkRetries(0);
          }
        }
        """).doTest();
  }

  @Test
  void awsRetryStrategiesBuiltOrConfiguredInALambda() {
    helper.addSourceLines("com/acme/app/Aws.java", """
        package com.acme.app;
        import software.amazon.awssdk.core.client.builder.SdkClientBuilder;
        import software.amazon.awssdk.core.retry.RetryMode;
        import software.amazon.awssdk.retries.DefaultRetryStrategy;
        import software.amazon.awssdk.retries.api.RetryStrategy;
        class Aws {
          RetryStrategy threeAttempts() {
            // BUG: Diagnostic contains: calls software.amazon.awssdk.retries.api.RetryStrategy.Builder#maxAttempts(3), which leaves its retries on; NoRetry is maxAttempts(1)
            return DefaultRetryStrategy.standardStrategyBuilder().maxAttempts(3).build();
          }
          RetryStrategy oneAttempt() {
            return DefaultRetryStrategy.standardStrategyBuilder().maxAttempts(1).build();
          }
          void standardMode(SdkClientBuilder<?, ?> client) {
            // BUG: Diagnostic contains: #retryStrategy(RetryMode.STANDARD), which leaves its retries on
            client.overrideConfiguration(c -> c.retryStrategy(RetryMode.STANDARD));
          }
        }
        """).doTest();
  }

  @Test
  void callsInsideLambdasOfOtherLibraries() {
    helper.addSourceLines("com/acme/app/Search.java", """
        package com.acme.app;
        import co.elastic.clients.transport.BackoffPolicy;
        import co.elastic.clients.transport.RetryConfig;
        import org.apache.hc.client5.http.impl.DefaultHttpRequestRetryStrategy;
        import org.apache.hc.core5.http.HttpHost;
        import org.apache.hc.core5.util.TimeValue;
        import org.opensearch.client.transport.httpclient5.ApacheHttpClient5TransportBuilder;
        class Search {
          RetryConfig elasticsearch() {
            // BUG: Diagnostic contains: calls co.elastic.clients.transport.RetryConfig#of(b -> b
            return RetryConfig.of(b -> b
                // BUG: Diagnostic contains: #backoffPolicy(BackoffPolicy.constantBackoff(100L, 3)) with an argument that is not a constant
                .backoffPolicy(BackoffPolicy.constantBackoff(100L, 3)));
          }
          Object openSearch(HttpHost host) {
            return ApacheHttpClient5TransportBuilder.builder(host)
                // BUG: Diagnostic contains: calls org.apache.hc.client5.http.impl.async.HttpAsyncClientBuilder#setRetryStrategy(
                .setHttpClientConfigCallback(b -> b.setRetryStrategy(
                    new DefaultHttpRequestRetryStrategy(3, TimeValue.ofSeconds(1))))
                .build();
          }
        }
        """).doTest();
  }

  @Test
  void factoriesAndConstructorsOnCallResults() throws Exception {
    helper.addSourceLines("com/acme/app/Legacy.java", """
        package com.acme.app;
        import feign.Feign;
        import feign.Retryer;
        import java.io.IOException;
        import java.net.HttpURLConnection;
        import java.net.URI;
        class Legacy {
          HttpURLConnection open(String address) throws IOException {
            // BUG: Diagnostic contains: calls java.net.URL#openConnection(), which returns a client with its retries on (its result is used as java.net.HttpURLConnection)
            return (HttpURLConnection) URI.create(address).toURL().openConnection();
          }
          Feign.Builder feignBuilder() {
            return Feign.builder().retryer(Retryer.NEVER_RETRY);
          }
          Feign.Builder fromAHelper() {
            // BUG: Diagnostic contains: constructs feign.Retryer.Default(), which builds a client with its retries on
            return feignBuilder().retryer(new Retryer.Default());
          }
        }
        """).doTest();
  }
}
