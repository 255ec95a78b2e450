package dev.retryowner.errorprone;

import static com.google.errorprone.BugCheckerRefactoringTestHelper.TestMode.TEXT_MATCH;

import com.google.errorprone.BugCheckerRefactoringTestHelper;
import org.junit.jupiter.api.Test;

/**
 * The suggested fix for every client of the bundled catalog with a one-call switch, on the real
 * libraries: the NoRetry call goes in before the call that builds the client, at the end of a
 * fluent client's chain, or right after a builder stored in a variable; a NoRetry call with
 * another argument gets the NoRetry one.
 */
class HttpClientRetriesLibraryFixesTest {
  private final BugCheckerRefactoringTestHelper helper =
      BugCheckerRefactoringTestHelper.newInstance(HttpClientRetries.class, getClass());

  @Test
  void okHttp() {
    helper.addInputLines("com/acme/app/Clients.java", """
        package com.acme.app;
        import java.time.Duration;
        import okhttp3.OkHttpClient;
        class Clients {
          OkHttpClient client() {
            return new OkHttpClient.Builder()
                .connectTimeout(Duration.ofSeconds(2))
                .build();
          }
          OkHttpClient turnedOn(OkHttpClient base) {
            return base.newBuilder().retryOnConnectionFailure(true).build();
          }
        }
        """).addOutputLines("com/acme/app/Clients.java", """
        package com.acme.app;
        import java.time.Duration;
        import okhttp3.OkHttpClient;
        class Clients {
          OkHttpClient client() {
            return new OkHttpClient.Builder()
                .connectTimeout(Duration.ofSeconds(2))
                .retryOnConnectionFailure(false)
                .build();
          }
          OkHttpClient turnedOn(OkHttpClient base) {
            return base.newBuilder().retryOnConnectionFailure(false).build();
          }
        }
        """).doTest(TEXT_MATCH);
  }

  @Test
  void apacheHttpClient4And5() {
    helper.addInputLines("com/acme/app/Clients.java", """
        package com.acme.app;
        import org.apache.hc.client5.http.impl.async.HttpAsyncClientBuilder;
        import org.apache.hc.client5.http.impl.async.HttpAsyncClients;
        class Clients {
          Object classic4() {
            return org.apache.http.impl.client.HttpClients.custom().setUserAgent("a").build();
          }
          Object classic5() {
            return org.apache.hc.client5.http.impl.classic.HttpClientBuilder.create().build();
          }
          Object async5() {
            HttpAsyncClientBuilder builder = HttpAsyncClients.custom();
            builder.setUserAgent("a");
            return builder.build();
          }
          Object http2() {
            return HttpAsyncClients.customHttp2().setUserAgent("a").build();
          }
        }
        """).addOutputLines("com/acme/app/Clients.java", """
        package com.acme.app;
        import org.apache.hc.client5.http.impl.async.HttpAsyncClientBuilder;
        import org.apache.hc.client5.http.impl.async.HttpAsyncClients;
        class Clients {
          Object classic4() {
            return org.apache.http.impl.client.HttpClients.custom().setUserAgent("a").disableAutomaticRetries().build();
          }
          Object classic5() {
            return org.apache.hc.client5.http.impl.classic.HttpClientBuilder.create().disableAutomaticRetries().build();
          }
          Object async5() {
            HttpAsyncClientBuilder builder = HttpAsyncClients.custom().disableAutomaticRetries();
            builder.setUserAgent("a");
            return builder.build();
          }
          Object http2() {
            return HttpAsyncClients.customHttp2().setUserAgent("a").disableAutomaticRetries().build();
          }
        }
        """).doTest(TEXT_MATCH);
  }

  @Test
  void reactorNettyAFluentClient() {
    helper.addInputLines("com/acme/app/Clients.java", """
        package com.acme.app;
        import java.time.Duration;
        import reactor.netty.http.client.HttpClient;
        class Clients {
          HttpClient client() {
            return HttpClient.create().responseTimeout(Duration.ofSeconds(5));
          }
          HttpClient keptOn() {
            return HttpClient.create().disableRetry(false);
          }
        }
        """).addOutputLines("com/acme/app/Clients.java", """
        package com.acme.app;
        import java.time.Duration;
        import reactor.netty.http.client.HttpClient;
        class Clients {
          HttpClient client() {
            return HttpClient.create().responseTimeout(Duration.ofSeconds(5)).disableRetry(true);
          }
          HttpClient keptOn() {
            return HttpClient.create().disableRetry(true);
          }
        }
        """).doTest(TEXT_MATCH);
  }

  @Test
  void feignImportsTheNeverRetryConstant() {
    helper.addInputLines("com/acme/app/Clients.java", """
        package com.acme.app;
        import feign.AsyncFeign;
        import feign.Feign;
        class Clients {
          Runnable sync(String url) {
            return Feign.builder().target(Runnable.class, url);
          }
          Object async(String url) {
            return AsyncFeign.builder().target(Runnable.class, url);
          }
          Runnable onTheDefault(String url) {
            return Feign.builder().retryer(new feign.Retryer.Default()).target(Runnable.class, url);
          }
        }
        """).addOutputLines("com/acme/app/Clients.java", """
        package com.acme.app;
        import feign.AsyncFeign;
        import feign.Feign;
        import feign.Retryer;
        class Clients {
          Runnable sync(String url) {
            return Feign.builder().retryer(Retryer.NEVER_RETRY).target(Runnable.class, url);
          }
          Object async(String url) {
            return AsyncFeign.builder().retryer(Retryer.NEVER_RETRY).target(Runnable.class, url);
          }
          Runnable onTheDefault(String url) {
            return Feign.builder().retryer(Retryer.NEVER_RETRY).target(Runnable.class, url);
          }
        }
        """).doTest(TEXT_MATCH);
  }

  @Test
  void grpc() {
    helper.addInputLines("com/acme/app/Channels.java", """
        package com.acme.app;
        import io.grpc.ManagedChannel;
        import io.grpc.ManagedChannelBuilder;
        class Channels {
          ManagedChannel channel(String host, int port) {
            return ManagedChannelBuilder.forAddress(host, port).usePlaintext().build();
          }
        }
        """).addOutputLines("com/acme/app/Channels.java", """
        package com.acme.app;
        import io.grpc.ManagedChannel;
        import io.grpc.ManagedChannelBuilder;
        class Channels {
          ManagedChannel channel(String host, int port) {
            return ManagedChannelBuilder.forAddress(host, port).usePlaintext().disableRetry().build();
          }
        }
        """).doTest(TEXT_MATCH);
  }

  @Test
  void awsImportsTheOwnersOfTheNoRetryStrategyAndPolicy() {
    helper.addInputLines("com/acme/app/Aws.java", """
        package com.acme.app;
        import com.amazonaws.ClientConfiguration;
        import java.time.Duration;
        import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
        import software.amazon.awssdk.core.retry.RetryMode;
        class Aws {
          ClientOverrideConfiguration v2() {
            return ClientOverrideConfiguration.builder().apiCallTimeout(Duration.ofSeconds(5)).build();
          }
          ClientOverrideConfiguration v2Standard() {
            return ClientOverrideConfiguration.builder().retryStrategy(RetryMode.STANDARD).build();
          }
          ClientConfiguration v1() {
            return new ClientConfiguration().withConnectionTimeout(2_000);
          }
        }
        """).addOutputLines("com/acme/app/Aws.java", """
        package com.acme.app;
        import com.amazonaws.ClientConfiguration;
        import com.amazonaws.retry.PredefinedRetryPolicies;
        import java.time.Duration;
        import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
        import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
        import software.amazon.awssdk.core.retry.RetryMode;
        class Aws {
          ClientOverrideConfiguration v2() {
            return ClientOverrideConfiguration.builder().apiCallTimeout(Duration.ofSeconds(5)).retryStrategy(AwsRetryStrategy.doNotRetry()).build();
          }
          ClientOverrideConfiguration v2Standard() {
            return ClientOverrideConfiguration.builder().retryStrategy(AwsRetryStrategy.doNotRetry()).build();
          }
          ClientConfiguration v1() {
            return new ClientConfiguration().withConnectionTimeout(2_000).withRetryPolicy(PredefinedRetryPolicies.NO_RETRY_POLICY);
          }
        }
        """).doTest(TEXT_MATCH);
  }

  @Test
  void googleAzureAndElasticsearchSettings() {
    helper.addInputLines("com/acme/app/Settings.java", """
        package com.acme.app;
        import co.elastic.clients.transport.RetryConfig;
        import com.azure.core.http.policy.ExponentialBackoffOptions;
        import com.google.api.gax.retrying.RetrySettings;
        import java.time.Duration;
        class Settings {
          RetrySettings google() {
            return RetrySettings.newBuilder().setTotalTimeoutDuration(Duration.ofSeconds(30)).build();
          }
          ExponentialBackoffOptions azure() {
            return new ExponentialBackoffOptions().setBaseDelay(Duration.ofMillis(100));
          }
          RetryConfig elasticsearch() {
            return RetryConfig.builder().build();
          }
        }
        """).addOutputLines("com/acme/app/Settings.java", """
        package com.acme.app;
        import co.elastic.clients.transport.BackoffPolicy;
        import co.elastic.clients.transport.RetryConfig;
        import com.azure.core.http.policy.ExponentialBackoffOptions;
        import com.google.api.gax.retrying.RetrySettings;
        import java.time.Duration;
        class Settings {
          RetrySettings google() {
            return RetrySettings.newBuilder().setTotalTimeoutDuration(Duration.ofSeconds(30)).setMaxAttempts(1).build();
          }
          ExponentialBackoffOptions azure() {
            return new ExponentialBackoffOptions().setBaseDelay(Duration.ofMillis(100)).setMaxRetries(0);
          }
          RetryConfig elasticsearch() {
            return RetryConfig.builder().backoffPolicy(BackoffPolicy.noBackoff()).build();
          }
        }
        """).doTest(TEXT_MATCH);
  }

  @Test
  void aiSdksAndStripe() {
    helper.addInputLines("com/acme/app/Sdks.java", """
        package com.acme.app;
        import com.anthropic.client.okhttp.AnthropicOkHttpClient;
        import com.openai.client.okhttp.OpenAIOkHttpClient;
        import com.stripe.StripeClient;
        class Sdks {
          Object openAi(String key) {
            return OpenAIOkHttpClient.builder().apiKey(key).build();
          }
          Object anthropic(String key) {
            return new AnthropicOkHttpClient.Builder().apiKey(key).build();
          }
          StripeClient stripe(String key) {
            return StripeClient.builder().setApiKey(key).setMaxNetworkRetries(2).build();
          }
        }
        """).addOutputLines("com/acme/app/Sdks.java", """
        package com.acme.app;
        import com.anthropic.client.okhttp.AnthropicOkHttpClient;
        import com.openai.client.okhttp.OpenAIOkHttpClient;
        import com.stripe.StripeClient;
        class Sdks {
          Object openAi(String key) {
            return OpenAIOkHttpClient.builder().apiKey(key).maxRetries(0).build();
          }
          Object anthropic(String key) {
            return new AnthropicOkHttpClient.Builder().apiKey(key).maxRetries(0).build();
          }
          StripeClient stripe(String key) {
            return StripeClient.builder().setApiKey(key).setMaxNetworkRetries(0).build();
          }
        }
        """).doTest(TEXT_MATCH);
  }

  @Test
  void clientsWhoseSwitchIsAnotherClientGetNoFix() {
    helper.addInputLines("com/acme/app/Clients.java", """
        package com.acme.app;
        import org.springframework.web.client.RestClient;
        import retrofit2.Retrofit;
        class Clients {
          Retrofit retrofit(String url) {
            return new Retrofit.Builder().baseUrl(url).build();
          }
          RestClient restClient(String url) {
            return RestClient.builder().baseUrl(url).build();
          }
        }
        """).expectUnchanged().doTest(TEXT_MATCH);
  }
}
