package dev.retryowner.corpus;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The gate on the labelled corpus, as {@code bench/accuracy.sh} scores it, run in this JVM: its
 * recall and precision may only go up, its findings per retry only down, and every site it
 * reports must lie on a labelled row. {@code corpus/accuracy-floor.properties} holds what the last
 * landed run reached; raise it when the gate gets better. Each run leaves its report, and the
 * sites on no labelled row, in {@code target/accuracy/}.
 */
class AccuracyFloorTest {
  private static final int MIN_PRIMARY_RETRIES = 60;
  private static final int MIN_PRIMARY_LOOKALIKES = 80;

  private static Path corpus;
  private static Path repository;
  private static List<CorpusArtifact> artifacts;
  private static List<Label> labels;
  private static Properties floor;
  /**
   * The sites of each scan by artifact and {@code jobsPackages} value: an artifact with no job
   * layer is scanned the same way in both settings, so the second test reuses the first's scan.
   */
  private static final Map<String, List<ReportedSite>> SCANS = new HashMap<>();

  @BeforeAll
  static void readCorpus() throws IOException {
    corpus = Path.of(System.getProperty("retryowner.corpus"));
    repository = Path.of(System.getProperty("retryowner.localRepository"));
    artifacts = CorpusArtifact.read(corpus.resolve("artifacts.txt"));
    labels = Label.read(corpus.resolve("labels.tsv"));
    floor = new Properties();
    try (Reader in = Files.newBufferedReader(corpus.resolve("accuracy-floor.properties"))) {
      floor.load(in);
    }
  }

  @Test
  void theCorpusIsTheOneLabelledAndLargeEnough() throws IOException {
    assertThat(artifacts).hasSizeGreaterThanOrEqualTo(12);
    for (CorpusArtifact artifact : artifacts) {
      artifact.verify(repository);
    }
    assertThat(labels).extracting(Label::artifact).containsOnlyElementsOf(
        artifacts.stream().map(CorpusArtifact::coordinates).toList());
    assertThat(labels.stream().filter(l -> l.primary() && l.category().isRetry()).count())
        .isGreaterThanOrEqualTo(MIN_PRIMARY_RETRIES);
    assertThat(labels.stream().filter(l -> l.primary() && !l.category().isRetry()).count())
        .isGreaterThanOrEqualTo(MIN_PRIMARY_LOOKALIKES);
  }

  @Test
  void withNoJobLayerTheScoreIsNoWorseThanTheLastLandedRun() throws Exception {
    assertNoWorseThanTheFloor(false, "none");
  }

  @Test
  void withEachJobLayerConfiguredTheScoreIsNoWorseThanTheLastLandedRun() throws Exception {
    assertNoWorseThanTheFloor(true, "jobLayer");
  }

  private static void assertNoWorseThanTheFloor(boolean jobLayer, String key) throws Exception {
    List<Path> classpath = Arrays.stream(System.getProperty("java.class.path")
        .split(java.io.File.pathSeparator)).map(Path::of).filter(p -> p.toString()
        .endsWith(".jar")).toList();
    Map<String, List<ReportedSite>> findings = new HashMap<>();
    Map<String, Path> sources = new HashMap<>();
    for (CorpusArtifact artifact : artifacts) {
      String scan = artifact.coordinates() + " " + CorpusScan.jobsPackages(artifact, jobLayer);
      List<ReportedSite> sites = SCANS.get(scan);
      if (sites == null) {
        sites = CorpusScan.run(artifact, repository,
            classpath.stream().filter(p -> !p.equals(artifact.jar(repository))).toList(),
            jobLayer);
        SCANS.put(scan, sites);
      }
      findings.put(artifact.coordinates(), sites);
      sources.put(artifact.coordinates(), artifact.sourcesJar(repository));
    }
    AccuracyScore score = AccuracyScore.of(jobLayer, labels, findings, sources);
    String table = ScoreTable.of(score, CorpusArtifact.byBatch(artifacts));
    System.out.println(table);
    Path report = Path.of("target", "accuracy");
    Files.createDirectories(report);
    Files.writeString(report.resolve(key + ".md"), table);
    assertThat(score.unadjudicated())
        .as(ScoreTable.summary(score) + "; these reported sites lie on no labelled row: read"
            + " each and add its row to corpus/labels.tsv (corpus/README.md); the list is in "
            + report.resolve(key + ".md").toAbsolutePath())
        .extracting(AccuracyScore.ScoredSite::where).isEmpty();
    double recall = Double.parseDouble(floor.getProperty(key + ".recall"));
    double precision = Double.parseDouble(floor.getProperty(key + ".precision"));
    double findingsPerRetry = Double.parseDouble(floor.getProperty(key + ".findingsPerRetry"));
    assertThat(score.total().recall())
        .as(ScoreTable.summary(score) + "; recall fell below the floor of the last landed run")
        .isGreaterThanOrEqualTo(recall - 0.05);
    assertThat(score.total().precision())
        .as(ScoreTable.summary(score) + "; precision fell below the floor of the last landed run")
        .isGreaterThanOrEqualTo(precision - 0.05);
    assertThat(score.total().findingsPerRetry())
        .as(ScoreTable.summary(score) + "; findings per retry rose above the last landed run")
        .isLessThanOrEqualTo(findingsPerRetry + 0.005);
  }
}
