package dev.retryowner.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The cache of the last result, seen through the check goal on the fixtures. */
class CheckMojoCacheTest {
  private static final String REUSED = "retry-owner: nothing changed since the last run";

  @TempDir Path temp;
  /** The fixtures' sources, unpacked once: each unpacking is a new directory, a new input. */
  private List<String> sourceDirectories;

  private CapturingLog run(boolean cache, List<String> excludes) throws Exception {
    CapturingLog log = new CapturingLog();
    CheckMojo mojo = FixtureMojos.onFixtures(new CheckMojo(), log, temp);
    if (sourceDirectories == null) {
      sourceDirectories = mojo.sourceDirectories;
    }
    mojo.sourceDirectories = sourceDirectories;
    mojo.failOnViolation = false;
    mojo.cache = cache;
    mojo.excludes = excludes;
    mojo.execute();
    return log;
  }

  /** The report lines without the summary, whose time differs from run to run. */
  private static List<String> reportLines(CapturingLog log) {
    return log.warnings.stream().filter(line -> !line.startsWith("retry-owner: ")).toList();
  }

  private String jsonReportWithoutTime() throws Exception {
    return Files.readString(temp.resolve("retry-owner.json"))
        .replaceAll("\"seconds\"\\s*:\\s*[0-9.]+", "\"seconds\":0");
  }

  @Test
  void aNoChangeRerunReusesTheResultAndReportsTheSame() throws Exception {
    CapturingLog first = run(true, List.of());
    String firstJson = jsonReportWithoutTime();
    Files.delete(temp.resolve("retry-owner.json"));

    CapturingLog second = run(true, List.of());

    assertThat(first.infos).noneMatch(line -> line.startsWith(REUSED));
    assertThat(second.infos).anyMatch(line -> line.startsWith(REUSED));
    assertThat(reportLines(second)).isNotEmpty().isEqualTo(reportLines(first));
    assertThat(jsonReportWithoutTime()).isEqualTo(firstJson);
  }

  @Test
  void aChangedSettingRunsTheGateAgain() throws Exception {
    run(true, List.of());

    CapturingLog second = run(true, List.of("fixtures.handrolledretry.**"));

    assertThat(second.infos).noneMatch(line -> line.startsWith(REUSED));
    assertThat(reportLines(second)).noneMatch(line -> line.contains("handrolledretry/"));
  }

  @Test
  void cacheFalseRunsTheGateEveryTimeAndStoresNothing() throws Exception {
    run(false, List.of());

    CapturingLog second = run(false, List.of());

    assertThat(second.infos).noneMatch(line -> line.startsWith(REUSED));
    try (var files = Files.list(temp)) {
      assertThat(files.map(file -> file.getFileName().toString()))
          .noneMatch(name -> name.startsWith("gate-cache"));
    }
  }
}
