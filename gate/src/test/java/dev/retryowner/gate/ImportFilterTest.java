package dev.retryowner.gate;

import dev.retryowner.gate.ImportFilter;
import dev.retryowner.gate.ImportSelection;
import dev.retryowner.gate.UnreadableClassFiles;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import dev.retryowner.catalog.GateConfig;
import dev.retryowner.gate.importfilter.AnnotationOnly;
import dev.retryowner.gate.importfilter.CallsSleep;
import dev.retryowner.gate.importfilter.DescriptorOnly;
import dev.retryowner.gate.importfilter.GenericSignatureOnly;
import dev.retryowner.gate.importfilter.MetaAnnotated;
import dev.retryowner.gate.importfilter.Resilient;
import dev.retryowner.gate.importfilter.Sleeper;
import dev.retryowner.gate.importfilter.SleepsBesideUnrelated;
import dev.retryowner.gate.importfilter.TemplateSubSubclass;
import dev.retryowner.gate.importfilter.TemplateSubclass;
import dev.retryowner.gate.importfilter.Unrelated;
import dev.retryowner.gate.importfilter.UsesJobsInternal;
import dev.retryowner.gate.importfilter.UsesLibrarySubtype;
import dev.retryowner.gate.importfilter.UsesSubSubclass;
import dev.retryowner.gate.importfilter.jobs.Internal;
import dev.retryowner.gate.importfilter.jobs.Worker;
import dev.retryowner.gate.importfilter.jobs.api.Api;
import dev.retryowner.source.CompiledCall;
import dev.retryowner.source.TypeRelations;
import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The import filter on the classes of {@code dev.retryowner.gate.importfilter}, copied into a
 * directory of their own: each names a catalog type, a guarded package or a catalog method in
 * one way only (kept), or nothing of the kind (dropped).
 */
class ImportFilterTest {
  private static final String JOBS = "dev.retryowner.gate.importfilter.jobs";
  /** The input's package is also the request path, where SleepInRequestPath reports delays. */
  private static final GateConfig LAYERED = GateConfig.builder().jobsPackages(JOBS)
      .jobsApiPackages(JOBS + ".api").requestPathPackages(JOBS.replace(".jobs", "")).build();
  private static final GateConfig JOBS_ONLY = GateConfig.builder().jobsPackages(JOBS).build();

  @TempDir
  Path classes;

  @BeforeEach
  void copyTheInputClasses() throws IOException, URISyntaxException {
    Path compiled = Path.of(Unrelated.class.getProtectionDomain().getCodeSource().getLocation()
        .toURI());
    Path input = compiled.resolve("dev/retryowner/gate/importfilter");
    try (Stream<Path> files = Files.walk(input)) {
      for (Path file : files.filter(Files::isRegularFile).toList()) {
        Path copy = classes.resolve(compiled.relativize(file).toString());
        Files.createDirectories(copy.getParent());
        Files.copy(file, copy);
      }
    }
  }

  @Test
  void keepsClassesNamingACatalogTypeInAnyWay() throws Exception {
    Set<String> dropped = dropped(LAYERED);

    assertThat(dropped).doesNotContain(names(DescriptorOnly.class, GenericSignatureOnly.class,
        AnnotationOnly.class, Resilient.class, MetaAnnotated.class, TemplateSubclass.class,
        TemplateSubSubclass.class, UsesSubSubclass.class, UsesLibrarySubtype.class));
  }

  @Test
  void keepsAClassCallingAMethodOfTheCatalogByName() throws Exception {
    assertThat(dropped(LAYERED)).doesNotContain(CallsSleep.class.getName());
  }

  @Test
  void dropsACallNamedLikeACatalogMethodWhereItsRuleCannotReportIt() throws Exception {
    assertThat(dropped(JOBS_ONLY))
        .as("a delay call outside the request path; no request-path package is configured")
        .contains(names(CallsSleep.class, SleepsBesideUnrelated.class));
  }

  @Test
  void keepsTheUsersOfAGuardedPackageAndOneClassOfEachConfiguredPackage() throws Exception {
    Set<String> dropped = dropped(LAYERED);

    assertThat(dropped).doesNotContain(names(UsesJobsInternal.class, Internal.class, Api.class))
        .contains(Worker.class.getName());
  }

  @Test
  void dropsTheUserOfTheJobsPackagesWhenNoLayeringRuleGuardsThem() throws Exception {
    Set<String> dropped = dropped(JOBS_ONLY);

    assertThat(dropped).contains(names(UsesJobsInternal.class, Api.class, Worker.class))
        .doesNotContain(Internal.class.getName());
  }

  @Test
  void dropsAClassThatNamesNothingTheRulesLookFor() throws Exception {
    assertThat(dropped(LAYERED))
        .containsExactlyInAnyOrder(names(Unrelated.class, Worker.class, Sleeper.class));
  }

  @Test
  void answersTheSourceChecksAboutTheClassesWithoutAnImport() throws Exception {
    try (URLClassLoader loader = loader()) {
      TypeRelations relations = select(LAYERED, loader).relations().orElseThrow();

      assertThat(relations.isCheckedClass(Unrelated.class.getName())).isTrue();
      assertThat(relations.selfAndSupertypes(TemplateSubSubclass.class.getName()))
          .contains(TemplateSubclass.class.getName());
      assertThat(relations.callsCompiledFrom("dev/retryowner/gate/importfilter/CallsSleep.java"))
          .extracting(CompiledCall::method).contains("sleep");
    }
  }

  @Test
  void keepsAFileItCannotReadForArchUnitToReport() throws Exception {
    Files.write(classes.resolve("dev/retryowner/gate/importfilter/Broken.class"),
        new byte[] {1, 2, 3});
    Files.copy(classes.resolve("dev/retryowner/gate/importfilter/Unrelated.class"),
        classes.resolve("dev/retryowner/gate/importfilter/Misplaced.class"));

    assertThat(dropped(LAYERED))
        .containsExactlyInAnyOrder(names(Unrelated.class, Worker.class, Sleeper.class));
  }

  @Test
  void theImportLeavesOutExactlyTheDroppedClasses() throws Exception {
    try (URLClassLoader loader = loader()) {
      ImportSelection selection = select(LAYERED, loader);
      Set<String> imported = new ClassFileImporter()
          .withImportOption(selection.importOption())
          .importLocations(selection.locations(List.of(classes))).stream()
          .map(JavaClass::getName).collect(Collectors.toSet());

      assertThat(imported).doesNotContain(names(Unrelated.class, Worker.class, Sleeper.class))
          .contains(names(DescriptorOnly.class, UsesSubSubclass.class, CallsSleep.class));
      assertThat(selection.droppedFrom(classes))
          .containsExactlyInAnyOrder(names(Unrelated.class, Worker.class, Sleeper.class));
    }
  }

  @Test
  void theImportResolvesOnlyTheTypesTheRulesAskAbout() throws Exception {
    try (URLClassLoader loader = loader()) {
      ImportSelection selection = select(LAYERED, loader);
      Thread thread = Thread.currentThread();
      ClassLoader previous = thread.getContextClassLoader();
      JavaClasses imported;
      try {
        thread.setContextClassLoader(selection.resolvingLoader(loader));
        imported = new ClassFileImporter().withImportOption(selection.importOption())
            .importLocations(selection.locations(List.of(classes)));
      } finally {
        thread.setContextClassLoader(previous);
      }

      JavaClass sleeps = imported.get(SleepsBesideUnrelated.class);
      assertThat(sleeps.getField("unrelated").getRawType().getSource())
          .as("the dropped Unrelated, known by name only").isEmpty();
      assertThat(sleeps.getField("names").getRawType().getSource())
          .as("java.util.List, known by name only").isEmpty();
      assertThat(sleeps.getField("worker").getRawType().getSource())
          .as("java.lang.Thread, owner of a catalog method").isPresent();
      assertThat(sleeps.getMethodCallsFromSelf())
          .filteredOn(call -> call.getName().equals("sleep"))
          .extracting(call -> call.getTargetOwner().getName() + " resolved "
              + call.getTargetOwner().getSource().isPresent())
          .as("the dropped Sleeper, the owner of a call named like a catalog method")
          .contains(Sleeper.class.getName() + " resolved true");
      assertThat(imported.get(UsesJobsInternal.class).getField("internal").getRawType()
          .getSource()).as("Internal, guarded by JobsInternalsOutsideJobs").isPresent();
    }
  }

  private Set<String> dropped(GateConfig config) throws Exception {
    try (URLClassLoader loader = loader()) {
      return select(config, loader).droppedFrom(classes);
    }
  }

  /** The filter's selection over the copied classes, reading library types through the loader. */
  private ImportSelection select(GateConfig config, ClassLoader loader) throws Exception {
    return ImportFilter.of(config)
        .select(Map.of(classes, UnreadableClassFiles.classFiles(classes)), loader);
  }

  /** The copied classes over the test class path, as the gate builds its project loader. */
  private URLClassLoader loader() throws IOException {
    List<URL> urls = new ArrayList<>();
    urls.add(classes.toUri().toURL());
    for (Path element : FixtureGate.testClasspath()) {
      urls.add(element.toUri().toURL());
    }
    return new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
  }

  private static String[] names(Class<?>... types) {
    return Stream.of(types).map(Class::getName).toArray(String[]::new);
  }
}
