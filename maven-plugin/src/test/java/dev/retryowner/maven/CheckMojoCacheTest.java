package dev.retryowner.maven;

import static org.assertj.core.api.Assertions.assertThat;

import dev.retryowner.gate.baseline.Baseline;
import dev.retryowner.gate.baseline.BaselineEntry;
import dev.retryowner.gate.baseline.BaselineFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
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
    return run(cache, excludes, null);
  }

  private CapturingLog run(boolean cache, List<String> excludes, Path baseline) throws Exception {
    CapturingLog log = new CapturingLog();
    CheckMojo mojo = FixtureMojos.onFixtures(new CheckMojo(), log, temp);
    mojo.baselineFile = baseline == null ? null : baseline.toFile();
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
  void aNoChangeRerunLeavesTheReportsAsTheyWere() throws Exception {
    run(true, List.of());
    Path sarif = temp.resolve("retry-owner.sarif");
    String firstSarif = Files.readString(sarif);
    FileTime firstWritten = Files.getLastModifiedTime(sarif);

    CapturingLog second = run(true, List.of());

    assertThat(second.infos).anyMatch(line -> line.startsWith(REUSED))
        .anyMatch(line -> line.startsWith("retry-owner: reports unchanged in " + sarif));
    assertThat(Files.readString(sarif)).isEqualTo(firstSarif);
    assertThat(Files.getLastModifiedTime(sarif)).isEqualTo(firstWritten);
  }

  @Test
  void aNewBaselineRewritesTheReportsOfAReusedResult() throws Exception {
    Path baseline = temp.resolve("baseline.json");
    run(true, List.of(), baseline);
    assertThat(Files.readString(temp.resolve("retry-owner.json"))).doesNotContain("baselined");
    BaselineFile.write(new Baseline(List.of(new BaselineEntry("RetryOutsideJobs",
        "fixtures.Removed", "send()", "calls a removed helper", "00000000deadbeef", 1))),
        baseline);

    CapturingLog second = run(true, List.of(), baseline);

    assertThat(second.infos).anyMatch(line -> line.startsWith(REUSED))
        .anyMatch(line -> line.startsWith("retry-owner: reports written to "));
    assertThat(Files.readString(temp.resolve("retry-owner.json"))).contains("\"baselined\"");
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
