package com.example.booking.infra.http;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import okhttp3.Interceptor;
import okhttp3.Request;
import okhttp3.Response;

/** Sends a request again while the server answers 5xx or 429: {@value #MAX_ATTEMPTS} attempts in all. */
public class RetryServerErrorsInterceptor implements Interceptor {
  public static final int MAX_ATTEMPTS = 3;

  private final Duration pause;

  public RetryServerErrorsInterceptor(Duration pause) {
    this.pause = pause;
  }

  @Override
  public Response intercept(Chain chain) throws IOException {
    Request request = chain.request();
    Response response = chain.proceed(request);
    int attempt = 1;
    while ((response.code() >= 500 || response.code() == 429) && attempt < MAX_ATTEMPTS) {
      response.close();
      pause();
      attempt++;
      response = chain.proceed(request);
    }
    return response;
  }

  private void pause() throws InterruptedIOException {
    try {
      Thread.sleep(pause.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted between attempts");
    }
  }
}
