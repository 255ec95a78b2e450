package com.example.reference.testing;

import com.example.reference.testing.Loopback.Reply;
import com.example.reference.testing.Loopback.Request;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The two Meilisearch endpoints the adapter uses, answered as Meilisearch answers them, on a
 * {@link Loopback} server: add or replace documents (202 with an enqueued task, applied at once
 * here) and search (a case-insensitive substring match on title and text).
 */
public final class FakeMeilisearch implements AutoCloseable {
  private static final Pattern DOCUMENTS = Pattern.compile("/indexes/([^/]+)/documents(\\?.*)?");
  private static final Pattern SEARCH = Pattern.compile("/indexes/([^/]+)/search");
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Loopback server;
  private final String apiKey;
  private final Map<String, Map<String, JsonNode>> indexes = new LinkedHashMap<>();
  private final AtomicInteger tasks = new AtomicInteger();

  private FakeMeilisearch(String apiKey) throws IOException {
    this.apiKey = apiKey;
    this.server = Loopback.start().otherwise(this::answer);
  }

  public static FakeMeilisearch start(String apiKey) throws IOException {
    return new FakeMeilisearch(apiKey);
  }

  /** The server, to script failures before the fake answers ({@link Loopback#reply}). */
  public Loopback server() {
    return server;
  }

  /** The stored documents of an index, by primary key. */
  public synchronized Map<String, JsonNode> documents(String index) {
    return Map.copyOf(indexes.getOrDefault(index, Map.of()));
  }

  private synchronized Reply answer(Request request) {
    if (!("Bearer " + apiKey).equals(request.header("Authorization"))) {
      return Reply.json(403, "{\"message\":\"The provided API key is invalid.\","
          + "\"code\":\"invalid_api_key\",\"type\":\"auth\"}");
    }
    try {
      Matcher documents = DOCUMENTS.matcher(request.path());
      if (request.method().equals("POST") && documents.matches()) {
        return addDocuments(documents.group(1), JSON.readTree(request.body()));
      }
      Matcher search = SEARCH.matcher(request.path());
      if (request.method().equals("POST") && search.matches()) {
        return search(search.group(1), JSON.readTree(request.body()).path("q").asText());
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return Reply.json(404, "{\"message\":\"Not found\",\"code\":\"not_found\"}");
  }

  private Reply addDocuments(String index, JsonNode documents) {
    Map<String, JsonNode> stored = indexes.computeIfAbsent(index, name -> new LinkedHashMap<>());
    documents.forEach(document -> stored.put(document.path("id").asText(), document));
    ObjectNode task = JSON.createObjectNode().put("taskUid", tasks.incrementAndGet())
        .put("indexUid", index).put("status", "enqueued")
        .put("type", "documentAdditionOrUpdate").put("enqueuedAt", "2026-11-30T09:00:00Z");
    return Reply.json(202, task.toString());
  }

  private Reply search(String index, String query) {
    String needle = query.toLowerCase(Locale.ROOT);
    ArrayNode hits = JSON.createArrayNode();
    indexes.getOrDefault(index, Map.of()).values().stream()
        .filter(document -> (document.path("title").asText() + " " + document.path("text")
            .asText()).toLowerCase(Locale.ROOT).contains(needle))
        .forEach(hits::add);
    ObjectNode answer = JSON.createObjectNode();
    answer.set("hits", hits);
    answer.put("query", query).put("processingTimeMs", 0).put("limit", 20).put("offset", 0)
        .put("estimatedTotalHits", hits.size());
    return Reply.json(200, answer.toString());
  }

  @Override
  public void close() {
    server.close();
  }
}
