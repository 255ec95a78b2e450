package com.example.booking.infra.http;

import java.time.Duration;
import okhttp3.OkHttpClient;

/** The HTTP client every outbound call of the app shares. */
public final class HttpClientFactory {
  private HttpClientFactory() {}

  /** A client with timeouts that retries 5xx and 429 answers itself, {@code retryPause} apart. */
  public static OkHttpClient create(Duration retryPause) {
    return new OkHttpClient.Builder()
        .connectTimeout(Duration.ofSeconds(5))
        .callTimeout(Duration.ofSeconds(30))
        .addInterceptor(new RetryServerErrorsInterceptor(retryPause))
        .build();
  }
}
