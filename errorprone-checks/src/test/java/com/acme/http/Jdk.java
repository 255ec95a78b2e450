package com.acme.http;

/** Test stub: a client that only a JVM property keeps from retrying. */
public final class Jdk {
  private Jdk() {}

  public static Object newClient() {
    return new Object();
  }
}
