package dev.retryowner.gate;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.jar.JarFile;

/**
 * The class files of a location, listed once for the whole run; {@link ClassFileScreen} then
 * tells which of them every reader may read.
 */
final class UnreadableClassFiles {
  private static final String SUFFIX = ".class";

  private UnreadableClassFiles() {}

  /** A class file as a warning names it: its path, or the jar's and the entry's. */
  static String shown(Path location, String entry) {
    return Files.isDirectory(location) ? location.resolve(entry).toString()
        : location + "!/" + entry;
  }

  /** The class file paths under the directory or in the jar, with forward slashes. */
  static List<String> classFiles(Path classes) throws GateException {
    if (!Files.isDirectory(classes)) {
      try (JarFile jar = new JarFile(classes.toFile())) {
        return jar.stream().map(e -> e.getName()).filter(n -> n.endsWith(SUFFIX)).toList();
      } catch (IOException e) {
        throw new GateException("retry-owner: cannot read " + classes + " as a jar ("
            + e.getMessage() + "); name a directory of compiled classes or a class jar.", e);
      }
    }
    List<String> entries = new ArrayList<>();
    try {
      addClassFiles(classes.toFile(), "", entries);
    } catch (IOException e) {
      throw new GateException("retry-owner: cannot list " + classes + ": " + e.getMessage(), e);
    }
    Collections.sort(entries);
    return entries;
  }

  /**
   * Adds the class files under {@code directory}, each as {@code prefix} plus its path below it.
   * A name ending in .class is taken for a class file without asking the file system: on a large
   * input the stat calls of a walk cost more than the listing itself (B1 in docs/benchmarks.md).
   * Other names are followed only when they are directories, never through a symbolic link, so a
   * link cycle cannot loop.
   */
  private static void addClassFiles(File directory, String prefix, List<String> entries)
      throws IOException {
    String[] names = directory.list();
    if (names == null) {
      throw new IOException("cannot list the directory " + directory);
    }
    for (String name : names) {
      if (name.endsWith(SUFFIX)) {
        entries.add(prefix + name);
      } else {
        File file = new File(directory, name);
        if (Files.isDirectory(file.toPath(), LinkOption.NOFOLLOW_LINKS)) {
          addClassFiles(file, prefix + name + "/", entries);
        }
      }
    }
  }

  /**
   * Whether the file is meant to hold the class its path names: not a module descriptor, nor a
   * class of a multi-release jar's version folder.
   */
  static boolean isClassOfItsPath(String entry) {
    return !entry.startsWith("META-INF/") && !entry.endsWith("module-info" + SUFFIX);
  }
}
