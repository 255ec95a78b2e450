package dev.retryowner.gate.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportFilesTest {
  @TempDir Path project;

  private ReportFiles reports() {
    return ReportFiles.in(project.resolve("target/retry-owner"));
  }

  private GateReport report() throws IOException {
    return SampleReports.twoViolations(project);
  }

  @Test
  void reportsWrittenForAKeyAreLeftAloneForTheSameKey() throws Exception {
    ReportFiles reports = reports();
    assertThat(reports.write(report(), Optional.of("key-1"))).isTrue();
    FileTime sarifWritten = Files.getLastModifiedTime(reports.sarif());
    Files.writeString(reports.json(), "as the first run left it");

    assertThat(reports.write(report(), Optional.of("key-1"))).isFalse();

    assertThat(Files.getLastModifiedTime(reports.sarif())).isEqualTo(sarifWritten);
    assertThat(reports.json()).hasContent("as the first run left it");
    assertThat(reports.key()).hasContent("key-1");
  }

  @Test
  void anotherKeyOrAMissingReportWritesBothAgain() throws Exception {
    ReportFiles reports = reports();
    reports.write(report(), Optional.of("key-1"));
    Files.writeString(reports.json(), "stale");

    assertThat(reports.write(report(), Optional.of("key-2"))).isTrue();
    assertThat(reports.json()).content().contains("\"tool\": \"retry-owner\"");
    assertThat(reports.key()).hasContent("key-2");

    Files.delete(reports.sarif());
    assertThat(reports.write(report(), Optional.of("key-2"))).isTrue();
    assertThat(reports.sarif()).exists();
  }

  @Test
  void reportsWrittenWithoutAKeyDropTheOldOne() throws Exception {
    ReportFiles reports = reports();
    reports.write(report(), Optional.of("key-1"));

    assertThat(reports.write(report(), Optional.empty())).isTrue();

    assertThat(reports.key()).doesNotExist();
    assertThat(reports.write(report(), Optional.of("key-1"))).isTrue();
  }
}
