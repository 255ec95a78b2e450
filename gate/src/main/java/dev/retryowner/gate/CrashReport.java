package dev.retryowner.gate;

import dev.retryowner.gate.report.ToolInfo;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * An unexpected exception of the gate: a defect of retry-owner, not a verdict on the code and not
 * a wrong setting. Its full trace goes to {@value #FILE_NAME} in the report directory, and the
 * front end tells it in one line (exit 3 on the command line, a {@code MojoExecutionException}
 * in Maven), so that a crash is never mistaken for violations (exit 1) or a configuration error
 * (exit 2).
 */
public final class CrashReport {
  /** The file, in the report directory, that holds the trace. */
  public static final String FILE_NAME = "crash.txt";

  private CrashReport() {}

  /**
   * Writes {@code crash}'s trace into {@code reportDirectory} and returns the line that says what
   * failed, where the trace is and to report it.
   *
   * @param during what was running, as the user started it ({@code retry-owner check},
   *     {@code retry-owner:check})
   */
  public static String write(Throwable crash, Path reportDirectory, String during) {
    Optional<ToolInfo> tool = bundledTool();
    Path file = reportDirectory.resolve(FILE_NAME).toAbsolutePath().normalize();
    StringWriter trace = new StringWriter();
    crash.printStackTrace(new PrintWriter(trace));
    String where;
    try {
      Files.createDirectories(file.getParent());
      Files.writeString(file, "retry-owner " + tool.map(ToolInfo::version).orElse("(version unknown)") + " failed in " + during + "\n"
          + "Java " + Runtime.version() + " (" + System.getProperty("java.vendor") + ") on "
          + System.getProperty("os.name") + " " + System.getProperty("os.arch") + "\n\n"
          + trace, StandardCharsets.UTF_8);
      where = "The full trace is in " + file;
    } catch (IOException | RuntimeException unwritable) {
      where = "The trace could not be written to " + file + " (" + unwritable + "); rerun with"
          + " a writable report directory to get it";
    }
    return "retry-owner: internal error in " + during + ": " + describe(crash) + ". This is a"
        + " defect of retry-owner, not a finding on your code. " + where + "; please report it"
        + tool.flatMap(ToolInfo::informationUri).map(uri -> " (" + uri + ")").orElse("")
        + " with that file.";
  }

  /** The tool's version and home page; none when its own jar is what broke. */
  private static Optional<ToolInfo> bundledTool() {
    try {
      return Optional.of(ToolInfo.bundled());
    } catch (RuntimeException unreadable) {
      return Optional.empty();
    }
  }

  /** The exception, its message and the frame it was thrown at. */
  private static String describe(Throwable crash) {
    StackTraceElement[] frames = crash.getStackTrace();
    return crash.getClass().getName()
        + (crash.getMessage() == null ? "" : ": " + firstLine(crash.getMessage()))
        + (frames.length == 0 ? "" : " at " + frames[0]);
  }

  private static String firstLine(String text) {
    int end = text.indexOf('\n');
    return end < 0 ? text : text.substring(0, end).strip();
  }
}
