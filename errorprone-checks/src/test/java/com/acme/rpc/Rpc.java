package com.acme.rpc;

/** Test stub of an RPC client builder that takes a {@link Retryer} and a transport. */
public final class Rpc {
  private Rpc() {}

  public static Builder builder() {
    return new Builder();
  }

  /** Configures an RPC client. */
  public static final class Builder {
    public Builder retryer(Retryer retryer) {
      return this;
    }

    public Builder transport(Object transport) {
      return this;
    }

    public <T> T target(Class<T> api) {
      return null;
    }
  }
}
