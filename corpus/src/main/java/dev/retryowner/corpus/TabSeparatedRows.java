package dev.retryowner.corpus;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The rows of the corpus's tab-separated files: blank lines and lines starting with {@code #} are
 * skipped, and a row that cannot be read fails naming its file and line.
 */
final class TabSeparatedRows {
  private TabSeparatedRows() {}

  /**
   * Each row's cells, all of them (empty trailing cells too), turned into a value by
   * {@code parse}, which throws {@link IllegalArgumentException} saying what is wrong.
   */
  static <T> List<T> read(Path file, Function<String[], T> parse) throws IOException {
    List<T> rows = new ArrayList<>();
    List<String> lines = Files.readAllLines(file);
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      try {
        rows.add(parse.apply(line.split("\t", -1)));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(file + ":" + (i + 1) + ": " + e.getMessage(), e);
      }
    }
    return rows;
  }
}
