package com.example.reference.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import com.example.reference.http.NoRetryHttp;
import com.example.reference.testing.Harness;
import com.example.reference.testing.Loopback;
import com.example.reference.testing.Loopback.Reply;
import dev.retryowner.jobs.JobState;
import dev.retryowner.jobs.panel.PanelServer;
import java.io.IOException;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The app's own panel action: redeliver an endpoint's discarded webhooks, over HTTP. */
class RedeliverFromPanelTest {
  private static final WebhookSecret SECRET =
      WebhookSecret.parse("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw");
  private static final Pattern CSRF = Pattern.compile("name=\"csrf\" value=\"([^\"]+)\"");

  private final Harness harness = new Harness();
  private final Loopback sink = Loopback.start();
  private final PanelServer panel = harness.app.panel().port(0).start();
  private final HttpClient http = NoRetryHttp.client(Duration.ofSeconds(2));

  RedeliverFromPanelTest() throws IOException {}

  @AfterEach
  void stop() {
    panel.close();
    sink.close();
    harness.close();
  }

  @Test
  void redeliverRunsTheEndpointsDiscardedDeliveriesAgain() throws Exception {
    harness.app.endpoints().add(WebhookEndpoint.of("ep", sink.uri("/hooks"), SECRET));
    sink.reply(Reply.of(410)).otherwise(request -> Reply.of(204));
    harness.app.publish(new WebhookEvent("evt_1", "booking.created", "{}"));
    harness.runDue();
    assertThat(harness.jobs(WebhookKinds.DELIVER)).singleElement()
        .extracting(job -> job.state()).isEqualTo(JobState.DISCARDED);
    assertThat(get("/").body()).contains("Redeliver an endpoint&#39;s discarded webhooks");

    HttpResponse<String> response = redeliver("ep");
    harness.runDue();

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.body()).contains("1 discarded deliveries of endpoint ep re-enqueued.");
    assertThat(harness.jobs(WebhookKinds.DELIVER)).singleElement()
        .extracting(job -> job.state()).isEqualTo(JobState.COMPLETED);
  }

  @Test
  void redeliverToAnUnknownEndpointSaysWhyAndChangesNothing() throws Exception {
    HttpResponse<String> response = redeliver("nope");

    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(response.body()).contains("No webhook endpoint nope to redeliver to");
  }

  private HttpResponse<String> redeliver(String endpoint) throws Exception {
    Matcher csrf = CSRF.matcher(get("/").body());
    assertThat(csrf.find()).as("the overview's action form carries the CSRF token").isTrue();
    String form = "csrf=" + encode(csrf.group(1)) + "&value=" + encode(endpoint);
    return http.send(HttpRequest.newBuilder(panel.uri().resolve("/actions/redeliver"))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .POST(HttpRequest.BodyPublishers.ofString(form)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private HttpResponse<String> get(String path) throws Exception {
    return http.send(HttpRequest.newBuilder(panel.uri().resolve(path)).GET().build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }
}
