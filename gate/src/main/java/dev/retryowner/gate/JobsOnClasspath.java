package dev.retryowner.gate;

import dev.retryowner.catalog.PackagePattern;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The classpath elements holding classes of the jobs packages, for a module whose job layer is a
 * dependency (a jobs runtime jar, or a sibling module's classes in a reactor build). The gate
 * imports them as context: the jobs packages then match classes, and a rule asking whether a type
 * belongs to the job layer sees it, while only the module's own classes are checked.
 */
public final class JobsOnClasspath {
  private static final String CLASS_SUFFIX = ".class";

  private JobsOnClasspath() {}

  /**
   * The elements of {@code classpath} that hold a class of a jobs package none of the {@code own}
   * elements (the checked classes and the goal's context) holds; empty when the module holds them
   * all, so a module that contains its job layer is imported as before.
   */
  public static List<Path> elements(List<PackagePattern> jobsPackages, List<Path> classpath,
      Collection<Path> own) throws GateException {
    try {
      return holding(jobsPackages, classpath, own);
    } catch (UncheckedIOException e) {
      throw new GateException("retry-owner: cannot read the classpath while looking for the jobs"
          + " packages " + jobsPackages + ": " + e.getMessage(), e);
    }
  }

  private static List<Path> holding(List<PackagePattern> jobsPackages, List<Path> classpath,
      Collection<Path> own) {
    List<PackagePattern> elsewhere = new ArrayList<>(jobsPackages);
    for (Path element : own) {
      elsewhere.removeIf(pattern -> holdsOwnClassOf(element, pattern));
    }
    Set<Path> skip = own.stream().map(JobsOnClasspath::normalized).collect(Collectors.toSet());
    List<Path> holding = new ArrayList<>();
    for (Path element : classpath) {
      if (!elsewhere.isEmpty() && !skip.contains(normalized(element)) && Files.exists(element)
          && elsewhere.stream().anyMatch(pattern -> holdsClassOf(element, pattern))) {
        holding.add(element);
      }
    }
    return holding;
  }

  private static Path normalized(Path path) {
    return path.toAbsolutePath().normalize();
  }

  /**
   * Whether the module's own location holds a class of the pattern; a missing or unreadable one
   * holds none here, as the goal reports it with the fix when it reads its classes.
   */
  private static boolean holdsOwnClassOf(Path element, PackagePattern pattern) {
    try {
      return Files.exists(element) && holdsClassOf(element, pattern);
    } catch (UncheckedIOException e) {
      return false;
    }
  }

  private static boolean holdsClassOf(Path element, PackagePattern pattern) {
    try (Stream<String> names = classNames(element)) {
      return names.anyMatch(pattern::matchesClass);
    } catch (IOException e) {
      throw new UncheckedIOException(element + ": " + e.getMessage(), e);
    }
  }

  /** Binary class names in a directory or jar, from the paths of its class files. */
  private static Stream<String> classNames(Path element) throws IOException {
    if (Files.isDirectory(element)) {
      return Files.walk(element).filter(Files::isRegularFile)
          .map(file -> element.relativize(file).toString()
              .replace(element.getFileSystem().getSeparator(), "/"))
          .filter(path -> path.endsWith(CLASS_SUFFIX)).map(JobsOnClasspath::binaryName);
    }
    JarFile jar = new JarFile(element.toFile());
    return jar.stream().map(entry -> entry.getName())
        .filter(path -> path.endsWith(CLASS_SUFFIX)).map(JobsOnClasspath::binaryName)
        .onClose(() -> {
          try {
            jar.close();
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        });
  }

  private static String binaryName(String classFilePath) {
    return classFilePath.substring(0, classFilePath.length() - CLASS_SUFFIX.length())
        .replace('/', '.');
  }
}
