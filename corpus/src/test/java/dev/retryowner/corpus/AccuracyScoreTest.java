package dev.retryowner.corpus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AccuracyScoreTest {
  private static final String ARTIFACT = "com.acme:client:1.0";
  private static final String FILE = "com/acme/Client.java";
  private static final String SOURCE = """
      package com.acme;
      class Client {
        Object send(Runnable call) throws Exception {
          int attempt = 0;
          while (attempt
              < 3) {
            try {
              call.run();
              return null;
            } catch (RuntimeException e) {
              attempt++;
            }
          }
          Object client = Builder
              .create()
              .build();
          for (int i = 0; i < 3; i++) {
            call.run();
          }
          return client;
        }
        boolean check(Policy policy) {
          if (policy
              .allows(3)) {
            return true;
          }
          return false;
        }
      }
      """;

  @TempDir Path temp;
  private Path sources;

  @BeforeEach
  void writeSourcesJar() throws IOException {
    sources = temp.resolve("client-1.0-sources.jar");
    try (OutputStream out = Files.newOutputStream(sources);
        ZipOutputStream zip = new ZipOutputStream(out)) {
      zip.putNextEntry(new ZipEntry(FILE));
      zip.write(SOURCE.getBytes(StandardCharsets.UTF_8));
      zip.closeEntry();
    }
  }

  private static Label label(int line, Category category, boolean primary, boolean inJobLayer) {
    return new Label(ARTIFACT, FILE, line, "Client#send", category, primary, "high", inJobLayer,
        "test");
  }

  private AccuracyScore score(boolean jobLayer, List<Label> labels, ReportedSite... findings) {
    return AccuracyScore.of(jobLayer, labels, Map.of(ARTIFACT, List.of(findings)),
        Map.of(ARTIFACT, sources));
  }

  @Test
  void aFindingOnTheLoopHeaderFindsTheLoopButOneInItsBodyDoesNot() {
    List<Label> labels = List.of(label(5, Category.HAND_ROLLED_LOOP, true, false));

    assertThat(score(false, labels, new ReportedSite("HandRolledRetry",
        "/abs/" + FILE, 6, "loop")).total().found()).isEqualTo(1);
    AccuracyScore inBody = score(false, labels, new ReportedSite("HandRolledRetry", FILE, 8,
        "call"));
    assertThat(inBody.total().found()).isZero();
    assertThat(inBody.misses()).hasSize(1);
    assertThat(inBody.unadjudicated()).extracting(AccuracyScore.ScoredSite::where)
        .containsExactly("client " + FILE + ":8");
  }

  @Test
  void aFindingAnywhereInAMultiLineStatementFindsItsOrigin() {
    List<Label> labels = List.of(label(15, Category.CLIENT_DEFAULT_RETRIES_ON, true, false));

    assertThat(score(false, labels, new ReportedSite("HttpClientRetries", FILE, 14, "origin"))
        .total().found()).isEqualTo(1);
    assertThat(score(false, labels, new ReportedSite("HttpClientRetries", FILE, 16, "build"))
        .total().found()).isEqualTo(1);
  }

  @Test
  void aFindingOnTheFirstLineOfAnIfFindsTheCallInItsConditionButOneInItsBodyDoesNot() {
    List<Label> labels = List.of(label(24, Category.HELPER_LIBRARY, true, false));

    assertThat(score(false, labels, new ReportedSite("RetryOutsideJobs", FILE, 23, "if"))
        .total().found()).isEqualTo(1);
    assertThat(score(false, labels, new ReportedSite("RetryOutsideJobs", FILE, 25, "body"))
        .total().found()).isZero();
  }

  @Test
  void precisionCountsEveryDistinctSiteReportedSupportingRowsIncluded() {
    List<Label> labels = List.of(label(5, Category.HAND_ROLLED_LOOP, true, false),
        label(11, Category.HAND_ROLLED_LOOP, false, false),
        label(17, Category.LOOKALIKE_NOT_RETRY, true, false),
        label(18, Category.LOOKALIKE_NOT_RETRY, false, false));

    AccuracyScore score = score(false, labels,
        new ReportedSite("HandRolledRetry", FILE, 5, "loop"),
        new ReportedSite("HandRolledRetry", FILE, 6, "loop again"),
        new ReportedSite("HandRolledRetry", FILE, 11, "the counter of the same retry"),
        new ReportedSite("HandRolledRetry", FILE, 17, "per item"),
        new ReportedSite("HandRolledRetry", FILE, 18, "supporting look-alike"));

    assertThat(score.total()).isEqualTo(new AccuracyScore.Tally(1, 1, 4, 2, 0, 3));
    assertThat(score.total().recall()).isEqualTo(100.0);
    assertThat(score.total().precision()).isEqualTo(50.0);
    assertThat(score.total().findingsPerRetry()).isEqualTo(3.0);
    assertThat(score.falsePositives()).extracting(s -> s.row().line()).containsExactly(17, 18);
    assertThat(score.unadjudicated()).isEmpty();
    assertThat(ScoreTable.of(score, Map.of("cold-1", List.of(ARTIFACT))))
        .contains("recall 100.0 % (1 of 1 retries), precision 50.0 % (2 of 4 sites reported"
            + " are retries), 3.00 findings per retry found, 0 unadjudicated site(s)")
        .contains("| cold-1 | 1 | 1 | 100.0 % | 4 | 2 | 50.0 % | 3.00 | 0 |")
        .contains("| hand-rolled-loop | 1 | 1 | 100.0 % | 2 |")
        .contains("| lookalike-not-retry | 0 | 0 | (must not report) | 2 |")
        .contains("False positives (2):\n- lookalike-not-retry client " + FILE + ":17");
  }

  @Test
  void aSiteOnNoRowIsUnadjudicatedAndLeftOutOfPrecision() {
    List<Label> labels = List.of(label(5, Category.HAND_ROLLED_LOOP, true, false));

    AccuracyScore score = score(false, labels,
        new ReportedSite("HandRolledRetry", FILE, 5, "loop"),
        new ReportedSite("RetryOutsideJobs", FILE, 23, "unread"),
        new ReportedSite("HandRolledRetry", FILE, 23, "unread too"));

    assertThat(score.total()).isEqualTo(new AccuracyScore.Tally(1, 1, 1, 0, 1, 1));
    assertThat(score.unadjudicated()).singleElement().satisfies(site ->
        assertThat(site.rules()).containsExactly("HandRolledRetry", "RetryOutsideJobs"));
    assertThat(ScoreTable.of(score, Map.of())).contains("Unadjudicated")
        .contains("client " + FILE + ":23 by HandRolledRetry, RetryOutsideJobs: unread");
  }

  @Test
  void anArtifactScannedButNotLabelledIsScoredAllUnadjudicated() {
    AccuracyScore score = AccuracyScore.of(false, List.of(), Map.of(ARTIFACT,
        List.of(new ReportedSite("HandRolledRetry", FILE, 5, "loop"))),
        Map.of(ARTIFACT, sources));

    assertThat(score.unadjudicated()).hasSize(1);
  }

  @Test
  void aJobLayerRetryMustBeSilentOnlyOnceTheJobLayerIsConfigured() {
    Label inJobs = label(5, Category.JOB_LAYER_RETRY, true, true);
    Label clientInJobs = label(15, Category.CLIENT_DEFAULT_RETRIES_ON, true, true);

    assertThat(inJobs.mustBeReported(false)).isTrue();
    assertThat(inJobs.mustBeReported(true)).isFalse();
    assertThat(clientInJobs.mustBeReported(true)).isTrue();
    AccuracyScore configured = score(true, List.of(inJobs),
        new ReportedSite("HandRolledRetry", FILE, 5, "loop"));
    assertThat(configured.falsePositives()).hasSize(1);
    assertThat(configured.decisions()).singleElement().satisfies(d ->
        assertThat(d.isRight()).isFalse());
  }

  @Test
  void aLabelOnAFileTheSourcesJarLacksIsAnError() {
    Label wrong = new Label(ARTIFACT, "com/acme/Missing.java", 3, "Missing#x",
        Category.HAND_ROLLED_LOOP, true, "high", false, "test");

    assertThatThrownBy(() -> score(false, List.of(wrong)))
        .hasMessageContaining("the sources jar has no com/acme/Missing.java");
  }

  @Test
  void anUnscannedArtifactIsAnErrorNotASilentPass() {
    assertThatThrownBy(() -> AccuracyScore.of(false,
        List.of(label(5, Category.HAND_ROLLED_LOOP, true, false)), Map.of(), Map.of()))
        .hasMessageContaining("no scan of com.acme:client:1.0");
  }

  @Test
  void aMalformedLabelRowNamesItsLineAndTheFix() throws IOException {
    Path tsv = Files.writeString(temp.resolve("labels.tsv"), "# header\n"
        + ARTIFACT + "\t" + FILE + "\t5\tClient#send\tretry-ish\tprimary\thigh\tno\twhy\n");

    assertThatThrownBy(() -> Label.read(tsv)).hasMessageContaining("labels.tsv:2: unknown"
        + " category 'retry-ish'; write one of [helper-library, hand-rolled-loop");
  }
}
