package com.example.payments;

import java.time.Duration;
import okhttp3.OkHttpClient;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;

/** The payment provider's clients: one on OkHttp's defaults, one Apache client built NoRetry. */
public class PaymentGateway {
  private final OkHttpClient provider = new OkHttpClient(); // expect: HttpClientRetries

  private final CloseableHttpClient webhooks = HttpClients.custom()
      .disableAutomaticRetries()
      .build();

  public OkHttpClient statusClient() {
    return new OkHttpClient.Builder() // expect: HttpClientRetries
        .callTimeout(Duration.ofSeconds(5))
        .build();
  }

  public OkHttpClient provider() {
    return provider;
  }

  public CloseableHttpClient webhooks() {
    return webhooks;
  }
}
