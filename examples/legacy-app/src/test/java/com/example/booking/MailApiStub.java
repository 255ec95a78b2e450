package com.example.booking;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A loopback stand-in for the mail provider: answers every request with one status and keeps the bodies. */
final class MailApiStub implements AutoCloseable {
  private final HttpServer server;
  private final List<String> requestBodies = new CopyOnWriteArrayList<>();

  private MailApiStub(int status) {
    try {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    server.createContext("/", exchange -> {
      requestBodies.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
      exchange.sendResponseHeaders(status, -1);
      exchange.close();
    });
    server.start();
  }

  static MailApiStub answering(int status) {
    return new MailApiStub(status);
  }

  URI baseUrl() {
    return URI.create("http://" + server.getAddress().getHostString() + ":" + server.getAddress().getPort() + "/");
  }

  int requests() {
    return requestBodies.size();
  }

  List<String> requestBodies() {
    return List.copyOf(requestBodies);
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
