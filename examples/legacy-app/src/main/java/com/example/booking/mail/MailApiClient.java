package com.example.booking.mail;

import java.io.IOException;
import java.net.URI;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;

/** The mail provider's HTTP API: each message is one POST to {@code v1/send}. */
public class MailApiClient {
  private static final MediaType JSON = MediaType.get("application/json");

  private final OkHttpClient http;
  private final HttpUrl sendUrl;

  public MailApiClient(OkHttpClient http, URI baseUrl) {
    this.http = http;
    this.sendUrl = HttpUrl.get(baseUrl.resolve("v1/send"));
  }

  /** Throws {@link MailDeliveryException} unless the API answered 2xx. */
  public void send(MailMessage message) {
    Request request = new Request.Builder()
        .url(sendUrl)
        .post(RequestBody.create(message.toJson(), JSON))
        .build();
    try (Response response = http.newCall(request).execute()) {
      if (!response.isSuccessful()) {
        throw new MailDeliveryException("mail API answered " + response.code() + " for " + message.to());
      }
    } catch (IOException e) {
      throw new MailDeliveryException("mail API unreachable for " + message.to(), e);
    }
  }
}
