package com.acme.http;

/** Test stub of an HTTP client library: a client and its builder, which retry by default. */
public class Client {
  public Client() {}

  public Client(String baseUrl) {}

  /** The builder; a new one retries connection failures. */
  public static class Builder {
    public Builder() {}

    public Builder retries(boolean on) {
      return this;
    }

    public Builder policy(Policy policy) {
      return this;
    }

    public Builder timeout(int seconds) {
      return this;
    }

    public Builder retryOn5xx(int times) {
      return this;
    }

    public Client build() {
      return new Client();
    }
  }
}
