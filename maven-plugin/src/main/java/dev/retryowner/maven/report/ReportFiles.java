package dev.retryowner.maven.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The report files of one run: {@code retry-owner.sarif} and {@code retry-owner.json} in one
 * directory, by default {@code target/retry-owner/}.
 *
 * @param sarif the SARIF 2.1.0 report
 * @param json the JSON report
 */
public record ReportFiles(Path sarif, Path json) {
  /** The report files in {@code directory}. */
  public static ReportFiles in(Path directory) {
    return new ReportFiles(directory.resolve("retry-owner.sarif"),
        directory.resolve("retry-owner.json"));
  }

  /** Writes both reports, creating their directory, replacing the files of an earlier run. */
  public void write(GateReport report) throws IOException {
    Files.createDirectories(sarif.toAbsolutePath().getParent());
    Files.createDirectories(json.toAbsolutePath().getParent());
    SarifReport.write(report, sarif);
    JsonReport.write(report, json);
  }
}
