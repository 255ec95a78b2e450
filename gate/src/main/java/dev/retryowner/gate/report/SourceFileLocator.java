package dev.retryowner.gate.report;

import dev.retryowner.gate.report.ReportedFile.Anchor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Finds a finding's source file (a path relative to its source root) under the source roots and
 * names it relative to the project's base directory, as code scanning tools and IDEs expect.
 */
final class SourceFileLocator {
  private final Path baseDirectory;
  private final List<Path> sourceRoots;

  SourceFileLocator(Path baseDirectory, List<Path> sourceRoots) {
    this.baseDirectory = baseDirectory.toAbsolutePath().normalize();
    this.sourceRoots = sourceRoots.stream().map(root -> root.toAbsolutePath().normalize())
        .toList();
  }

  ReportedFile locate(String sourcePath) {
    for (Path root : sourceRoots) {
      Path file = root.resolve(sourcePath).normalize();
      if (Files.isRegularFile(file)) {
        return file.startsWith(baseDirectory)
            ? new ReportedFile(slashes(baseDirectory.relativize(file)), Anchor.BASE_DIRECTORY)
            : new ReportedFile(slashes(file), Anchor.ABSOLUTE);
      }
    }
    return new ReportedFile(sourcePath, Anchor.SOURCE_ROOT);
  }

  private static String slashes(Path path) {
    return path.toString().replace('\\', '/');
  }
}
