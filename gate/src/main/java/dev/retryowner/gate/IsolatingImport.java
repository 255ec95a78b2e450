package dev.retryowner.gate;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.Location;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * ArchUnit's imports of one run, over the class files {@link ClassFileScreen} let through. A
 * file whose constant pool reads well can still stop ArchUnit's importer (a renamed member it
 * cannot match up, a flipped bit in a method body): the whole import throws, naming no file.
 * Then the files are imported in halves until the ones that throw alone are found; those are
 * left out of the run like any unreadable file, with a warning each, and the rest is imported.
 */
final class IsolatingImport {
  private final List<Path> locations;
  private final ClassLoader projectLoader;
  private ClassFileScreen.Screened screened;

  /**
   * @param locations the locations imported, the checked classes first
   * @param projectLoader the class loader ArchUnit resolves library types through
   * @param screened the class files every reader may read
   */
  IsolatingImport(List<Path> locations, ClassLoader projectLoader,
      ClassFileScreen.Screened screened) {
    this.locations = List.copyOf(locations);
    this.projectLoader = projectLoader;
    this.screened = screened;
  }

  /** The class files every reader may read, now. */
  ClassFileScreen.Screened screened() {
    return screened;
  }

  /**
   * The classes {@code selection} keeps, without any file left out. A file the importer skipped
   * without a word (its method bodies do not parse) is left out from now on as well.
   */
  JavaClasses of(ImportSelection selection) {
    while (true) {
      ImportSelection current = selection.leavingOut(screened.unreadableEntries());
      try {
        JavaClasses imported = importing(current.resolvingLoader(projectLoader),
            () -> new ClassFileImporter().withImportOption(current.importOption())
                .importLocations(current.locations(locations)));
        Map<Path, Map<String, String>> skipped = skipped(candidates(current), imported);
        if (!skipped.isEmpty()) {
          screened = screened.without(skipped);
        }
        return imported;
      } catch (RuntimeException failure) {
        Map<Path, Map<String, String>> throwing = throwingAlone(candidates(current), failure);
        if (throwing.isEmpty()) {
          throw failure;
        }
        screened = screened.without(throwing);
      }
    }
  }

  /** The class files the selection imports. */
  private List<FileLocation> candidates(ImportSelection selection) {
    List<FileLocation> candidates = new ArrayList<>();
    screened.readable().forEach((location, entries) -> entries.stream()
        .filter(UnreadableClassFiles::isClassOfItsPath)
        .filter(entry -> selection.imports(location, entry))
        .forEach(entry -> candidates.add(new FileLocation(location, entry))));
    return candidates;
  }

  /** The files among {@code files} whose class is not among the {@code imported}. */
  private static Map<Path, Map<String, String>> skipped(List<FileLocation> files,
      JavaClasses imported) {
    Map<Path, Map<String, String>> skipped = new LinkedHashMap<>();
    for (FileLocation file : files) {
      if (!isImported(file.entry(), imported)) {
        skipped.computeIfAbsent(file.path(), p -> new LinkedHashMap<>()).put(file.entry(),
            "ArchUnit cannot parse it and skips it");
      }
    }
    return skipped;
  }

  /** Whether the class of an entry was imported; its path may start with a folder of its own. */
  private static boolean isImported(String entry, JavaClasses imported) {
    String name = entry.substring(0, entry.length() - ".class".length()).replace('/', '.');
    while (!imported.contain(name)) {
      int dot = name.indexOf('.');
      if (dot < 0) {
        return false;
      }
      name = name.substring(dot + 1);
    }
    return true;
  }

  /**
   * The files among {@code files} that ArchUnit fails on when imported alone, found by halving:
   * a half that imports well holds none.
   */
  private Map<Path, Map<String, String>> throwingAlone(List<FileLocation> files,
      RuntimeException failure) {
    Map<Path, Map<String, String>> found = new LinkedHashMap<>();
    halve(files, failure, found);
    return found;
  }

  private void halve(List<FileLocation> files, RuntimeException failure,
      Map<Path, Map<String, String>> found) {
    if (files.size() == 1) {
      FileLocation file = files.get(0);
      found.computeIfAbsent(file.path(), p -> new LinkedHashMap<>()).put(file.entry(),
          "ArchUnit cannot import it: " + firstLine(failure));
      return;
    }
    List<List<FileLocation>> halves = List.of(files.subList(0, files.size() / 2),
        files.subList(files.size() / 2, files.size()));
    for (List<FileLocation> half : halves) {
      try {
        importing(projectLoader, () -> new ClassFileImporter().importLocations(
            half.stream().map(FileLocation::location).toList()));
      } catch (RuntimeException inThisHalf) {
        halve(half, inThisHalf, found);
      }
    }
  }

  private static String firstLine(RuntimeException failure) {
    String text = failure.toString();
    int newline = text.indexOf('\n');
    return newline < 0 ? text : text.substring(0, newline);
  }

  /** Runs an import with {@code loader} as the context class loader ArchUnit resolves from. */
  private static JavaClasses importing(ClassLoader loader,
      Supplier<JavaClasses> importer) {
    Thread thread = Thread.currentThread();
    ClassLoader previous = thread.getContextClassLoader();
    try {
      thread.setContextClassLoader(loader);
      return importer.get();
    } finally {
      thread.setContextClassLoader(previous);
    }
  }

  /** One class file: where it lies, and its entry path there. */
  private record FileLocation(Path path, String entry) {
    /** The file as ArchUnit locates it on its own. */
    Location location() {
      return Files.isDirectory(path) ? Location.of(path.resolve(entry))
          : Location.of(URI.create(ImportSelection.prefix(path) + entry));
    }
  }
}
