package dev.retryowner.maven;

import dev.retryowner.gate.ConsoleReport;
import dev.retryowner.gate.GateResult;
import dev.retryowner.gate.baseline.Baseline;
import dev.retryowner.gate.baseline.BaselineFile;
import java.io.File;
import java.io.IOException;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.logging.Log;

/** What the baseline goals do with a gate result: write it to their file and say so. */
final class BaselineWriter {
  private BaselineWriter() {}

  /**
   * Writes the violations of {@code result} to {@code file}, which {@code checkingGoal} reads;
   * an unwritable path is an error naming the {@code fileParameter} to change.
   */
  static void write(GateResult result, File file, String fileParameter, String checkingGoal,
      Log log) throws MojoExecutionException {
    Baseline baseline = Baseline.of(result.findings());
    try {
      BaselineFile.write(baseline, file.toPath());
    } catch (IOException e) {
      throw new MojoExecutionException("retry-owner: cannot write the baseline file " + file
          + ": " + e.getMessage() + ". Point " + fileParameter + " (or -Dretryowner."
          + fileParameter + ") at a writable path.", e);
    }
    log.info(ConsoleReport.summary(result));
    log.info("retry-owner: baseline written to " + file + ": " + result.violations().size()
        + " violation(s) as " + ConsoleReport.entries(baseline.entries().size()) + "; commit it,"
        + " and " + checkingGoal + " fails only on violations it does not list");
  }
}
