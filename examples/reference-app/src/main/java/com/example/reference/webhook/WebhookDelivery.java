package com.example.reference.webhook;

import dev.retryowner.jobs.Discard;
import dev.retryowner.jobs.HttpOutcomeClassifier;
import dev.retryowner.jobs.Job;
import dev.retryowner.jobs.JobHandler;
import dev.retryowner.jobs.Snooze;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * {@code webhook.deliver}: one POST of one event to one endpoint, sent once. The handler only
 * classifies the answer; the kind's policy (Svix schedule, 18 attempts) decides when to try again.
 *
 * <p>Before sending it takes the endpoint's lease, so at most one delivery per endpoint is in
 * flight; a busy endpoint snoozes the job for {@link #BUSY_SNOOZE}, which spends no attempt. Every
 * answer but a 2xx marks the endpoint failing; a 2xx clears that. After
 * {@link WebhookEndpoints#DISABLE_AFTER} of failures the endpoint is disabled and the delivery
 * discarded.
 */
public final class WebhookDelivery implements JobHandler {
  /** How long a delivery may hold the endpoint; longer than the request timeout. */
  public static final Duration LEASE = Duration.ofSeconds(20);
  /** When to look again at a busy endpoint. */
  public static final Duration BUSY_SNOOZE = Duration.ofSeconds(2);
  /** How long to wait for the answer; with the connect timeout, shorter than the lease. */
  public static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(10);
  /** How long to wait for a connection to the receiver. */
  public static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);

  private final WebhookEvents events;
  private final WebhookEndpoints endpoints;
  private final HttpClient http;
  private final Clock clock;
  /** A receiver's Retry-After snoozes the delivery, by at most 10 h. */
  private final HttpOutcomeClassifier classifier = HttpOutcomeClassifier.forWebhooks();

  public WebhookDelivery(WebhookEvents events, WebhookEndpoints endpoints, HttpClient http,
      Clock clock) {
    this.events = events;
    this.endpoints = endpoints;
    this.http = http;
    this.clock = clock;
  }

  @Override
  public void handle(Job job) throws InterruptedException {
    String endpointId = job.arg(WebhookFanout.ENDPOINT_ARG);
    WebhookEvent event = events.find(job.arg(WebhookFanout.EVENT_ARG)).orElseThrow(
        () -> Discard.because("event " + job.arg(WebhookFanout.EVENT_ARG) + " was pruned"));
    WebhookEndpoint endpoint = endpoints.find(endpointId)
        .orElseThrow(() -> Discard.because("endpoint " + endpointId + " was deleted"));
    if (!endpoint.enabled()) {
      throw Discard.because("endpoint " + endpointId + " is disabled: "
          + endpoint.disabledReason());
    }
    Instant now = clock.instant();
    if (!endpoints.tryLease(endpointId, job.id(), now, now.plus(LEASE))) {
      throw Snooze.after(BUSY_SNOOZE);
    }
    try {
      deliver(event, endpoint, now);
    } finally {
      endpoints.release(endpointId, job.id());
    }
  }

  private void deliver(WebhookEvent event, WebhookEndpoint endpoint, Instant now)
      throws InterruptedException {
    HttpRequest.Builder request = HttpRequest.newBuilder(endpoint.url())
        .timeout(REQUEST_TIMEOUT)
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(event.payload()));
    WebhookSigner.headers(event.id(), now, event.payload(), endpoint.secret())
        .forEach(request::header);
    HttpResponse<Void> response;
    try {
      response = http.send(request.build(), HttpResponse.BodyHandlers.discarding());
    } catch (IOException e) {
      failed(endpoint, now);
      classifier.classifyFailure(e).throwUnlessSuccess();
      return;
    }
    if (response.statusCode() / 100 == 2) {
      endpoints.recordSuccess(endpoint.id());
      return;
    }
    failed(endpoint, now);
    Optional<String> retryAfter = response.headers().firstValue("Retry-After");
    classifier.classify(response.statusCode(), retryAfter.orElse(null), now).throwUnlessSuccess();
  }

  /** Marks the endpoint failing; once that disables it, this delivery ends too. */
  private void failed(WebhookEndpoint endpoint, Instant now) {
    WebhookEndpoint after = endpoints.recordFailure(endpoint.id(), now);
    if (after != null && !after.enabled()) {
      throw Discard.because("endpoint " + endpoint.id() + " disabled: " + after.disabledReason());
    }
  }
}
