package dev.retryowner.corpus;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One line of {@code corpus/artifacts.txt}: an artifact from Maven Central whose sources were
 * labelled, with the SHA-1 of both jars (so the scan reads what was labelled) and its job layer.
 *
 * @param coordinates {@code groupId:artifactId:version}
 * @param classCount the class files in the jar
 * @param jarSha1 the SHA-1 of the jar
 * @param sourcesSha1 the SHA-1 of the sources jar
 * @param jobLayer the package patterns of the artifact's own job layer; empty when it has none
 * @param batch the batch the artifact was labelled in: {@code development}, {@code cold-1}, …
 */
public record CorpusArtifact(String coordinates, int classCount, String jarSha1,
    String sourcesSha1, List<String> jobLayer, String batch) {
  public CorpusArtifact {
    jobLayer = List.copyOf(jobLayer);
  }

  public String groupId() {
    return coordinates.split(":")[0];
  }

  public String artifactId() {
    return coordinates.split(":")[1];
  }

  public String version() {
    return coordinates.split(":")[2];
  }

  /** The jar in a Maven local repository laid out as Maven lays it. */
  public Path jar(Path localRepository) {
    return file(localRepository, "");
  }

  /** The sources jar in a Maven local repository. */
  public Path sourcesJar(Path localRepository) {
    return file(localRepository, "-sources");
  }

  private Path file(Path localRepository, String classifier) {
    return localRepository.resolve(groupId().replace('.', '/')).resolve(artifactId())
        .resolve(version()).resolve(artifactId() + "-" + version() + classifier + ".jar");
  }

  /** Fails unless both jars are the ones labelled. */
  public void verify(Path localRepository) throws IOException {
    requireSha1(jar(localRepository), jarSha1);
    requireSha1(sourcesJar(localRepository), sourcesSha1);
  }

  private static void requireSha1(Path file, String expected) throws IOException {
    if (!Files.isRegularFile(file)) {
      throw new IllegalStateException(file + " is not in the local repository: list the artifact"
          + " (and its sources classifier) in corpus/pom.xml as corpus/artifacts.txt does");
    }
    String actual = sha1(file);
    if (!actual.equals(expected)) {
      throw new IllegalStateException(file + " has SHA-1 " + actual + ", but corpus/artifacts.txt"
          + " was labelled on " + expected + ": fetch the artifact again, or label the new jar");
    }
  }

  /** The SHA-1 of a file, as hex. */
  public static String sha1(Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      MessageDigest digest = MessageDigest.getInstance("SHA-1");
      byte[] buffer = new byte[1 << 16];
      for (int n; (n = in.read(buffer)) > 0; ) {
        digest.update(buffer, 0, n);
      }
      return HexFormat.of().formatHex(digest.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-1", e);
    }
  }

  /**
   * Reads {@code artifacts.txt}: tab-separated coordinates, class count, jar SHA-1, sources SHA-1,
   * job layer (comma-separated patterns, or {@code -}) and batch; {@code #} starts a comment
   * line.
   */
  public static List<CorpusArtifact> read(Path file) throws IOException {
    return TabSeparatedRows.read(file, CorpusArtifact::parse);
  }

  private static CorpusArtifact parse(String[] cells) {
    if (cells.length != 6 || cells[0].split(":").length != 3 || cells[5].isBlank()) {
      throw new IllegalArgumentException("expected groupId:artifactId:version, class count, jar"
          + " SHA-1, sources SHA-1, job layer and batch, tab-separated");
    }
    List<String> jobLayer = cells[4].equals("-") ? List.of() : List.of(cells[4].split(",\\s*"));
    return new CorpusArtifact(cells[0], Integer.parseInt(cells[1]), cells[2], cells[3], jobLayer,
        cells[5]);
  }

  /** The artifacts' coordinates by batch, in the order the batches first appear. */
  public static Map<String, List<String>> byBatch(List<CorpusArtifact> artifacts) {
    Map<String, List<String>> batches = new LinkedHashMap<>();
    artifacts.forEach(a -> batches.computeIfAbsent(a.batch(), b -> new ArrayList<>())
        .add(a.coordinates()));
    return batches;
  }
}
