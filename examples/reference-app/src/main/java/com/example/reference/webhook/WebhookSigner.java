package com.example.reference.webhook;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The Standard Webhooks headers of one delivery attempt. The id is the event id on every attempt
 * (receivers dedupe on it); the timestamp is the attempt's, so receivers can reject replays.
 */
public final class WebhookSigner {
  public static final String ID = "webhook-id";
  public static final String TIMESTAMP = "webhook-timestamp";
  public static final String SIGNATURE = "webhook-signature";
  private static final String HMAC = "HmacSHA256";

  private WebhookSigner() {}

  /** The three headers for {@code body} sent as event {@code id} at {@code sentAt}. */
  public static Map<String, String> headers(String id, Instant sentAt, String body,
      WebhookSecret secret) {
    String timestamp = Long.toString(sentAt.getEpochSecond());
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put(ID, id);
    headers.put(TIMESTAMP, timestamp);
    headers.put(SIGNATURE, "v1," + sign(id + "." + timestamp + "." + body, secret));
    return headers;
  }

  /** Base64 of HMAC-SHA256 over {@code content} with the secret's key. */
  static String sign(String content, WebhookSecret secret) {
    try {
      Mac mac = Mac.getInstance(HMAC);
      mac.init(new SecretKeySpec(secret.key(), HMAC));
      return Base64.getEncoder()
          .encodeToString(mac.doFinal(content.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException | InvalidKeyException e) {
      throw new IllegalStateException("Every Java runtime provides " + HMAC + ": " + e, e);
    }
  }
}
