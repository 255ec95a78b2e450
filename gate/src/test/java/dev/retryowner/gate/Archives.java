package dev.retryowner.gate;

import dev.retryowner.fixtures.Fixtures;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/** Jars built in tests from directories, as a build would package classes or sources. */
public final class Archives {
  private Archives() {}

  /** Writes every file under {@code directory} into a new jar at {@code jar}; returns the jar. */
  public static Path jar(Path directory, Path jar) throws IOException {
    List<Path> files;
    try (Stream<Path> walk = Files.walk(directory)) {
      files = walk.filter(Files::isRegularFile).sorted().toList();
    }
    try (OutputStream out = Files.newOutputStream(jar);
        ZipOutputStream zip = new ZipOutputStream(out)) {
      for (Path file : files) {
        zip.putNextEntry(new ZipEntry(directory.relativize(file).toString().replace('\\', '/')));
        Files.copy(file, zip);
        zip.closeEntry();
      }
    }
    return jar;
  }

  /** The fixture classes as a jar: the fixtures' own jar, or one packed from their directory. */
  public static Path fixtureClassesJar(Path temp) throws IOException {
    Path location = Fixtures.classesLocation();
    return Files.isDirectory(location) ? jar(location, temp.resolve("fixtures.jar")) : location;
  }

  /** A new directory {@code root} holding copies of these fixture class files ({@code pkg/A.class}). */
  public static Path fixtureClasses(Path root, String... classFiles) throws IOException {
    for (String classFile : classFiles) {
      Path target = root.resolve(classFile);
      Files.createDirectories(target.getParent());
      try (InputStream in = Archives.class.getResourceAsStream("/" + classFile)) {
        Files.copy(in, target);
      }
    }
    return root;
  }
}
