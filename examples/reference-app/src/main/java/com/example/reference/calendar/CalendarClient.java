package com.example.reference.calendar;

import com.example.reference.http.NoRetryHttp;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.retryowner.jobs.HttpOutcome;
import dev.retryowner.jobs.HttpOutcomeClassifier;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * The calendar's free/busy query, called while a visitor waits for the booking page. It sends the
 * request once: a transient failure becomes {@link CalendarUnavailable} at once, with no retry and
 * no sleep, because one layer owns retries (the job layer) and a visitor-facing call answers fast.
 */
public final class CalendarClient {
  /**
   * The job layer's table of transient and permanent answers; here a transient one is reported,
   * never retried, so a Retry-After only makes it transient (no snooze to cap).
   */
  private static final HttpOutcomeClassifier CLASSIFIER =
      HttpOutcomeClassifier.withSnoozeCap(Duration.ZERO);

  private final URI baseUrl;
  private final Duration timeout;
  private final HttpClient http;
  private final ObjectMapper json = new ObjectMapper();

  /**
   * @param baseUrl the calendar service, e.g. {@code https://calendar.example.com/}
   * @param timeout how long a visitor may wait for the connection and for the answer
   */
  public CalendarClient(URI baseUrl, Duration timeout) {
    this.baseUrl = baseUrl;
    this.timeout = timeout;
    this.http = NoRetryHttp.client(timeout);
  }

  /** The busy ranges of {@code calendarId} between {@code from} and {@code to}. */
  public List<BusySlot> busy(String calendarId, Instant from, Instant to)
      throws CalendarUnavailable {
    URI uri = baseUrl.resolve("calendars/" + encode(calendarId) + "/freebusy?from="
        + encode(from.toString()) + "&to=" + encode(to.toString()));
    HttpRequest request = HttpRequest.newBuilder(uri).timeout(timeout).GET().build();
    HttpResponse<String> response;
    try {
      response = http.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new CalendarUnavailable("calendar did not answer " + uri + ": " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CalendarUnavailable("interrupted while waiting for the calendar", e);
    }
    HttpOutcome outcome = CLASSIFIER.classify(response.statusCode(),
        response.headers().firstValue("Retry-After").orElse(null), Instant.now());
    switch (outcome.decision()) {
      case SUCCESS:
        return slots(response.body(), uri);
      case RETRY:
      case SNOOZE:
        throw new CalendarUnavailable("calendar answered " + response.statusCode() + " for "
            + uri + " (" + outcome.reason() + ")", null);
      default:
        throw new IllegalStateException("calendar rejected " + uri + " with "
            + response.statusCode() + ": " + response.body() + ". The request or the credentials"
            + " are wrong; retrying cannot help.");
    }
  }

  private List<BusySlot> slots(String body, URI uri) throws CalendarUnavailable {
    try {
      List<BusySlot> slots = new ArrayList<>();
      for (JsonNode slot : json.readTree(body).path("busy")) {
        slots.add(new BusySlot(Instant.parse(slot.path("start").asText()),
            Instant.parse(slot.path("end").asText())));
      }
      return slots;
    } catch (IOException | DateTimeParseException e) {
      throw new CalendarUnavailable("calendar sent an unreadable answer for " + uri + ": " + e, e);
    }
  }

  private static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }
}
