package dev.retryowner.jobs.panel;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** A java.net.http client for the panel's tests: GETs, form POSTs, and the page's CSRF token. */
final class PanelClient {
  private static final Pattern CSRF = Pattern.compile("name=\"csrf\" value=\"([^\"]+)\"");

  private final HttpClient http = noRetryClient();
  private final URI base;
  private final Map<String, String> headers = new LinkedHashMap<>();

  PanelClient(URI base) {
    this.base = base;
  }

  /** Sends each request once: HTTP/1.1, no redirects, connect retry off (surefire's argLine). */
  private static HttpClient noRetryClient() {
    return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
        .followRedirects(HttpClient.Redirect.NEVER).build();
  }

  /** Sends {@code name: value} with every later request. */
  PanelClient header(String name, String value) {
    headers.put(name, value);
    return this;
  }

  HttpResponse<String> get(String path) {
    return send(request(path).GET());
  }

  HttpResponse<String> post(String path, Map<String, String> form) {
    String body = form.entrySet().stream()
        .map(pair -> encode(pair.getKey()) + "=" + encode(pair.getValue()))
        .collect(Collectors.joining("&"));
    return send(request(path).header("Content-Type", "application/x-www-form-urlencoded")
        .POST(HttpRequest.BodyPublishers.ofString(body)));
  }

  /** The CSRF token of the overview page's forms (the application's actions). */
  String csrfToken() {
    return csrfToken("/");
  }

  /** The CSRF token of the forms on the page {@code path}. */
  String csrfToken(String path) {
    Matcher token = CSRF.matcher(get(path).body());
    if (!token.find()) {
      throw new AssertionError("the page " + path + " has no form with a CSRF token");
    }
    return token.group(1);
  }

  private HttpRequest.Builder request(String path) {
    HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path));
    headers.forEach(request::header);
    return request;
  }

  private HttpResponse<String> send(HttpRequest.Builder request) {
    try {
      return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new AssertionError("the panel did not answer: " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted", e);
    }
  }

  private static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }
}
