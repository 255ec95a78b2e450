package com.acme.http;

/** Test stub: the policies a {@link Client.Builder} takes. */
public final class Policies {
  public static final Policy NONE = new Policy() {};
  public static final Policy DEFAULT = new Policy() {};
  public static final boolean RETRIES_OFF = false;

  private Policies() {}

  public static Policy none() {
    return NONE;
  }

  public static Policy exponential() {
    return DEFAULT;
  }
}
