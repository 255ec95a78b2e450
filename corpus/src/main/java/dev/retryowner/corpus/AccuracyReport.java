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

/**
 * The scorer behind {@code bench/accuracy.sh}: reads the JSON reports that {@code scan} wrote for
 * each artifact and setting, and prints the score tables.
 *
 * <p>Arguments: the corpus directory, the local Maven repository, and the directory holding
 * {@code none/<artifactId>.json} and {@code job-layer/<artifactId>.json}.
 */
public final class AccuracyReport {
  private static final ObjectMapper JSON = new ObjectMapper();

  private AccuracyReport() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 3) {
      System.err.println("usage: AccuracyReport <corpus dir> <local repository> <reports dir>");
      System.exit(2);
    }
    Path corpus = Path.of(args[0]);
    Path repository = Path.of(args[1]);
    Path reports = Path.of(args[2]);
    List<CorpusArtifact> artifacts = CorpusArtifact.read(corpus.resolve("artifacts.txt"));
    List<Label> labels = Label.read(corpus.resolve("labels.tsv"));
    Map<String, Path> sources = new HashMap<>();
    artifacts.forEach(a -> sources.put(a.coordinates(), a.sourcesJar(repository)));
    for (boolean jobLayer : new boolean[] {false, true}) {
      Map<String, List<ReportedSite>> findings = new HashMap<>();
      for (CorpusArtifact artifact : artifacts) {
        Path report = reports.resolve(jobLayer ? "job-layer" : "none")
            .resolve(artifact.artifactId() + ".json");
        findings.put(artifact.coordinates(), read(report));
      }
      System.out.println(ScoreTable.of(AccuracyScore.of(jobLayer, labels, findings, sources)));
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
