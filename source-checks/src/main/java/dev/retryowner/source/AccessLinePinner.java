package dev.retryowner.source;

import dev.retryowner.catalog.Finding;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Pins whole-program findings to the line that writes their construction or call. javac gives a
 * {@code new} inside a chained call ({@code builder.addInterceptor(new Retrying(..))}) the line of
 * an earlier call of the chain, so the bytecode line can be a line or more too early. The pinner
 * looks from that line on, within the statement's reach, for {@code new Name} or
 * {@code Name::new} of a constructed class (a target {@code pkg.Type}), or {@code name(} or
 * {@code ::name} of a called method (a target {@code pkg.Type#name}); a finding whose source or
 * access is not found keeps its bytecode line.
 */
public final class AccessLinePinner {
  /** How many lines after the bytecode line an access of one statement may sit. */
  private static final int REACH = 10;

  private final List<Path> sourceRoots;
  private final JavaSources sources;

  public AccessLinePinner(List<Path> sourceRoots, JavaSources sources) {
    this.sourceRoots = List.copyOf(sourceRoots);
    this.sources = sources;
  }

  /** The finding with its line pinned to where its target is written. */
  public Finding pin(Finding finding) {
    Optional<List<String>> lines = source(finding.sourcePath());
    if (lines.isEmpty() || finding.line() < 1) {
      return finding;
    }
    Pattern written = written(finding.target());
    int last = Math.min(lines.get().size(), finding.line() + REACH);
    for (int line = finding.line(); line <= last; line++) {
      if (written.matcher(lines.get().get(line - 1)).find()) {
        return finding.atLine(line);
      }
    }
    return finding;
  }

  private static Pattern written(String target) {
    int member = target.indexOf('#');
    if (member >= 0) {
      String name = Pattern.quote(target.substring(member + 1));
      return Pattern.compile("\\b" + name + "\\s*\\(|::\\s*" + name + "\\b");
    }
    String simple = Pattern.quote(target.substring(
        Math.max(target.lastIndexOf('.'), target.lastIndexOf('$')) + 1));
    return Pattern.compile("\\bnew\\s+(?:[\\w.]+\\.)?" + simple + "\\s*[(<]|\\b" + simple
        + "\\s*::\\s*new\\b");
  }

  private Optional<List<String>> source(String sourcePath) {
    return JavaSources.find(sourceRoots, sourcePath).flatMap(sources::text)
        .map(text -> text.lines().toList());
  }
}
