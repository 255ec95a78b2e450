package dev.retryowner.archrules;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.retryowner.fixtures.Fixtures;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarFile;

/**
 * The compiled fixtures, imported once per test JVM from {@link Fixtures#classesLocation()} (a
 * directory in the reactor, a jar otherwise). Only the fixture packages are imported, never the
 * class path: the fixture reader next to them is not a fixture.
 *
 * <p>Measured on 54 fixture classes (2 busy cores): the import takes about 4.3 s cold and 1.7 to
 * 2.3 s warm, nearly all of it ArchUnit resolving the retry libraries' supertypes from the class
 * path; with {@code resolveMissingDependenciesFromClassPath=false} it takes 0.2 to 0.3 s (and the
 * fixtures give the same findings, but library subtypes of catalog types go unrecognized).
 * Evaluating the rule takes 50 to 250 ms.
 */
final class FixtureClasses {
  /**
   * Keeps {@code fixtures/**} and drops the reader in {@code dev/retryowner/fixtures} (the jar's
   * own path, {@code ~/.m2/repository/dev/retryowner/..}, must not drop everything).
   */
  static final ImportOption ONLY_FIXTURES =
      location -> !location.contains("/dev/retryowner/fixtures/");

  private static volatile JavaClasses all;
  private static volatile long importMillis;

  private FixtureClasses() {}

  static JavaClasses all() {
    JavaClasses result = all;
    if (result == null) {
      long start = System.nanoTime();
      result = importFrom(Fixtures.classesLocation());
      importMillis = (System.nanoTime() - start) / 1_000_000;
      all = result;
    }
    return result;
  }

  /** How long the one import of {@link #all()} took. */
  static long importMillis() {
    all();
    return importMillis;
  }

  static JavaClasses importFrom(Path location) {
    ClassFileImporter importer = new ClassFileImporter().withImportOption(ONLY_FIXTURES);
    if (Files.isDirectory(location)) {
      return importer.importPath(location);
    }
    try (JarFile jar = new JarFile(location.toFile())) {
      return importer.importJar(jar);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the fixture jar " + location, e);
    }
  }
}
