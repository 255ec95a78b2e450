package com.example.reference.search.meili;

import com.example.reference.corpus.CorpusDocument;
import com.example.reference.http.NoRetryHttp;
import com.example.reference.search.SearchPort;
import com.example.reference.search.SearchRejected;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Meilisearch over its HTTP API, the only place that talks to it. It does not use the
 * meilisearch-java SDK: every SDK {@code Config} builds a default OkHttp client that re-sends on
 * its own, with no switch to turn that off (docs/rules/MeiliClientRetries.md). It speaks the two
 * endpoints the application needs through a {@link NoRetryHttp} client instead, so a failed
 * request is sent once and the {@code corpus.index} job retries it by its policy.
 */
public final class MeilisearchAdapter implements SearchPort {
  /** Meilisearch's rule for index uids; anything else could change the request path. */
  private static final Pattern INDEX_UID = Pattern.compile("[A-Za-z0-9_-]{1,400}");
  private static final String JSON = "application/json";

  private final URI host;
  private final String apiKey;
  private final Duration requestTimeout;
  private final HttpClient http;
  private final ObjectMapper json = new ObjectMapper();

  /**
   * @param host the server, e.g. {@code http://localhost:7700}
   * @param apiKey sent as a bearer token; null for a server without a master key
   */
  public MeilisearchAdapter(URI host, String apiKey, Duration requestTimeout) {
    if (host == null || host.getScheme() == null || host.getHost() == null) {
      throw new IllegalArgumentException("Meilisearch needs an absolute http(s) URL such as"
          + " http://localhost:7700, got " + host);
    }
    this.host = host;
    this.apiKey = apiKey;
    this.requestTimeout = requestTimeout;
    this.http = NoRetryHttp.client(requestTimeout);
  }

  @Override
  public void upsert(String index, List<CorpusDocument> documents)
      throws IOException, SearchRejected {
    send(post("/indexes/" + indexUid(index) + "/documents?primaryKey=id", documents));
  }

  @Override
  public List<CorpusDocument> search(String index, String query)
      throws IOException, SearchRejected {
    JsonNode answer = json.readTree(
        send(post("/indexes/" + indexUid(index) + "/search", Map.of("q", query))));
    List<CorpusDocument> hits = new ArrayList<>();
    for (JsonNode hit : answer.path("hits")) {
      hits.add(new CorpusDocument(hit.path("id").asText(), hit.path("title").asText(null),
          hit.path("text").asText(null)));
    }
    return hits;
  }

  private HttpRequest post(String path, Object body) throws JsonProcessingException {
    HttpRequest.Builder request = HttpRequest.newBuilder(host.resolve(path))
        .timeout(requestTimeout)
        .header("Content-Type", JSON)
        .POST(HttpRequest.BodyPublishers.ofString(json.writeValueAsString(body)));
    if (apiKey != null) {
      request.header("Authorization", "Bearer " + apiKey);
    }
    return request.build();
  }

  /** Sends once; a status that is not 2xx is a {@link SearchRejected}. */
  private String send(HttpRequest request) throws IOException, SearchRejected {
    HttpResponse<String> response;
    try {
      response = http.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while waiting for Meilisearch at " + request.uri(), e);
    }
    if (response.statusCode() / 100 != 2) {
      throw new SearchRejected(response.statusCode(),
          response.headers().firstValue("Retry-After").orElse(null), response.body());
    }
    return response.body();
  }

  private static String indexUid(String index) {
    if (index == null || !INDEX_UID.matcher(index).matches()) {
      throw new IllegalArgumentException("A Meilisearch index uid has 1 to 400 letters, digits,"
          + " '-' or '_', got '" + index + "'");
    }
    return index;
  }
}
