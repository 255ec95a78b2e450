package com.example.reference.webhook;

import java.util.Arrays;
import java.util.Base64;

/**
 * An endpoint's signing secret in the Standard Webhooks form: {@code whsec_} followed by the
 * base64 of the key bytes.
 */
public final class WebhookSecret {
  static final String PREFIX = "whsec_";

  private final byte[] key;

  private WebhookSecret(byte[] key) {
    this.key = key;
  }

  /** Reads a secret such as {@code whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw}. */
  public static WebhookSecret parse(String text) {
    if (text == null || !text.startsWith(PREFIX)) {
      throw new IllegalArgumentException("A webhook secret starts with '" + PREFIX + "' followed"
          + " by base64 key bytes (Standard Webhooks), e.g. whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw;"
          + " got " + (text == null ? "null" : "a value without that prefix"));
    }
    byte[] key;
    try {
      key = Base64.getDecoder().decode(text.substring(PREFIX.length()));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("The webhook secret after '" + PREFIX + "' is not"
          + " base64: " + e.getMessage() + ". Generate one as " + PREFIX
          + "<base64 of 24 to 64 random bytes>.", e);
    }
    if (key.length == 0) {
      throw new IllegalArgumentException("The webhook secret has no key bytes after '" + PREFIX
          + "'. Generate one as " + PREFIX + "<base64 of 24 to 64 random bytes>.");
    }
    return new WebhookSecret(key);
  }

  byte[] key() {
    return Arrays.copyOf(key, key.length);
  }

  /** Never prints the key. */
  @Override
  public String toString() {
    return PREFIX + "…";
  }
}
