package com.acme.http;

/** Test stub: an address whose connections are web connections only for some schemes. */
public final class Address {
  private Address() {}

  public static Address of(String text) {
    return new Address();
  }

  /** Opens a connection of the kind the scheme selects; the caller names the kind it expects. */
  public <T extends Connection> T open() {
    return null;
  }

  /** A connection of some kind. */
  public static class Connection {}

  /** A connection that re-sends on its own. */
  public static class WebConnection extends Connection {}

  /** A secure web connection. */
  public static class SecureWebConnection extends WebConnection {}

  /** A connection to a local file. */
  public static class FileConnection extends Connection {}
}
