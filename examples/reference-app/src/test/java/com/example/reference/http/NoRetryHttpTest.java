package com.example.reference.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.http.HttpClient;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NoRetryHttpTest {
  @Test
  void buildsAnHttp11ClientThatFollowsNoRedirectsWhenTheJvmDisablesTheConnectRetry() {
    HttpClient client = NoRetryHttp.client(Duration.ofSeconds(1),
        Map.of(NoRetryHttp.DISABLE_RETRY_CONNECT, "true")::get);

    assertThat(client.version()).isEqualTo(HttpClient.Version.HTTP_1_1);
    assertThat(client.followRedirects()).isEqualTo(HttpClient.Redirect.NEVER);
    assertThat(client.connectTimeout()).contains(Duration.ofSeconds(1));
  }

  @Test
  void refusesToBuildAClientWhenTheJvmStartedWithoutTheProperty() {
    assertThatThrownBy(() -> NoRetryHttp.client(Duration.ofSeconds(1), name -> null))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("-Djdk.httpclient.disableRetryConnect=true");
  }

  @Test
  void theTestJvmStartsWithThePropertyAsEveryLaunchMust() {
    assertThat(Boolean.getBoolean(NoRetryHttp.DISABLE_RETRY_CONNECT)).isTrue();
  }
}
