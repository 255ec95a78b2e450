package dev.retryowner.maven.report;

import dev.retryowner.catalog.RuleRegistry;
import dev.retryowner.maven.GateResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

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

  /**
   * Starts loading and setting up the report writers on a thread of their own, so that the
   * first report of this JVM does not wait for it (half a second on a cold JVM, most of a
   * no-change re-run); the writing itself stays with {@link #write}.
   */
  public static void prepareWriters() {
    Thread thread = new Thread(ReportFiles::serializeAnEmptyReport, "retry-owner reports");
    thread.setDaemon(true);
    thread.start();
  }

  private static void serializeAnEmptyReport() {
    try {
      GateResult empty = new GateResult(List.of(), 0, 0, Duration.ZERO, List.of(), List.of());
      GateReport report = GateReport.of(ToolInfo.bundled(), empty, RuleRegistry.all(),
          Path.of("").toAbsolutePath(), List.of());
      SarifReport.toJson(report);
      JsonReport.toJson(report);
    } catch (RuntimeException headStartOnly) {
      // the real write meets the same problem and reports it with the fix
    }
  }

  /** Writes both reports, creating their directory, replacing the files of an earlier run. */
  public void write(GateReport report) throws IOException {
    Files.createDirectories(sarif.toAbsolutePath().getParent());
    Files.createDirectories(json.toAbsolutePath().getParent());
    SarifReport.write(report, sarif);
    JsonReport.write(report, json);
  }
}
