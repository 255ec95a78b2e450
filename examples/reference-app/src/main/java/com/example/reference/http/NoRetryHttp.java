package com.example.reference.http;

import java.net.http.HttpClient;
import java.time.Duration;
import java.util.function.UnaryOperator;

/**
 * Builds the one kind of HTTP client this application uses: it sends each request once.
 *
 * <p>The JDK client re-sends a request after a failed connect unless the JVM started with
 * {@value #DISABLE_RETRY_CONNECT}{@code =true}; it reads that property once, when it first loads,
 * so it cannot be switched off in code. The factory refuses to build a client when the property
 * is missing, rather than handing out a client that quietly retries. HTTP/1.1 only (an HTTP/2
 * peer refusing a stream makes the client re-send, with no switch), and redirects are not
 * followed.
 */
public final class NoRetryHttp {
  /** The JVM property that turns the JDK client's connect retry off. */
  public static final String DISABLE_RETRY_CONNECT = "jdk.httpclient.disableRetryConnect";

  private NoRetryHttp() {}

  /** A client that sends each request once, with the given connect timeout. */
  public static HttpClient client(Duration connectTimeout) {
    return client(connectTimeout, System::getProperty);
  }

  /** As {@link #client(Duration)}, reading JVM properties through {@code properties}. */
  static HttpClient client(Duration connectTimeout, UnaryOperator<String> properties) {
    if (!Boolean.parseBoolean(properties.apply(DISABLE_RETRY_CONNECT))) {
      throw new IllegalStateException("The JDK HttpClient re-sends a request after a failed"
          + " connect unless the JVM starts with -D" + DISABLE_RETRY_CONNECT + "=true. Add it to"
          + " the java command line (for tests: surefire's argLine); only the job layer retries.");
    }
    return HttpClient.newBuilder()
        .version(HttpClient.Version.HTTP_1_1)
        .followRedirects(HttpClient.Redirect.NEVER)
        .connectTimeout(connectTimeout)
        .build();
  }
}
