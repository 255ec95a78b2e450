package dev.retryowner.maven;

import dev.retryowner.gate.GateConclusion;
import dev.retryowner.gate.FrontEnd;
import dev.retryowner.gate.GateException;
import dev.retryowner.gate.GateResult;
import java.io.File;
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
    try {
      GateConclusion.writeBaseline(result, file.toPath(), fileParameter + " (or -Dretryowner."
          + fileParameter + ")", checkingGoal, new LogConsole(log));
    } catch (GateException e) {
      throw new MojoExecutionException(e.messageIn(FrontEnd.MAVEN), e);
    }
  }
}
