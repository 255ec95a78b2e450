package dev.retryowner.gate.report;

import dev.retryowner.catalog.RuleDescriptor;
import dev.retryowner.catalog.RuleRegistry;
import dev.retryowner.gate.GateResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The report files of one run: {@code retry-owner.sarif}, {@code retry-owner.json} and {@code
 * retry-owner.html} in one directory, by default {@code target/retry-owner/}, the pages of the
 * built-in rules that ran in its {@code rules/} (the console's {@code see:} lines and the HTML
 * report's rule links point there when no site is published), and the key of the inputs they
 * were written for.
 *
 * @param sarif the SARIF 2.1.0 report
 * @param json the JSON report
 * @param html the self-contained HTML page
 * @param key the key of the inputs the reports were written for, when there was one
 */
public record ReportFiles(Path sarif, Path json, Path html, Path key) {
  /** The report files in {@code directory}. */
  public static ReportFiles in(Path directory) {
    return new ReportFiles(directory.resolve("retry-owner.sarif"),
        directory.resolve("retry-owner.json"), directory.resolve("retry-owner.html"),
        directory.resolve("retry-owner.reports-key"));
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

  /**
   * Writes the reports, creating their directory, replacing the files of an earlier run, unless
   * they were written for {@code inputsKey} and are still there: they would say the same but for
   * the run's time, and a re-run that reuses its result then never loads the report writers.
   * Written without a key, the reports drop the old one, so no later run trusts files it did not
   * write.
   *
   * @param inputsKey what the reports' content follows from (the gate's inputs, the baseline),
   *     if known
   * @return whether the files were written
   */
  public boolean write(GateReport report, Optional<String> inputsKey) throws IOException {
    if (inputsKey.isPresent() && inputsKey.equals(writtenFor())) {
      return false;
    }
    Files.createDirectories(sarif.toAbsolutePath().getParent());
    Files.createDirectories(json.toAbsolutePath().getParent());
    Files.deleteIfExists(key);
    Files.createDirectories(html.toAbsolutePath().getParent());
    SarifReport.write(report, sarif);
    JsonReport.write(report, json);
    HtmlReport.write(report, html);
    Path pages = rulePages();
    for (RuleDescriptor rule : report.rules()) {
      Optional<String> page = RulePages.markdown(rule);
      if (page.isPresent()) {
        Files.createDirectories(pages);
        Files.writeString(pages.resolve(rule.name() + ".md"), page.get());
      }
    }
    if (inputsKey.isPresent()) {
      Files.createDirectories(key.toAbsolutePath().getParent());
      Files.writeString(key, inputsKey.get());
    }
    return true;
  }

  /** Where the built-in rules' pages are written: {@code rules/} beside the reports. */
  public Path rulePages() {
    return sarif.toAbsolutePath().getParent().resolve("rules");
  }

  /** The key both reports were written for, if they are both there and it was recorded. */
  private Optional<String> writtenFor() throws IOException {
    if (!Files.isRegularFile(sarif) || !Files.isRegularFile(json) || !Files.isRegularFile(html)
        || !Files.isRegularFile(key)) {
      return Optional.empty();
    }
    return Optional.of(Files.readString(key));
  }
}
