package dev.retryowner.maven.source;

import dev.retryowner.catalog.Finding;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Pins construction findings to the line that writes the construction. javac gives a
 * {@code new} inside a chained call ({@code builder.addInterceptor(new Retrying(..))}) the line of
 * an earlier call of the chain, so the bytecode line can be a line or more too early. The pinner
 * looks from that line on, within the statement's reach, for {@code new Name} or
 * {@code Name::new} of the constructed class; a finding whose source or construction is not
 * found keeps its bytecode line.
 */
public final class ConstructionLinePinner {
  /** How many lines after the bytecode line a construction of one statement may sit. */
  private static final int REACH = 10;

  private final List<Path> sourceRoots;
  private final JavaSources sources;

  public ConstructionLinePinner(List<Path> sourceRoots, JavaSources sources) {
    this.sourceRoots = List.copyOf(sourceRoots);
    this.sources = sources;
  }

  /** The finding with its line pinned; {@code constructed} is the class's binary name. */
  public Finding pin(Finding finding, String constructed) {
    String simple = constructed.substring(Math.max(constructed.lastIndexOf('.'),
        constructed.lastIndexOf('$')) + 1);
    Pattern construction = Pattern.compile("\\bnew\\s+(?:[\\w.]+\\.)?" + Pattern.quote(simple)
        + "\\s*[(<]|\\b" + Pattern.quote(simple) + "\\s*::\\s*new\\b");
    Optional<List<String>> lines = source(finding.sourcePath());
    if (lines.isEmpty() || finding.line() < 1) {
      return finding;
    }
    int last = Math.min(lines.get().size(), finding.line() + REACH);
    for (int line = finding.line(); line <= last; line++) {
      if (construction.matcher(lines.get().get(line - 1)).find()) {
        return new Finding(finding.rule(), finding.className(), finding.member(),
            finding.sourcePath(), line, finding.site(), finding.target(), finding.message(),
            finding.reason());
      }
    }
    return finding;
  }

  private Optional<List<String>> source(String sourcePath) {
    return JavaSources.find(sourceRoots, sourcePath).flatMap(sources::text).map(text -> text.lines().toList());
  }
}
