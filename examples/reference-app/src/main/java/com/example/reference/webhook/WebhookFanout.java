package com.example.reference.webhook;

import dev.retryowner.jobs.Discard;
import dev.retryowner.jobs.EnqueueOptions;
import dev.retryowner.jobs.Job;
import dev.retryowner.jobs.JobHandler;
import dev.retryowner.jobs.JobKind;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/**
 * {@code webhook.fanout}: enqueues one {@code webhook.deliver} job per enabled endpoint for an
 * event, unique by (event, endpoint), so a re-run of the fan-out adds nothing. An endpoint that is
 * failing gets its new deliveries {@link #FAILING_COOLDOWN} out instead of at once: the deliveries
 * already retrying find out whether it is back, without a queue of new ones hammering it.
 */
public final class WebhookFanout implements JobHandler {
  public static final String EVENT_ARG = "event";
  public static final String ENDPOINT_ARG = "endpoint";
  public static final Duration FAILING_COOLDOWN = Duration.ofMinutes(5);

  /** Enqueues a job; the runtime's {@code enqueue}. */
  @FunctionalInterface
  public interface Enqueuer {
    long enqueue(JobKind kind, Map<String, String> args, EnqueueOptions options);
  }

  private final WebhookEvents events;
  private final WebhookEndpoints endpoints;
  private final Enqueuer enqueuer;
  private final Clock clock;

  public WebhookFanout(WebhookEvents events, WebhookEndpoints endpoints, Enqueuer enqueuer,
      Clock clock) {
    this.events = events;
    this.endpoints = endpoints;
    this.enqueuer = enqueuer;
    this.clock = clock;
  }

  @Override
  public void handle(Job job) {
    String eventId = job.arg(EVENT_ARG);
    if (events.find(eventId).isEmpty()) {
      throw Discard.because("event " + eventId + " was pruned");
    }
    Instant now = clock.instant();
    for (WebhookEndpoint endpoint : endpoints.enabled()) {
      Instant runAt = endpoint.failing().isPresent() ? now.plus(FAILING_COOLDOWN) : now;
      enqueuer.enqueue(WebhookKinds.DELIVER,
          Map.of(EVENT_ARG, eventId, ENDPOINT_ARG, endpoint.id()),
          EnqueueOptions.runAt(runAt).andUniqueByArgs());
    }
  }
}
