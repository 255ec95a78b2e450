package com.example.reference;

import com.example.reference.corpus.Corpus;
import com.example.reference.corpus.CorpusIndex;
import com.example.reference.corpus.CorpusKinds;
import com.example.reference.http.NoRetryHttp;
import com.example.reference.mail.MailKinds;
import com.example.reference.mail.MailPort;
import com.example.reference.mail.OwnerNotifications;
import com.example.reference.mail.OwnerNotify;
import com.example.reference.search.SearchPort;
import com.example.reference.webhook.WebhookDelivery;
import com.example.reference.webhook.WebhookEndpoints;
import com.example.reference.webhook.WebhookEvent;
import com.example.reference.webhook.WebhookEvents;
import com.example.reference.webhook.WebhookFanout;
import com.example.reference.webhook.WebhookKinds;
import com.example.reference.webhook.WebhookRedelivery;
import dev.retryowner.jobs.EnqueueOptions;
import dev.retryowner.jobs.JobKind;
import dev.retryowner.jobs.Jobs;
import dev.retryowner.jobs.panel.PanelAction;
import dev.retryowner.jobs.panel.PanelServer;
import java.time.Clock;
import java.util.Map;

/**
 * The application's wiring: its tables, its ports, and the job runtime with every kind registered.
 * The job layer is the only place that retries; everything below it sends once.
 */
public final class ReferenceApp {
  private final WebhookEvents events = new WebhookEvents();
  private final WebhookEndpoints endpoints = new WebhookEndpoints();
  private final OwnerNotifications notifications = new OwnerNotifications();
  private final Corpus corpus = new Corpus();
  private final Jobs jobs;

  /**
   * @param runtime the job runtime's settings (clock, store, jitter, alert hook); the app adds its
   *     queues and kinds
   * @param clock the clock the handlers read, the runtime's own
   */
  public ReferenceApp(Jobs.Builder runtime, Clock clock, MailPort mail, String mailHost,
      SearchPort search) {
    this.jobs = runtime
        .queue(WebhookKinds.QUEUE, 2).queue(MailKinds.QUEUE, 1).queue(CorpusKinds.QUEUE, 1)
        .register(WebhookKinds.FANOUT, new WebhookFanout(events, endpoints, this::enqueue, clock))
        .register(WebhookKinds.DELIVER, new WebhookDelivery(events, endpoints,
            NoRetryHttp.client(WebhookDelivery.CONNECT_TIMEOUT), clock))
        .register(MailKinds.OWNER_NOTIFY, new OwnerNotify(notifications, mail, mailHost, clock))
        .register(CorpusKinds.INDEX, new CorpusIndex(corpus, search, clock))
        .build();
  }

  public Jobs jobs() {
    return jobs;
  }

  public WebhookEndpoints endpoints() {
    return endpoints;
  }

  public OwnerNotifications notifications() {
    return notifications;
  }

  public Corpus corpus() {
    return corpus;
  }

  /** Records the event and enqueues its fan-out; returns the fan-out job's id. */
  public long publish(WebhookEvent event) {
    events.add(event);
    return jobs.enqueue(WebhookKinds.FANOUT, Map.of(WebhookFanout.EVENT_ARG, event.id()));
  }

  /** Prunes an event; its deliveries still pending are discarded when they run. */
  public void prune(String eventId) {
    events.prune(eventId);
  }

  /** Enqueues the notification of the event, once per event. */
  public long notifyOwner(String eventId) {
    return jobs.enqueue(MailKinds.OWNER_NOTIFY, Map.of(OwnerNotify.EVENT_ARG, eventId),
        EnqueueOptions.uniqueByArgs());
  }

  /** Enqueues indexing of the document's current version. */
  public long index(String documentId) {
    return jobs.enqueue(CorpusKinds.INDEX, Map.of(CorpusIndex.DOCUMENT_ARG, documentId));
  }

  /** Re-enqueues every discarded delivery of one endpoint; returns how many. */
  public int redeliver(String endpointId) {
    return WebhookRedelivery.redeliver(jobs.inspector(), endpoints, endpointId);
  }

  /**
   * The tasks panel over this app's jobs, with the app's own action: redeliver an endpoint's
   * discarded webhooks. Bound to 127.0.0.1 unless the caller says otherwise.
   */
  public PanelServer.Builder panel() {
    return PanelServer.builder(jobs.inspector()).action(PanelAction.of("redeliver",
        "Redeliver an endpoint's discarded webhooks", "Endpoint id",
        endpointId -> redeliver(endpointId) + " discarded deliveries of endpoint " + endpointId
            + " re-enqueued."));
  }

  private long enqueue(JobKind kind, Map<String, String> args, EnqueueOptions options) {
    return jobs.enqueue(kind, args, options);
  }
}
