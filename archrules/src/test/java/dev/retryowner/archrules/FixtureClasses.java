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
 * directory in the reactor, a jar otherwise). Only the fixture packages are imported: the
 * fixture reader next to them is not a fixture.
 */
final class FixtureClasses {
  /** Keeps {@code fixtures/**} and drops the reader in {@code dev/retryowner/fixtures}. */
  static final ImportOption ONLY_FIXTURES = location -> !location.contains("/dev/retryowner/");

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
