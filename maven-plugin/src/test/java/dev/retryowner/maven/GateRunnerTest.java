package dev.retryowner.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.GateConfig;
import dev.retryowner.catalog.Site;
import dev.retryowner.fixtures.Fixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
        .content().lines().toList().indexOf("  private final Retry retry; // expect: RetryOutsideJobs") + 1;

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

    assertThatThrownBy(() -> new GateRunner().run(classesAt(missing)))
        .isInstanceOf(GateException.class)
        .hasMessageContaining(missing + " does not exist")
        .hasMessageContaining("run the goal after compile, e.g. mvn verify");
  }

  @Test
  void emptyClassesDirectorySaysToCompileFirst() throws IOException {
    Path empty = Files.createDirectories(temp.resolve("classes"));
    Files.writeString(empty.resolve("application.properties"), "a=b");

    assertThatThrownBy(() -> new GateRunner().run(classesAt(empty)))
        .isInstanceOf(GateException.class)
        .hasMessageContaining("holds no .class files")
        .hasMessageContaining("mvn verify");
  }

  @Test
  void aJobsPackageThatMatchesNoClassNamesThePatternAndThePackagesSeen() {
    GateConfig typo = GateConfig.builder().jobsPackages("fixtures.**.jobs", "fixtures.nowhere")
        .build();

    assertThatThrownBy(() -> new GateRunner().run(
            FixtureGate.request(typo, List.of(Fixtures.sourceRoot()))))
        .isInstanceOf(GateException.class)
        .hasMessageContaining("'fixtures.nowhere' matches no class")
        .hasMessageContaining("Packages seen: ")
        .hasMessageContaining("fixtures.handrolledretry.app")
        .hasMessageContaining("Fix <jobsPackage> (or -Dretryowner.jobsPackages)");
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

  private static Finding fieldType(GateResult result) {
    return result.findings().stream()
        .filter(f -> f.sourcePath().equals(USE) && f.site() == Site.FIELD_TYPE)
        .findFirst().orElseThrow();
  }

  private static GateRequest classesAt(Path classes) {
    return new GateRequest(Fixtures.gateConfig(), classes, List.of(), List.of());
  }
}
