package dev.retryowner.corpus;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * One row of {@code corpus/labels.tsv}: a site in an artifact's sources, what it is, and whether a
 * detector must decide on it ({@code primary}) or may say anything ({@code supporting}).
 *
 * @param artifact the artifact's {@code groupId:artifactId:version}
 * @param file the path inside the sources jar
 * @param line the 1-based line: a loop's keyword, the re-invoking call, or the client's origin
 * @param enclosing {@code Type#method} holding the site
 * @param category what the site is
 * @param primary true if a detector must report it (a retry) or must not (a look-alike)
 * @param confidence how sure the labeller was: high, medium or low
 * @param inJobLayer true if the site lies in the artifact's job layer
 * @param justification one line in the labeller's words
 */
public record Label(String artifact, String file, int line, String enclosing, Category category,
    boolean primary, String confidence, boolean inJobLayer, String justification) {
  private static final int COLUMNS = 9;
  private static final Set<String> CONFIDENCES = Set.of("high", "medium", "low");

  /**
   * True if the gate must report the site when the job layer is {@code jobLayerConfigured}: a
   * retry, unless it is one a job layer owns and lies in the configured job layer.
   */
  public boolean mustBeReported(boolean jobLayerConfigured) {
    return category.isRetry()
        && !(jobLayerConfigured && inJobLayer && category.isOwnedByJobLayer());
  }

  /** The site as messages name it: {@code artifactId file:line (Type#method)}. */
  public String site() {
    return artifact.split(":")[1] + " " + file + ":" + line + " (" + enclosing + ")";
  }

  /** Reads a labels file; blank lines and lines starting with {@code #} are skipped. */
  public static List<Label> read(Path tsv) throws IOException {
    return TabSeparatedRows.read(tsv, Label::parse);
  }

  private static Label parse(String[] cells) {
    if (cells.length != COLUMNS) {
      throw new IllegalArgumentException("expected " + COLUMNS + " tab-separated columns"
          + " (artifact, file, line, enclosing, category, role, confidence, job_layer,"
          + " justification), found " + cells.length);
    }
    if (cells[0].split(":").length != 3) {
      throw new IllegalArgumentException("artifact '" + cells[0]
          + "' is not groupId:artifactId:version");
    }
    int lineNumber;
    try {
      lineNumber = Integer.parseInt(cells[2]);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("line '" + cells[2] + "' is not a number", e);
    }
    if (!cells[5].equals("primary") && !cells[5].equals("supporting")) {
      throw new IllegalArgumentException("role '" + cells[5]
          + "' is neither primary nor supporting");
    }
    if (!CONFIDENCES.contains(cells[6])) {
      throw new IllegalArgumentException("confidence '" + cells[6] + "' is not one of "
          + CONFIDENCES);
    }
    if (!cells[7].equals("yes") && !cells[7].equals("no")) {
      throw new IllegalArgumentException("job_layer '" + cells[7] + "' is neither yes nor no");
    }
    if (cells[8].isBlank()) {
      throw new IllegalArgumentException("the justification is blank");
    }
    return new Label(cells[0], cells[1], lineNumber, cells[3], Category.of(cells[4]),
        cells[5].equals("primary"), cells[6], cells[7].equals("yes"), cells[8]);
  }
}
