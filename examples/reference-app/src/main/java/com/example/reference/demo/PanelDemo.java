package com.example.reference.demo;

import com.example.reference.ReferenceApp;
import com.example.reference.corpus.CorpusDocument;
import com.example.reference.mail.MailPort;
import com.example.reference.mail.OwnerNotification;
import com.example.reference.search.SearchPort;
import com.example.reference.webhook.WebhookEndpoint;
import com.example.reference.webhook.WebhookEvent;
import com.example.reference.webhook.WebhookSecret;
import dev.retryowner.jobs.Jobs;
import dev.retryowner.jobs.panel.PanelServer;
import java.io.IOException;
import java.net.URI;
import java.time.Clock;
import java.util.List;

/**
 * The tasks panel on the reference app with a few jobs to look at: a webhook delivery the
 * receiver refused (discarded; "redeliver" endpoint {@code ep-1} in the panel then succeeds), one
 * to an unreachable endpoint (failing, retried on the Svix schedule), an owner mail the mail
 * server refuses, one indexing that fails and one that completes. Embedded in-memory store; the
 * runtime's workers run while the panel is open. Run it with the README's command; Ctrl-C stops.
 */
public final class PanelDemo {
  private static final WebhookSecret SECRET =
      WebhookSecret.parse("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw");

  private PanelDemo() {}

  /** @param args optionally the panel's port (default {@value PanelServer#DEFAULT_PORT}) */
  public static void main(String[] args) throws IOException {
    int port = args.length == 0 ? PanelServer.DEFAULT_PORT : Integer.parseInt(args[0]);
    DemoReceiver receiver = DemoReceiver.start();
    Clock clock = Clock.systemUTC();
    MailPort refusingMail = message -> {
      throw new IOException("421 mail.example.com: too many connections, try later");
    };
    SearchPort unreachableForDoc2 = new SearchPort() {
      @Override
      public void upsert(String index, List<CorpusDocument> documents) throws IOException {
        if (documents.stream().anyMatch(document -> document.id().equals("doc-2"))) {
          throw new IOException("search.example.com: connection reset");
        }
      }

      @Override
      public List<CorpusDocument> search(String index, String query) {
        return List.of();
      }
    };
    ReferenceApp app = new ReferenceApp(Jobs.builder().clock(clock), clock, refusingMail,
        "mail.example.com", unreachableForDoc2);

    app.endpoints().add(WebhookEndpoint.of("ep-1", receiver.uri("/hooks"), SECRET));
    app.endpoints().add(WebhookEndpoint.of("ep-2", URI.create("http://127.0.0.1:9/hooks"),
        SECRET));
    app.publish(new WebhookEvent("evt_1", "booking.created", "{\"booking\":\"b-17\"}"));
    app.publish(new WebhookEvent("evt_2", "booking.note",
        "{\"note\":\"<script>alert('escaped?')</script>\"}"));
    app.notifications().add(OwnerNotification.of("evt_1", "owner-1", "owner@example.com",
        "New booking b-17", "A visitor booked b-17."));
    app.notifyOwner("evt_1");
    app.corpus().put(new CorpusDocument("doc-1", "Opening hours", "Monday to Friday"));
    app.corpus().put(new CorpusDocument("doc-2", "Prices", "From 20 EUR"));
    app.index("doc-1");
    app.index("doc-2");
    // First attempts on this thread, so the panel opens on jobs that already failed.
    app.jobs().runDue();
    app.jobs().start();

    PanelServer panel = app.panel().port(port).start();
    System.out.println("Jobs panel: " + panel.uri() + "  (Ctrl-C stops it; the in-memory store"
        + " goes with it)");
  }
}
