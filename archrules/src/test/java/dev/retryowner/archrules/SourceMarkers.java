package dev.retryowner.archrules;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Finds the line of a {@code // at: name} marker in a test source, so tests assert exact lines
 * without hard-coding numbers. Maven runs tests from the module directory.
 */
final class SourceMarkers {
  private final Path file;
  private final List<String> lines;

  private SourceMarkers(Path file, List<String> lines) {
    this.file = file;
    this.lines = lines;
  }

  static SourceMarkers of(Class<?> testClass) {
    Path file = Path.of("src/test/java", testClass.getName().replace('.', '/') + ".java");
    try {
      return new SourceMarkers(file, Files.readAllLines(file));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file.toAbsolutePath()
          + "; run the tests from the archrules module directory", e);
    }
  }

  /** The 1-based line carrying {@code // at: name}; fails unless exactly one line does. */
  int line(String name) {
    String marker = "// at: " + name;
    int found = 0;
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).stripTrailing().endsWith(marker)) {
        if (found != 0) {
          throw new IllegalStateException(file + ": marker '" + name + "' is not unique");
        }
        found = i + 1;
      }
    }
    if (found == 0) {
      throw new IllegalStateException(file + ": no marker '" + name + "'");
    }
    return found;
  }
}
