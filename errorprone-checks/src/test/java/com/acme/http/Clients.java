package com.acme.http;

import java.net.URI;

/** Test stub: factories of {@link Client}. */
public final class Clients {
  private Clients() {}

  public static Client.Builder custom() {
    return new Client.Builder();
  }

  public static Client createDefault() {
    return new Client();
  }

  public static Client create(String baseUrl) {
    return new Client(baseUrl);
  }

  public static Client create(URI baseUrl) {
    return new Client(baseUrl.toString());
  }
}
