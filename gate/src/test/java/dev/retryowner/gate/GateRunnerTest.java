package dev.retryowner.gate;

import dev.retryowner.gate.ClassSelection;
import dev.retryowner.gate.GateException;
import dev.retryowner.gate.GateRequest;
import dev.retryowner.gate.GateResult;
import dev.retryowner.gate.GateRunner;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.assertj.core.api.Assertions.tuple;

import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.RelatedLocation;
import dev.retryowner.catalog.GateConfig;
import dev.retryowner.catalog.Site;
import dev.retryowner.fixtures.Fixtures;
import dev.retryowner.gate.custom.InstalledRules;
import dev.retryowner.gate.custom.TestRuleProviders;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GateRunnerTest {
  private static final String USE = "fixtures/retryoutsidejobs/app/Resilience4jUse.java";

  @TempDir Path temp;

  @Test
  void countsCheckedClassesAndSourceFiles() throws GateException {
    GateResult result = new GateRunner().run(FixtureGate.request());

    assertThat(result.classCount()).isGreaterThanOrEqualTo(Fixtures.all().size());
    assertThat(result.sourceFileCount()).isEqualTo(Fixtures.all().size());
    assertThat(result.warnings()).isEmpty();
  }

  @Test
  void aFieldTypeIsPinnedToItsSourceLine() throws GateException {
    int fieldLine = Fixtures.under("fixtures/retryoutsidejobs").stream()
        .filter(f -> f.path().equals(USE)).findFirst().orElseThrow()
        .content().lines().toList().indexOf("  private final Retry retry; // expect: RetryOutsideJobs (related)") + 1;

    assertThat(fieldType(new GateRunner().run(FixtureGate.request())).line()).isEqualTo(fieldLine);
  }

  @Test
  void withoutSourcesADeclarationKeepsItsBytecodeLine() throws GateException {
    GateResult result = new GateRunner().run(
        FixtureGate.request(Fixtures.gateConfig(), List.of(temp.resolve("no-sources"))));

    assertThat(fieldType(result).line()).isZero();
    assertThat(result.sourceFileCount()).isZero();
  }

  @Test
  void nothingInsideTheJobsPackagesIsReported() throws GateException {
    GateResult result = new GateRunner().run(FixtureGate.request());

    assertThat(result.findings()).isNotEmpty()
        .noneMatch(f -> Fixtures.gateConfig().isInJobsPackages(f.className()));
  }

  @Test
  void missingClassesDirectorySaysToCompileFirst() {
    Path missing = temp.resolve("target/classes");

    GateException error = catchThrowableOfType(GateException.class,
        () -> new GateRunner().run(classesAt(missing)));

    assertThat(error).hasMessageContaining(missing + " does not exist")
        .hasMessageContaining("The gate reads compiled classes: compile them first.");
    assertThat(error.messageIn(FrontEnd.MAVEN))
        .contains("run the goal after compile, e.g. mvn verify");
    assertThat(error.messageIn(FrontEnd.COMMAND_LINE))
        .contains("name their directory or jar with --classes");
  }

  @Test
  void emptyClassesDirectorySaysToCompileFirst() throws IOException {
    Path empty = Files.createDirectories(temp.resolve("classes"));
    Files.writeString(empty.resolve("application.properties"), "a=b");

    GateException error = catchThrowableOfType(GateException.class,
        () -> new GateRunner().run(classesAt(empty)));

    assertThat(error).hasMessageContaining("holds no .class files");
    assertThat(error.messageIn(FrontEnd.MAVEN)).contains("mvn verify");
  }

  @Test
  void aJobsPackageThatMatchesNoClassNamesThePatternAndThePackagesSeen() {
    GateConfig typo = GateConfig.builder().jobsPackages("fixtures.**.jobs", "fixtures.nowhere")
        .build();

    GateException error = catchThrowableOfType(GateException.class, () -> new GateRunner().run(
        FixtureGate.request(typo, List.of(Fixtures.sourceRoot()))));

    assertThat(error).hasMessageContaining("'fixtures.nowhere' matches no class")
        .hasMessageContaining("Packages seen: ")
        .hasMessageContaining("fixtures.handrolledretry.app")
        .hasMessageContaining("Fix the jobsPackages setting");
    assertThat(error.messageIn(FrontEnd.MAVEN))
        .contains("Fix <jobsPackage> (or -Dretryowner.jobsPackages)");
    assertThat(error.messageIn(FrontEnd.COMMAND_LINE)).contains("Fix --jobs-packages to");
  }

  @Test
  void aRequestPathPackageThatMatchesNoClassIsAConfigurationError() {
    GateConfig typo = GateConfig.builder().jobsPackages(Fixtures.jobsPackages())
        .requestPathPackages("fixtures.nowhere.web").build();

    assertThatThrownBy(() -> new GateRunner().run(
            FixtureGate.request(typo, List.of(Fixtures.sourceRoot()))))
        .isInstanceOf(GateException.class)
        .hasMessageContaining("SleepInRequestPath: request-path package pattern"
            + " 'fixtures.nowhere.web' matches none of the")
        .hasMessageContaining("Fix requestPathPackages");
  }

  @Test
  void aLayeringSettingThatMatchesNoClassIsAConfigurationErrorSayingTheFix() {
    GateConfig typo = GateConfig.builder().jobsPackages("fixtures.**.jobs")
        .queueEnginePackages("fixtures.queueengineoutsideadapter.engine")
        .queueAdapterPackages("fixtures.nowhere.adapter").build();

    assertThatThrownBy(() -> new GateRunner().run(
            FixtureGate.request(typo, List.of(Fixtures.sourceRoot()))))
        .isInstanceOf(GateException.class)
        .hasMessageStartingWith("retry-owner: QueueEngineOutsideAdapter: queue adapter package"
            + " pattern 'fixtures.nowhere.adapter' matches none of the ")
        .hasMessageContaining("Fix queueAdapterPackages");
  }

  @Test
  void aSearchAdapterThatMatchesNoClassIsAConfigurationErrorSayingTheFix() {
    GateConfig typo = GateConfig.builder().jobsPackages("fixtures.**.jobs")
        .searchAdapterPackages("fixtures.nowhere.search").build();

    assertThatThrownBy(() -> new GateRunner().run(
            FixtureGate.request(typo, List.of(Fixtures.sourceRoot()))))
        .isInstanceOf(GateException.class)
        .hasMessageStartingWith("retry-owner: MeiliClientRetries: searchAdapterPackages pattern"
            + " 'fixtures.nowhere.search' matches none of the ")
        .hasMessageContaining("Fix searchAdapterPackages");
  }

  @Test
  void aClassJarAndASourcesJarGiveTheFindingsOfTheDirectories() throws Exception {
    Path classesJar = Archives.fixtureClassesJar(temp);
    Path sourcesJar = Archives.jar(Fixtures.sourceRoot(), temp.resolve("fixtures-sources.jar"));
    GateRequest fromJars = new GateRequest(Fixtures.gateConfig(), classesJar,
        List.of(sourcesJar), FixtureGate.testClasspath());

    GateResult jars = new GateRunner().run(fromJars);
    GateResult directories = new GateRunner().run(FixtureGate.request());

    assertThat(jars.findings()).isNotEmpty().isEqualTo(directories.findings());
    assertThat(jars.sourceFileCount()).isEqualTo(directories.sourceFileCount());
    assertThat(jars.warnings()).isEmpty();
  }

  @Test
  void aSourcesFileThatIsNoJarIsAnErrorSayingWhatToName() throws IOException {
    Path notAJar = Files.writeString(temp.resolve("sources.jar"), "not a zip");

    assertThatThrownBy(() -> new GateRunner().run(
            FixtureGate.request(Fixtures.gateConfig(), List.of(notAJar))))
        .isInstanceOf(GateException.class)
        .hasMessageStartingWith("retry-owner: cannot read the sources " + notAJar + " as a jar")
        .hasMessageEndingWith("name a directory of .java files or a sources jar.");
  }

  @Test
  void includesAndExcludesRestrictTheReportedFindingsAndTheCounts() throws GateException {
    GateResult all = new GateRunner().run(FixtureGate.request());
    GateResult included = new GateRunner().run(selecting(
        ClassSelection.of(List.of("fixtures.retryoutsidejobs.**"), List.of())));
    GateResult excluded = new GateRunner().run(selecting(
        ClassSelection.of(List.of(), List.of("fixtures.retryoutsidejobs.**"))));

    assertThat(included.findings()).isNotEmpty()
        .allMatch(f -> f.className().startsWith("fixtures.retryoutsidejobs."))
        .isEqualTo(all.findings().stream()
            .filter(f -> f.className().startsWith("fixtures.retryoutsidejobs.")).toList());
    assertThat(excluded.findings()).isNotEmpty()
        .noneMatch(f -> f.className().startsWith("fixtures.retryoutsidejobs."))
        .hasSize(all.findings().size() - included.findings().size());
    assertThat(included.sourceFileCount())
        .isEqualTo(Fixtures.under("fixtures/retryoutsidejobs").size());
    assertThat(included.classCount() + excluded.classCount()).isEqualTo(all.classCount());
  }

  @Test
  void aSelectionThatLeavesNoClassIsAnErrorAndAnUnmatchedPatternAWarning()
      throws GateException {
    GateRequest nothing = selecting(ClassSelection.of(List.of("com.acme.**"), List.of()));
    GateResult stale = new GateRunner().run(selecting(
        ClassSelection.of(List.of(), List.of("fixtures.nowhere.**"))));

    assertThatThrownBy(() -> new GateRunner().run(nothing)).isInstanceOf(GateException.class)
        .hasMessageStartingWith("retry-owner: nothing to check: includes [com.acme.**],"
            + " excludes [] leave none of the ")
        .hasMessageContaining("Fix the includes setting or the excludes setting")
        .satisfies(error -> assertThat(((GateException) error).messageIn(FrontEnd.MAVEN))
            .contains("Fix <include> (or -Dretryowner.includes) or <exclude> (or"
                + " -Dretryowner.excludes)"));
    assertThat(stale.warnings()).singleElement().asString()
        .startsWith("excludes pattern 'fixtures.nowhere.**' matches none of the ");
  }

  @Test
  void customRulesReportOnlyInCheckedClassesAndKeepAFindingThatNamesNoClass() throws Exception {
    String sleep = "fixtures/sleepinrequestpath/";
    Path checked = Archives.fixtureClasses(temp.resolve("checked"),
        sleep + "web/CheckoutHandler.class", sleep + "worker/ReportWorker.class");
    Path context = Archives.fixtureClasses(temp.resolve("context"),
        sleep + "jobs/DigestJob.class");
    GateConfig jobs = GateConfig.builder().jobsPackages("fixtures.sleepinrequestpath.jobs").build();
    InstalledRules custom = InstalledRules.load(TestRuleProviders.loader("sleep", "unlocatable"),
        jobs, List.of());

    GateResult result = new GateRunner(custom).run(new GateRequest(jobs, checked, List.of(),
        FixtureGate.testClasspath(), List.of(context),
        ClassSelection.of(List.of(), List.of("**.worker.**"))));

    assertThat(result.findings()).filteredOn(f -> f.rule().equals("NoThreadSleep"))
        .singleElement().satisfies(f -> {
          assertThat(f.className()).isEqualTo("fixtures.sleepinrequestpath.web.CheckoutHandler");
          assertThat(f.line()).isEqualTo(9);
        });
    assertThat(result.findings()).filteredOn(f -> f.rule().equals("NamelessFinding"))
        .singleElement().satisfies(f -> {
          assertThat(f.className()).isEmpty();
          assertThat(f.message()).isEqualTo("the layering is off");
        });
  }

  @Test
  void anExemptionMayNameACustomRuleAndExemptsOnlyItsFindings() throws Exception {
    Path checked = Archives.fixtureClasses(temp.resolve("sleeper"),
        "dev/retryowner/gate/custom/NightlySleeper.class");
    Path context = Archives.fixtureClasses(temp.resolve("sleeper-context"),
        "fixtures/sleepinrequestpath/jobs/DigestJob.class");
    GateConfig jobs = GateConfig.builder().jobsPackages("fixtures.sleepinrequestpath.jobs").build();
    InstalledRules custom = InstalledRules.load(TestRuleProviders.loader("sleep"), jobs, List.of());
    GateRequest request = new GateRequest(jobs, checked, List.of(), FixtureGate.testClasspath(),
        List.of(context), ClassSelection.ALL);

    GateResult withTheRule = new GateRunner(custom).run(request);
    GateResult withoutIt = new GateRunner().run(request);

    assertThat(withTheRule.findings()).extracting(Finding::rule, Finding::member)
        .containsExactly(tuple("NoThreadSleep", "waitUnexempted()"));
    assertThat(withTheRule.exempted()).singleElement().satisfies(exempted -> {
      assertThat(exempted.finding().member()).isEqualTo("waitForTheWindow()");
      assertThat(exempted.reason()).isEqualTo("waits for the vendor's nightly window");
    });
    assertThat(withoutIt.findings()).extracting(Finding::rule).containsExactly("InvalidExemption");
  }

  @Test
  void contextClassesAreImportedButNeitherCheckedNorCounted() throws Exception {
    String app = "fixtures/retryoutsidejobs/app/";
    Path checked = Archives.fixtureClasses(temp.resolve("checked"),
        app + "MicroProfileRetryUse.class", app + "MicroProfileRetryUse$RetriedBean.class");
    Path context = Archives.fixtureClasses(temp.resolve("context"),
        app + "Resilience4jUse.class", "fixtures/retryoutsidejobs/jobs/AnnotatedRetriesInJobs.class");
    GateConfig jobs = GateConfig.builder().jobsPackages("fixtures.retryoutsidejobs.jobs").build();

    GateResult result = new GateRunner().run(new GateRequest(jobs, checked, List.of(),
        FixtureGate.testClasspath(), List.of(context), ClassSelection.ALL));

    assertThat(result.findings()).isNotEmpty()
        .allMatch(f -> f.className().startsWith(
            "fixtures.retryoutsidejobs.app.MicroProfileRetryUse"));
    assertThat(result.classCount()).isEqualTo(2);
    assertThatThrownBy(() -> new GateRunner().run(new GateRequest(jobs, checked, List.of(),
            FixtureGate.testClasspath())))
        .isInstanceOf(GateException.class)
        .hasMessageContaining("'fixtures.retryoutsidejobs.jobs' matches no class");
  }

  @Test
  void aSourceFileThatDoesNotParseIsAWarningNamingFileAndLineAndTheRestIsStillChecked()
      throws Exception {
    Path brokenRoot = temp.resolve("broken-sources");
    Path broken = brokenRoot.resolve("fixtures/retryoutsidejobs/app/Broken.java");
    Files.createDirectories(broken.getParent());
    Files.writeString(broken, """
        package fixtures.retryoutsidejobs.app;

        class Broken {
          io.github.resilience4j.retry.Retry retry = ;
        }
        """);

    GateResult withBroken = new GateRunner().run(FixtureGate.request(Fixtures.gateConfig(),
        List.of(Fixtures.sourceRoot(), brokenRoot)));

    assertThat(withBroken.findings()).isEqualTo(new GateRunner().run(FixtureGate.request())
        .findings());
    assertThat(withBroken.warnings()).singleElement().asString()
        .startsWith(broken + " does not parse (line 4: ")
        .endsWith("the source checks skip it and its declaration findings keep their bytecode"
            + " lines");
  }

  @Test
  void aCorruptClassFileIsAWarningNamingTheFileAndTheRestIsStillChecked() throws Exception {
    Path classes = twoFixtureClasses();
    Path corrupt = Files.write(classes.resolve("fixtures/retryoutsidejobs/app/Corrupt.class"),
        new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9});
    GateConfig jobs = GateConfig.builder().jobsPackages("fixtures.retryoutsidejobs.jobs").build();

    GateResult result = new GateRunner().run(new GateRequest(jobs, classes, List.of(),
        FixtureGate.testClasspath()));

    assertThat(result.findings()).isNotEmpty()
        .allMatch(f -> f.className().startsWith("fixtures.retryoutsidejobs.app.Resilience4jUse"));
    assertThat(result.warnings()).singleElement().asString()
        .startsWith("cannot read the class file " + corrupt);
  }

  @Test
  void wellFormedClassFilesGiveNoClassFileWarning() throws Exception {
    Path classes = twoFixtureClasses();
    GateConfig jobs = GateConfig.builder().jobsPackages("fixtures.retryoutsidejobs.jobs").build();

    GateResult result = new GateRunner().run(new GateRequest(jobs, classes, List.of(),
        FixtureGate.testClasspath()));

    assertThat(result.findings()).isNotEmpty();
    assertThat(result.warnings()).isEmpty();
  }

  @Test
  void aModularJarWhoseModuleDescriptorComesFirstAndThatUsesNoCatalogTypeScansCleanly()
      throws Exception {
    assertScansCleanly(modularJar("module-info.class"));
  }

  @Test
  void aMultiReleaseJarWithAVersionedModuleDescriptorAndNoCatalogTypeScansCleanly()
      throws Exception {
    // Commons Net 3.11 ships this way: the descriptor only under META-INF/versions/9.
    assertScansCleanly(modularJar("META-INF/versions/9/module-info.class"));
  }

  private static void assertScansCleanly(Path jar) throws GateException {
    GateConfig none = GateConfig.builder().jobsPackages(GateConfig.NO_JOBS_PACKAGES).build();

    GateResult result = new GateRunner().run(new GateRequest(none, jar, List.of(), List.of()));

    assertThat(result.findings()).isEmpty();
    assertThat(result.classCount()).isEqualTo(1);
    assertThat(result.warnings()).isEmpty();
  }

  /** A jar of one class that uses no catalog type, its module descriptor first at {@code at}. */
  private Path modularJar(String at) throws IOException {
    Path source = Files.createDirectories(temp.resolve("src/com/acme"));
    Files.writeString(source.resolve("Greeter.java"),
        "package com.acme; public class Greeter { public String hi() { return \"hi\"; } }");
    Files.writeString(temp.resolve("src/module-info.java"), "module com.acme { exports com.acme; }");
    Path out = temp.resolve("out");
    int compiled = ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d",
        out.toString(), temp.resolve("src/module-info.java").toString(),
        source.resolve("Greeter.java").toString());
    assertThat(compiled).isZero();
    Path jar = temp.resolve("m.jar");
    try (OutputStream file = Files.newOutputStream(jar);
        ZipOutputStream zip = new ZipOutputStream(file)) {
      zip.putNextEntry(new ZipEntry(at));
      Files.copy(out.resolve("module-info.class"), zip);
      zip.closeEntry();
      zip.putNextEntry(new ZipEntry("com/acme/Greeter.class"));
      Files.copy(out.resolve("com/acme/Greeter.class"), zip);
      zip.closeEntry();
    }
    return jar;
  }

  private Path twoFixtureClasses() throws IOException {
    return Archives.fixtureClasses(temp.resolve("classes"),
        "fixtures/retryoutsidejobs/app/Resilience4jUse.class",
        "fixtures/retryoutsidejobs/jobs/AnnotatedRetriesInJobs.class");
  }

  private static GateRequest selecting(ClassSelection selection) {
    return new GateRequest(Fixtures.gateConfig(), Fixtures.classesLocation(),
        List.of(Fixtures.sourceRoot()), FixtureGate.testClasspath(), List.of(), selection);
  }

  /** The field declaring the retry: a related place of the findings where it runs. */
  private static RelatedLocation fieldType(GateResult result) {
    return result.findings().stream()
        .filter(f -> f.sourcePath().equals(USE))
        .flatMap(f -> f.related().stream())
        .filter(place -> place.message().startsWith("declares field 'retry'"))
        .findFirst().orElseThrow();
  }

  private static GateRequest classesAt(Path classes) {
    return new GateRequest(Fixtures.gateConfig(), classes, List.of(), List.of());
  }
}
