package dev.retryowner.corpus;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The scorer behind {@code bench/accuracy.sh}: reads the JSON reports that {@code scan} wrote for
 * each artifact and setting, and prints the score tables. It exits with 1 when a reported site
 * lies on no labelled row: the score is not final until each is adjudicated.
 *
 * <p>Arguments: the corpus directory, the local Maven repository, the directory holding
 * {@code none/<artifactId>.json} and {@code job-layer/<artifactId>.json}, and optionally a batch
 * of {@code artifacts.txt}, to score its artifacts only.
 */
public final class AccuracyReport {
  private static final ObjectMapper JSON = new ObjectMapper();

  private AccuracyReport() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 3 && args.length != 4) {
      System.err.println("usage: AccuracyReport <corpus dir> <local repository> <reports dir>"
          + " [batch]");
      System.exit(2);
    }
    Path corpus = Path.of(args[0]);
    Path repository = Path.of(args[1]);
    Path reports = Path.of(args[2]);
    List<CorpusArtifact> artifacts = CorpusArtifact.read(corpus.resolve("artifacts.txt"));
    if (args.length == 4) {
      artifacts = artifacts.stream().filter(a -> a.batch().equals(args[3])).toList();
      if (artifacts.isEmpty()) {
        System.err.println("no artifact of corpus/artifacts.txt is in batch '" + args[3] + "'");
        System.exit(2);
      }
    }
    Set<String> scored = artifacts.stream().map(CorpusArtifact::coordinates)
        .collect(Collectors.toSet());
    List<Label> labels = Label.read(corpus.resolve("labels.tsv")).stream()
        .filter(label -> scored.contains(label.artifact())).toList();
    Map<String, Path> sources = new HashMap<>();
    artifacts.forEach(a -> sources.put(a.coordinates(), a.sourcesJar(repository)));
    int unadjudicated = 0;
    for (boolean jobLayer : new boolean[] {false, true}) {
      Map<String, List<ReportedSite>> findings = new HashMap<>();
      for (CorpusArtifact artifact : artifacts) {
        Path report = reports.resolve(jobLayer ? "job-layer" : "none")
            .resolve(artifact.artifactId() + ".json");
        findings.put(artifact.coordinates(), read(report));
      }
      AccuracyScore score = AccuracyScore.of(jobLayer, labels, findings, sources);
      System.out.println(ScoreTable.of(score, CorpusArtifact.byBatch(artifacts)));
      unadjudicated += score.unadjudicated().size();
    }
    if (unadjudicated > 0) {
      System.err.println("accuracy: " + unadjudicated + " reported site(s) lie on no labelled"
          + " row; read each and add its row to corpus/labels.tsv (corpus/README.md, Every"
          + " finding scored) before quoting these figures");
      System.exit(1);
    }
  }

  private static List<ReportedSite> read(Path report) throws IOException {
    if (!Files.isRegularFile(report)) {
      throw new IllegalStateException(report + " is missing: the scan of that artifact did not"
          + " write its JSON report");
    }
    List<ReportedSite> sites = new ArrayList<>();
    for (JsonNode violation : JSON.readTree(report.toFile()).path("violations")) {
      JsonNode suppressions = violation.path("suppressions");
      if (suppressions.isMissingNode() || suppressions.isNull()) {
        sites.add(new ReportedSite(violation.path("rule").asText(),
            violation.path("file").asText(), violation.path("line").asInt(),
            violation.path("message").asText()));
      }
    }
    return sites;
  }
}
