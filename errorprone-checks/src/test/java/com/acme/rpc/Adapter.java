package com.acme.rpc;

/** Test stub: an adapter over an HTTP client it is given, Retrofit-like. */
public final class Adapter {
  private Adapter() {}

  /** Builds an adapter; without a client it builds a default one that retries. */
  public static final class Builder {
    public Builder() {}

    public Builder client(Object client) {
      return this;
    }

    public Adapter build() {
      return new Adapter();
    }
  }
}
