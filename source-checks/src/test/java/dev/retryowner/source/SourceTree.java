package dev.retryowner.source;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Writes small source trees for the source-check tests and finds their marked lines. */
final class SourceTree {
  private SourceTree() {}

  /** Writes {@code content} to {@code path} (relative, e.g. {@code com/acme/app/X.java}). */
  static void write(Path root, String path, String content) throws IOException {
    Path file = root.resolve(path);
    Files.createDirectories(file.getParent());
    Files.writeString(file, content);
  }

  /** The 1-based line that ends with {@code // marker}. */
  static int lineOf(String source, String marker) {
    List<String> lines = source.lines().toList();
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).endsWith("// " + marker)) {
        return i + 1;
      }
    }
    throw new IllegalArgumentException("no marker " + marker);
  }
}
