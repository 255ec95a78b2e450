package com.example.reference.webhook;

import dev.retryowner.jobs.Backoff;
import dev.retryowner.jobs.JobKind;
import dev.retryowner.jobs.RetryPolicy;
import dev.retryowner.jobs.WhenExhausted;
import java.time.Duration;

/** The webhook job kinds and their retry policies, declared as data. */
public final class WebhookKinds {
  public static final String QUEUE = "webhooks";

  /** Finds the endpoints of an event and enqueues one delivery each. */
  public static final JobKind FANOUT = JobKind.builder("webhook.fanout").queue(QUEUE)
      .retryPolicy(RetryPolicy.of(10, Backoff.defaultBackoff()))
      .timeout(Duration.ofSeconds(30)).build();

  /**
   * One event to one endpoint, on the Svix schedule: 18 attempts over about 5.3 days. Exhausted
   * deliveries are discarded without an alert: the endpoint's disabling after 5 days of failures
   * is the signal, and {@code redeliver} brings them back.
   */
  public static final JobKind DELIVER = JobKind.builder("webhook.deliver").queue(QUEUE)
      .retryPolicy(RetryPolicy.of(18, Backoff.svix()).whenExhausted(WhenExhausted.DISCARD))
      .timeout(Duration.ofSeconds(30)).build();

  private WebhookKinds() {}
}
