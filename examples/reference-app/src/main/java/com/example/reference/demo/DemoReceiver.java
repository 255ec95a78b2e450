package com.example.reference.demo;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The panel demo's webhook receiver on loopback: it answers {@code 410 Gone} to the first delivery
 * of each event (so the job layer discards it) and {@code 204} afterwards, as if someone fixed it
 * in between, so that "redeliver" in the panel then succeeds.
 */
final class DemoReceiver implements AutoCloseable {
  private final HttpServer server;
  private final Set<String> seen = ConcurrentHashMap.newKeySet();

  private DemoReceiver(HttpServer server) {
    this.server = server;
  }

  static DemoReceiver start() throws IOException {
    HttpServer server = HttpServer.create(
        new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    DemoReceiver receiver = new DemoReceiver(server);
    server.createContext("/", exchange -> {
      try (exchange; InputStream body = exchange.getRequestBody()) {
        body.readAllBytes();
        boolean first = receiver.seen.add(String.valueOf(
            exchange.getRequestHeaders().getFirst("webhook-id")));
        exchange.sendResponseHeaders(first ? 410 : 204, -1);
      }
    });
    server.start();
    return receiver;
  }

  URI uri(String path) {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path);
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
