package com.acme.fluent;

/** Test stub of an immutable fluent client: every setting returns a new client. */
public final class Fluent {
  private Fluent() {}

  public static Fluent create() {
    return new Fluent();
  }

  public Fluent baseUrl(String url) {
    return this;
  }

  public Fluent disableRetry(boolean disable) {
    return this;
  }

  public Request get() {
    return new Request();
  }

  /** What sending starts with; no longer a client setting. */
  public static final class Request {}
}
