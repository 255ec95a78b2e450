package dev.retryowner.gate;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import dev.retryowner.fixtures.Fixtures;
import dev.retryowner.source.CompiledCall;
import dev.retryowner.source.TypeRelations;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The relations read from class files answer as those of a whole ArchUnit import do, on every
 * fixture class and source file: the gate uses the one with its import filter, the other without.
 */
class ClassFileTypeRelationsTest {
  private static URLClassLoader loader;
  private static JavaClasses imported;
  private static TypeRelations fromClassFiles;
  private static TypeRelations fromArchUnit;

  @BeforeAll
  static void readTheFixturesBothWays() throws Exception {
    List<URL> urls = new ArrayList<>();
    for (Path element : FixtureGate.testClasspath()) {
      urls.add(element.toUri().toURL());
    }
    loader = new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
    Path classes = Fixtures.classesLocation();
    fromClassFiles = ImportFilter.of(Fixtures.gateConfig())
        .select(Map.of(classes, UnreadableClassFiles.classFiles(classes)), loader)
        .relations().orElseThrow();
    imported = new ClassFileImporter().importLocations(List.of(CheckedClasses.location(classes)));
    fromArchUnit = new ArchUnitTypeRelations(imported);
  }

  @AfterAll
  static void closeTheLoader() throws Exception {
    loader.close();
  }

  @Test
  void theSameSupertypesAndAnnotations() {
    assertThat(imported.size()).isGreaterThan(300);
    for (JavaClass type : imported) {
      String name = type.getName();
      // The module's own helpers are no fixtures: NeutralNames' scanner extends a jdk.compiler
      // class, which the platform class loader the relations read through does not hold.
      if (!name.startsWith("fixtures.")) {
        continue;
      }
      assertThat(fromClassFiles.isCheckedClass(name)).as(name).isTrue();
      assertThat(withoutObject(fromClassFiles.selfAndSupertypes(name))).as(name)
          .isEqualTo(withoutObject(fromArchUnit.selfAndSupertypes(name)));
      assertThat(fromClassFiles.annotationTypes(name)).as(name)
          .containsExactlyInAnyOrderElementsOf(fromArchUnit.annotationTypes(name));
      for (String annotation : fromArchUnit.annotationTypes(name)) {
        assertThat(fromClassFiles.isAnnotatedWith(name, annotation)).as(name + " " + annotation)
            .isEqualTo(fromArchUnit.isAnnotatedWith(name, annotation));
      }
    }
  }

  /**
   * Every class and every type it names is known. ArchUnit also counts primitive types and the
   * types of annotation attributes' defaults, which no code of the input names.
   */
  @Test
  void knowsTheClassesAndWhatTheyName() {
    Set<String> expected = new HashSet<>();
    for (JavaClass type : imported) {
      expected.add(type.getName());
      type.getDirectDependenciesFromSelf().stream()
          .filter(dependency -> !dependency.getDescription().contains("annotation"))
          .map(dependency -> dependency.getTargetClass().getBaseComponentType())
          .filter(target -> !target.isPrimitive())
          .forEach(target -> expected.add(target.getName()));
    }
    assertThat(fromClassFiles.knownTypes()).containsAll(expected);
  }

  @Test
  void theSameCallsCompiledFromEachSourceFile() {
    Set<String> sourcePaths = new HashSet<>();
    for (JavaClass type : imported) {
      type.getSource().flatMap(source -> source.getFileName()).ifPresent(file -> sourcePaths.add(
          type.getPackageName().replace('.', '/') + "/" + file));
    }
    assertThat(sourcePaths).hasSizeGreaterThan(100);
    Comparator<CompiledCall> order = Comparator.comparingInt(CompiledCall::line)
        .thenComparing(CompiledCall::method).thenComparing(CompiledCall::owner);
    for (String sourcePath : sourcePaths) {
      assertThat(sorted(fromClassFiles.callsCompiledFrom(sourcePath), order)).as(sourcePath)
          .isEqualTo(sorted(fromArchUnit.callsCompiledFrom(sourcePath), order));
      assertThat(fromClassFiles.typesNamedFrom(sourcePath).orElseThrow())
          .as("the types named in %s's constant pools, every call's owner among them", sourcePath)
          .containsAll(fromArchUnit.callsCompiledFrom(sourcePath).stream()
              .map(CompiledCall::owner).filter(owner -> !owner.startsWith("[")).toList());
    }
  }

  /** ArchUnit gives an interface no superclass; the class file names java.lang.Object. */
  private static Set<String> withoutObject(Set<String> types) {
    Set<String> without = new HashSet<>(types);
    without.remove(Object.class.getName());
    return without;
  }

  private static List<CompiledCall> sorted(List<CompiledCall> calls,
      Comparator<CompiledCall> order) {
    return calls.stream().sorted(order).toList();
  }
}
