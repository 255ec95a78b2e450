package dev.retryowner.jobs.panel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Who reaches the panel: loopback only without a token; off loopback, only with the token. */
class PanelAccessTest {
  private static final String TOKEN = "s3cret-token-for-the-panel";

  private final PanelFixture fixture = new PanelFixture();

  @Test
  void bindingOffLoopbackWithoutATokenIsRefusedWithAClearMessage() {
    PanelServer.Builder open = PanelServer.builder(fixture.jobs.inspector()).host("0.0.0.0")
        .port(0);

    assertThatThrownBy(open::start).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("0.0.0.0, which is not loopback, without an access token")
        .hasMessageContaining("accessToken(token)");
  }

  @Test
  void aShortTokenIsRefused() {
    assertThatThrownBy(() -> PanelServer.builder(fixture.jobs.inspector()).accessToken("short"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("at least 16 characters");
  }

  @Test
  void offLoopbackEveryRequestNeedsTheToken() {
    try (PanelServer panel = PanelServer.builder(fixture.jobs.inspector()).host("0.0.0.0")
        .port(0).accessToken(TOKEN).start()) {
      URI local = URI.create("http://127.0.0.1:" + panel.port() + "/");

      assertThat(new PanelClient(local).get("/").statusCode()).isEqualTo(401);
      assertThat(new PanelClient(local).get("/jobs/" + fixture.exhausted).statusCode())
          .isEqualTo(401);
      assertThat(new PanelClient(local).header("Authorization", "Bearer wrong-token-wrong-token")
          .get("/").statusCode()).isEqualTo(401);
      PanelClient withToken = new PanelClient(local).header("Authorization", "Bearer " + TOKEN);
      assertThat(withToken.get("/").statusCode()).isEqualTo(200);
      assertThat(withToken.post("/jobs/" + fixture.exhausted + "/retry",
          Map.of("csrf", withToken.csrfToken("/jobs/" + fixture.exhausted))).statusCode())
          .isEqualTo(303);
    }
  }

  @Test
  void theSignInFormSetsACookieThatCarriesTheToken() {
    try (PanelServer panel = PanelServer.builder(fixture.jobs.inspector()).host("0.0.0.0")
        .port(0).accessToken(TOKEN).start()) {
      PanelClient anonymous = new PanelClient(URI.create("http://127.0.0.1:" + panel.port() + "/"));
      String csrf = anonymous.csrfToken("/login");

      HttpResponse<String> wrong = anonymous.post("/login",
          Map.of("csrf", csrf, "token", "not-the-token-at-all"));
      HttpResponse<String> right = anonymous.post("/login", Map.of("csrf", csrf, "token", TOKEN));

      assertThat(wrong.statusCode()).isEqualTo(403);
      assertThat(wrong.headers().firstValue("Set-Cookie")).isEmpty();
      assertThat(right.statusCode()).isEqualTo(303);
      String cookie = right.headers().firstValue("Set-Cookie").orElseThrow();
      assertThat(cookie).contains("HttpOnly", "SameSite=Strict");
      PanelClient signedIn = new PanelClient(URI.create("http://127.0.0.1:" + panel.port() + "/"))
          .header("Cookie", cookie.substring(0, cookie.indexOf(';')));
      assertThat(signedIn.get("/").statusCode()).isEqualTo(200);
    }
  }

  @Test
  void onLoopbackAPageReachedUnderAnotherHostNameIsForbidden() throws IOException {
    try (PanelServer panel = PanelServer.builder(fixture.jobs.inspector()).port(0).start()) {
      assertThat(statusWithHost(panel.port(), "rebound.example:" + panel.port())).isEqualTo(403);
      assertThat(statusWithHost(panel.port(), "localhost:" + panel.port())).isEqualTo(200);
    }
  }

  /** A raw GET, since java.net.http does not let a request choose its Host header. */
  private static int statusWithHost(int port, String host) throws IOException {
    try (Socket socket = new Socket("127.0.0.1", port)) {
      OutputStream out = socket.getOutputStream();
      out.write(("GET / HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n")
          .getBytes(StandardCharsets.US_ASCII));
      out.flush();
      InputStream in = socket.getInputStream();
      String statusLine = new String(in.readNBytes(12), StandardCharsets.US_ASCII);
      return Integer.parseInt(statusLine.substring(9, 12));
    }
  }
}
