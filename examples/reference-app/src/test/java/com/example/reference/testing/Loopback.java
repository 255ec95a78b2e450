package com.example.reference.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A real HTTP server on 127.0.0.1 for tests: records every request it receives and answers with
 * scripted replies (first the queued ones, in order, then the fallback).
 */
public final class Loopback implements AutoCloseable {
  /** A request as received. */
  public record Request(String method, String path, Map<String, List<String>> headers,
      String body) {
    public String header(String name) {
      return headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
          .map(e -> e.getValue().get(0)).findFirst().orElse(null);
    }
  }

  /** An answer to send. */
  public record Reply(int status, Map<String, String> headers, String body) {
    public static Reply of(int status) {
      return new Reply(status, Map.of(), "");
    }

    public static Reply json(int status, String body) {
      return new Reply(status, Map.of("Content-Type", "application/json"), body);
    }

    public Reply withHeader(String name, String value) {
      Map<String, String> more = new java.util.LinkedHashMap<>(headers);
      more.put(name, value);
      return new Reply(status, more, body);
    }
  }

  private final HttpServer server;
  private final List<Request> requests = new ArrayList<>();
  private final Deque<Reply> queued = new ArrayDeque<>();
  private Function<Request, Reply> fallback = request -> Reply.of(200);

  private Loopback() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/", this::answer);
    server.start();
  }

  public static Loopback start() throws IOException {
    return new Loopback();
  }

  /** The replies to the next requests, in order. */
  public synchronized Loopback reply(Reply... replies) {
    queued.addAll(List.of(replies));
    return this;
  }

  /** The reply to every request once the queued replies are used up. */
  public synchronized Loopback otherwise(Function<Request, Reply> answer) {
    fallback = answer;
    return this;
  }

  public URI uri(String path) {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path);
  }

  public synchronized List<Request> requests() {
    return List.copyOf(requests);
  }

  private void answer(HttpExchange exchange) throws IOException {
    String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
    Request request = new Request(exchange.getRequestMethod(),
        exchange.getRequestURI().toString(), Map.copyOf(exchange.getRequestHeaders()), body);
    Reply reply;
    synchronized (this) {
      requests.add(request);
      reply = queued.isEmpty() ? fallback.apply(request) : queued.poll();
    }
    byte[] bytes = reply.body().getBytes(StandardCharsets.UTF_8);
    reply.headers().forEach(exchange.getResponseHeaders()::add);
    exchange.sendResponseHeaders(reply.status(), bytes.length == 0 ? -1 : bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
