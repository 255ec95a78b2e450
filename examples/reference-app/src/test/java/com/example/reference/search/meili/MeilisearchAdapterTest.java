package com.example.reference.search.meili;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.example.reference.corpus.CorpusDocument;
import com.example.reference.search.SearchRejected;
import com.example.reference.testing.FakeMeilisearch;
import com.example.reference.testing.Loopback.Reply;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class MeilisearchAdapterTest {
  private static final String KEY = "master-key";
  private final FakeMeilisearch meili = FakeMeilisearch.start(KEY);
  private final MeilisearchAdapter adapter =
      new MeilisearchAdapter(meili.server().uri("/"), KEY, Duration.ofSeconds(2));

  MeilisearchAdapterTest() throws IOException {}

  @AfterEach
  void stop() {
    meili.close();
  }

  @Test
  void upsertsDocumentsAndFindsThem() throws Exception {
    adapter.upsert("corpus", List.of(new CorpusDocument("1", "Retry ownership", "one owner"),
        new CorpusDocument("2", "Webhooks", "signed posts")));
    adapter.upsert("corpus", List.of(new CorpusDocument("1", "Retry ownership", "the job layer")));

    assertThat(meili.documents("corpus")).containsOnlyKeys("1", "2");
    assertThat(adapter.search("corpus", "JOB LAYER"))
        .containsExactly(new CorpusDocument("1", "Retry ownership", "the job layer"));
    assertThat(meili.server().requests()).allMatch(r -> r.method().equals("POST"))
        .extracting(r -> r.path()).containsExactly("/indexes/corpus/documents?primaryKey=id",
            "/indexes/corpus/documents?primaryKey=id", "/indexes/corpus/search");
  }

  @Test
  void aFailingAnswerIsSentOnceAndSurfacesWithItsStatusAndRetryAfter() {
    meili.server().reply(Reply.json(503, "{\"message\":\"busy\"}").withHeader("Retry-After", "0"));

    assertThatThrownBy(() -> adapter.upsert("corpus", List.of(new CorpusDocument("1", "t", "x"))))
        .isInstanceOfSatisfying(SearchRejected.class, e -> {
          assertThat(e.status()).isEqualTo(503);
          assertThat(e.retryAfter()).isEqualTo("0");
        });
    assertThat(meili.server().requests()).hasSize(1);
    assertThat(meili.documents("corpus")).isEmpty();
  }

  @Test
  void aWrongKeyIsRejected() {
    MeilisearchAdapter wrongKey =
        new MeilisearchAdapter(meili.server().uri("/"), "other", Duration.ofSeconds(2));

    assertThatThrownBy(() -> wrongKey.search("corpus", "x"))
        .isInstanceOfSatisfying(SearchRejected.class, e -> assertThat(e.status()).isEqualTo(403));
  }

  @Test
  void noServerIsAnIoExceptionAfterOneConnectAttempt() throws Exception {
    URI closed;
    try (ServerSocket socket = new ServerSocket(0)) {
      closed = URI.create("http://127.0.0.1:" + socket.getLocalPort() + "/");
    }
    MeilisearchAdapter down = new MeilisearchAdapter(closed, KEY, Duration.ofSeconds(2));

    assertThatThrownBy(() -> down.search("corpus", "x")).isInstanceOf(IOException.class);
  }

  @Test
  void anIndexUidThatCouldChangeThePathIsRejected() {
    assertThatThrownBy(() -> adapter.search("../keys", "x"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("index uid");
    assertThatThrownBy(() -> new MeilisearchAdapter(URI.create("localhost"), KEY,
        Duration.ofSeconds(1))).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("absolute http(s) URL");
  }
}
