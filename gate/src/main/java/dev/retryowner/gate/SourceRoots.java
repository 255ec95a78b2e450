package dev.retryowner.gate;

import java.io.IOException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The source roots of one run as directories the source checks can walk: a directory as it is,
 * a sources jar (or zip) as the root of a zip file system, read in place and closed with this
 * object. Roots that do not exist are left out, as a module without sources has none.
 */
final class SourceRoots implements AutoCloseable {
  private final List<Path> directories;
  private final List<FileSystem> archives;

  private SourceRoots(List<Path> directories, List<FileSystem> archives) {
    this.directories = List.copyOf(directories);
    this.archives = List.copyOf(archives);
  }

  /** Opens the roots; a file that is not a readable zip is a {@link GateException}. */
  static SourceRoots open(List<Path> roots) throws GateException {
    List<Path> directories = new ArrayList<>();
    List<FileSystem> archives = new ArrayList<>();
    for (Path root : roots) {
      if (Files.isDirectory(root)) {
        directories.add(root);
      } else if (Files.isRegularFile(root)) {
        try {
          FileSystem archive = FileSystems.newFileSystem(root);
          archives.add(archive);
          directories.add(archive.getRootDirectories().iterator().next());
        } catch (IOException | RuntimeException e) {
          new SourceRoots(directories, archives).close();
          throw new GateException("retry-owner: cannot read the sources " + root + " as a jar ("
              + e + "); name a directory of .java files or a sources jar.", e);
        }
      }
    }
    return new SourceRoots(directories, archives);
  }

  /** Each root as a directory, archives as the root directory of their file system. */
  List<Path> directories() {
    return directories;
  }

  @Override
  public void close() {
    for (FileSystem archive : archives) {
      try {
        archive.close();
      } catch (IOException e) {
        // Read-only: closing releases the file handle and has nothing to write back.
      }
    }
  }
}
