package dev.retryowner.jobs.panel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.retryowner.jobs.JobState;
import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The panel's pages and actions over HTTP, against the real server on a free loopback port. */
class PanelServerTest {
  private final PanelFixture fixture = new PanelFixture();
  private final PanelServer panel = PanelServer.builder(fixture.jobs.inspector()).port(0)
      .action(PanelAction.of("echo", "Echo an endpoint", "Endpoint", value -> {
        if (value.equals("unknown")) {
          throw new IllegalStateException("No endpoint " + value);
        }
        return "echoed " + value;
      }))
      .start();
  private final PanelClient client = new PanelClient(panel.uri());

  @AfterEach
  void stop() {
    panel.close();
  }

  @Test
  void bindsToLoopbackByDefault() {
    assertThat(panel.uri().getHost()).isEqualTo("127.0.0.1");
    assertThat(panel.port()).isPositive();
  }

  @Test
  void theOverviewShowsEveryKindWithCountsPerStateAndItsLastFailure() {
    HttpResponse<String> overview = client.get("/");

    assertThat(overview.statusCode()).isEqualTo(200);
    assertThat(overview.headers().firstValue("Content-Security-Policy")).get().asString()
        .contains("default-src 'none'");
    assertThat(overview.body())
        .contains("corpus.index", "webhook.deliver")
        .contains("<a href=\"/jobs?kind=webhook.deliver&amp;state=discarded\">2</a>")
        .contains("<a href=\"/jobs?kind=corpus.index&amp;state=retryable\">1</a>")
        .contains("java.lang.IllegalStateException: index refused broken")
        .contains("Echo an endpoint");
  }

  @Test
  void theListFiltersByKindStateAndQueue() {
    String discarded = client.get("/jobs?state=discarded").body();
    assertThat(discarded).contains(jobLink(fixture.exhausted), jobLink(fixture.discardedByHandler))
        .doesNotContain(jobLink(fixture.retryable), jobLink(fixture.completed));

    String index = client.get("/jobs?kind=corpus.index").body();
    assertThat(index).contains(jobLink(fixture.retryable), jobLink(fixture.completed),
        jobLink(fixture.pending)).doesNotContain(jobLink(fixture.exhausted));

    String webhooksQueue = client.get("/jobs?queue=webhooks&state=").body();
    assertThat(webhooksQueue).contains(jobLink(fixture.exhausted))
        .doesNotContain(jobLink(fixture.completed));

    assertThat(client.get("/jobs?kind=corpus.index&state=completed").body())
        .contains(jobLink(fixture.completed)).doesNotContain(jobLink(fixture.retryable));
  }

  @Test
  void anUnknownStateIsABadRequestNamingTheStates() {
    HttpResponse<String> response = client.get("/jobs?state=dead");

    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(response.body()).contains("No job state &quot;dead&quot;", "discarded");
  }

  @Test
  void theDetailShowsArgsEveryErrorNextRunAndTheDecidingPolicy() {
    String exhausted = client.get("/jobs/" + fixture.exhausted).body();
    assertThat(exhausted)
        .contains("state-discarded", "2 of 2")
        .contains("<dt>Max attempts</dt><dd>2</dd>")
        .contains("5 s (before jitter)")
        .contains("discard and alert")
        .contains("All 2 attempts failed")
        .contains("2026-11-30 08:00:00Z", "2026-11-30 08:00:05Z")
        .contains("<button type=\"submit\" id=\"retry\"");

    String retryable = client.get("/jobs/" + fixture.retryable).body();
    assertThat(retryable)
        .contains("After attempt 2 of 10 failed, the policy waits 2 s (before jitter);"
            + " attempt 3 is due 2026-11-30 08:00:07Z.")
        .contains("<dd id=\"next-run\">2026-11-30 08:00:07Z</dd>")
        .contains("1 s, 2 s, 4 s, 8 s, 16 s, 32 s, 1 min 4 s, 2 min 8 s, 4 min 16 s")
        .contains("<button type=\"submit\" id=\"cancel\"")
        .doesNotContain("id=\"retry\"");

    assertThat(client.get("/jobs/" + fixture.discardedByHandler).body())
        .contains("The handler discarded it on attempt 1", "HTTP 410 from gone-7");
  }

  @Test
  void anUnknownJobIsNotFound() {
    assertThat(client.get("/jobs/999999").statusCode()).isEqualTo(404);
    assertThat(client.get("/nothing-here").statusCode()).isEqualTo(404);
  }

  @Test
  void argsErrorsAndKindsAreEscapedOnEveryPage() {
    for (String path : new String[] {"/", "/jobs", "/jobs/" + fixture.exhausted}) {
      String page = client.get(path).body();
      assertThat(page).as(path).doesNotContain("<script>")
          .contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;");
    }
  }

  @Test
  void retryWithTheCsrfTokenMakesADiscardedJobPendingAndRedirectsToIt() {
    HttpResponse<String> response = client.post("/jobs/" + fixture.exhausted + "/retry",
        Map.of("csrf", client.csrfToken()));

    assertThat(response.statusCode()).isEqualTo(303);
    assertThat(response.headers().firstValue("Location"))
        .contains("/jobs/" + fixture.exhausted + "?done=retried");
    assertThat(state(fixture.exhausted)).isEqualTo(JobState.PENDING);
    assertThat(client.get("/jobs/" + fixture.exhausted + "?done=retried").body())
        .contains("Retried: the job is pending");
  }

  @Test
  void retryOfAJobThatIsNotDiscardedChangesNothingAndSaysSo() {
    HttpResponse<String> response = client.post("/jobs/" + fixture.completed + "/retry",
        Map.of("csrf", client.csrfToken()));

    assertThat(response.headers().firstValue("Location")).get().asString()
        .endsWith("?done=not-retried");
    assertThat(state(fixture.completed)).isEqualTo(JobState.COMPLETED);
  }

  @Test
  void cancelWithTheCsrfTokenCancelsALiveJob() {
    HttpResponse<String> response = client.post("/jobs/" + fixture.pending + "/cancel",
        Map.of("csrf", client.csrfToken()));

    assertThat(response.statusCode()).isEqualTo(303);
    assertThat(state(fixture.pending)).isEqualTo(JobState.CANCELLED);
  }

  @Test
  void actionsWithoutOrWithAWrongCsrfTokenAreForbidden() {
    assertThat(client.post("/jobs/" + fixture.exhausted + "/retry", Map.of()).statusCode())
        .isEqualTo(403);
    assertThat(client.post("/jobs/" + fixture.exhausted + "/retry", Map.of("csrf", "guess"))
        .statusCode()).isEqualTo(403);
    assertThat(client.post("/jobs/" + fixture.pending + "/cancel", Map.of("csrf", ""))
        .statusCode()).isEqualTo(403);
    assertThat(client.post("/actions/echo", Map.of("value", "7")).statusCode()).isEqualTo(403);

    assertThat(state(fixture.exhausted)).isEqualTo(JobState.DISCARDED);
    assertThat(state(fixture.pending)).isEqualTo(JobState.PENDING);
  }

  @Test
  void actionsFromAnotherSiteAreForbiddenEvenWithTheToken() {
    String csrf = client.csrfToken();
    PanelClient otherOrigin = new PanelClient(panel.uri()).header("Origin", "http://evil.example");
    PanelClient crossSite = new PanelClient(panel.uri()).header("Sec-Fetch-Site", "cross-site");

    assertThat(otherOrigin.post("/jobs/" + fixture.exhausted + "/retry", Map.of("csrf", csrf))
        .statusCode()).isEqualTo(403);
    assertThat(crossSite.post("/jobs/" + fixture.exhausted + "/retry", Map.of("csrf", csrf))
        .statusCode()).isEqualTo(403);
    assertThat(state(fixture.exhausted)).isEqualTo(JobState.DISCARDED);
  }

  @Test
  void actionsFromThePanelsOwnOriginAreAllowed() {
    PanelClient sameOrigin = new PanelClient(panel.uri())
        .header("Origin", "http://127.0.0.1:" + panel.port())
        .header("Sec-Fetch-Site", "same-origin");

    assertThat(sameOrigin.post("/jobs/" + fixture.exhausted + "/retry",
        Map.of("csrf", client.csrfToken())).statusCode()).isEqualTo(303);
    assertThat(state(fixture.exhausted)).isEqualTo(JobState.PENDING);
  }

  @Test
  void aGetOfAnActionIsMethodNotAllowedAndChangesNothing() {
    HttpResponse<String> retry = client.get("/jobs/" + fixture.exhausted + "/retry");
    HttpResponse<String> cancel = client.get("/jobs/" + fixture.pending + "/cancel");
    HttpResponse<String> appAction = client.get("/actions/echo?value=7");

    assertThat(retry.statusCode()).isEqualTo(405);
    assertThat(retry.headers().firstValue("Allow")).contains("POST");
    assertThat(cancel.statusCode()).isEqualTo(405);
    assertThat(appAction.statusCode()).isEqualTo(405);
    assertThat(state(fixture.exhausted)).isEqualTo(JobState.DISCARDED);
    assertThat(state(fixture.pending)).isEqualTo(JobState.PENDING);
  }

  @Test
  void aPostToAPageIsMethodNotAllowed() {
    assertThat(client.post("/jobs", Map.of("csrf", client.csrfToken())).statusCode())
        .isEqualTo(405);
  }

  @Test
  void anApplicationActionRunsWithItsFieldAndShowsWhatItDid() {
    HttpResponse<String> response = client.post("/actions/echo",
        Map.of("csrf", client.csrfToken(), "value", "<b>7</b>"));

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.body()).contains("echoed &lt;b&gt;7&lt;/b&gt;").doesNotContain("<b>7");
  }

  @Test
  void anApplicationActionThatRefusesShowsWhyWithABadRequest() {
    HttpResponse<String> response = client.post("/actions/echo",
        Map.of("csrf", client.csrfToken(), "value", "unknown"));

    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(response.body()).contains("No endpoint unknown");
    assertThat(client.post("/actions/missing", Map.of("csrf", client.csrfToken())).statusCode())
        .isEqualTo(404);
  }

  @Test
  void actionIdsMustFitInAnAddressAndBeUnique() {
    assertThatThrownBy(() -> PanelAction.of("Re Deliver", "t", "f", value -> value))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("lower-case letters");
    PanelServer.Builder twice = PanelServer.builder(fixture.jobs.inspector()).port(0)
        .action(PanelAction.of("a", "t", "f", value -> value))
        .action(PanelAction.of("a", "t", "f", value -> value));
    assertThatThrownBy(twice::start).hasMessageContaining("two panel actions have the id a");
  }

  private JobState state(long id) {
    return fixture.jobs.inspector().get(id).orElseThrow().state();
  }

  private static String jobLink(long id) {
    return "href=\"/jobs/" + id + "\"";
  }
}
