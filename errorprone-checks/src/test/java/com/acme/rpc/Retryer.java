package com.acme.rpc;

/** Test stub: how an RPC client retries; {@link #NEVER_RETRY} does not. */
public interface Retryer {
  Retryer NEVER_RETRY = new Retryer() {};

  /** Retries 5 times. */
  class Default implements Retryer {}
}
