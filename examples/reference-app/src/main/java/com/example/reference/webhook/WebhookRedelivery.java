package com.example.reference.webhook;

import dev.retryowner.jobs.Inspector;
import dev.retryowner.jobs.JobFilter;
import dev.retryowner.jobs.JobRecord;
import dev.retryowner.jobs.JobState;
import java.util.List;

/**
 * {@code redeliver}: after a receiver is fixed, runs every discarded delivery of its endpoint
 * again, through the job layer, which keeps each job's errors and counts a new attempt.
 */
public final class WebhookRedelivery {
  private static final int PAGE = 100;

  private WebhookRedelivery() {}

  /**
   * Re-enqueues the discarded deliveries of {@code endpointId}; returns how many.
   *
   * @throws IllegalStateException if the endpoint is unknown or disabled: the deliveries would be
   *     discarded again at once, so enable it first
   */
  public static int redeliver(Inspector inspector, WebhookEndpoints endpoints, String endpointId) {
    WebhookEndpoint endpoint = endpoints.find(endpointId).orElseThrow(
        () -> new IllegalStateException("No webhook endpoint " + endpointId + " to redeliver to"));
    if (!endpoint.enabled()) {
      throw new IllegalStateException("Webhook endpoint " + endpointId + " is disabled ("
          + endpoint.disabledReason() + "). Enable it once the receiver is fixed, then"
          + " redeliver.");
    }
    JobFilter discarded = JobFilter.all().kind(WebhookKinds.DELIVER.name())
        .states(JobState.DISCARDED).arg(WebhookFanout.ENDPOINT_ARG, endpointId).limit(PAGE);
    int redelivered = 0;
    List<JobRecord> page = inspector.list(discarded);
    while (!page.isEmpty()) {
      int retried = 0;
      for (JobRecord job : page) {
        retried += inspector.retry(job.id()) ? 1 : 0;
      }
      redelivered += retried;
      // A job that cannot be retried stays discarded; stop rather than list it forever.
      page = retried == 0 ? List.of() : inspector.list(discarded);
    }
    return redelivered;
  }
}
