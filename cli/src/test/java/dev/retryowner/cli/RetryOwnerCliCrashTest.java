package dev.retryowner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.retryowner.gate.GateException;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How the command line ends when the gate itself fails: an exception it did not expect is exit 3
 * and one line on standard error, never exit 1 (violations) and never a bare stack trace.
 */
class RetryOwnerCliCrashTest {
  @TempDir
  Path work;

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int run(RetryOwnerCli.Command command, String... args) {
    return RetryOwnerCli.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), (parsed, console) -> command);
  }

  private String[] check(String... more) {
    String[] base = {"check", "--classes", work.toString(), "--jobs-packages", "none",
        "--base-dir", work.toString()};
    String[] all = new String[base.length + more.length];
    System.arraycopy(base, 0, all, 0, base.length);
    System.arraycopy(more, 0, all, base.length, more.length);
    return all;
  }

  @Test
  void anUnexpectedExceptionIsExitThreeWithOneLineAndTheTraceInCrashTxt() throws Exception {
    int exit = run(name -> {
      throw new IllegalStateException("Never found a JavaCodeUnit that matches\nsecond line");
    }, check());

    assertThat(exit).isEqualTo(RetryOwnerCli.INTERNAL_ERROR);
    String message = err.toString(StandardCharsets.UTF_8);
    Path crash = work.resolve("target/retry-owner/crash.txt");
    assertThat(message.strip()).doesNotContain("\n")
        .startsWith("retry-owner: internal error in retry-owner check:"
            + " java.lang.IllegalStateException: Never found a JavaCodeUnit that matches at ")
        .contains("not a finding on your code", "The full trace is in " + crash,
            "please report it");
    assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
    assertThat(Files.readString(crash)).startsWith("retry-owner ")
        .contains("failed in retry-owner check", "java.lang.IllegalStateException",
            "second line", "RetryOwnerCliCrashTest");
  }

  @Test
  void theTraceGoesToTheReportDirectoryTheCommandWasGiven() {
    int exit = run(name -> {
      throw new StackOverflowError();
    }, check("--report-dir", "build/gate"));

    assertThat(exit).isEqualTo(RetryOwnerCli.INTERNAL_ERROR);
    assertThat(work.resolve("build/gate/crash.txt")).exists();
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("java.lang.StackOverflowError");
  }

  @Test
  void anUnwritableReportDirectoryStillGivesTheOneLine() throws Exception {
    Files.writeString(work.resolve("blocked"), "a file where the directory would go");

    int exit = run(name -> {
      throw new IllegalArgumentException("boom");
    }, check("--report-dir", "blocked/retry-owner"));

    assertThat(exit).isEqualTo(RetryOwnerCli.INTERNAL_ERROR);
    assertThat(err.toString(StandardCharsets.UTF_8).strip()).doesNotContain("\n")
        .contains("IllegalArgumentException: boom", "could not be written to");
  }

  @Test
  void aConfigurationErrorStaysExitTwoAndViolationsExitOne() {
    assertThat(run(name -> {
      throw new GateException("retry-owner: bad setting");
    }, check())).isEqualTo(RetryOwnerCli.INPUT_ERROR);
    assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("retry-owner: bad setting\n");
    assertThat(run(name -> RetryOwnerCli.VIOLATIONS, check()))
        .isEqualTo(RetryOwnerCli.VIOLATIONS);
    assertThat(work.resolve("target/retry-owner/crash.txt")).doesNotExist();
  }
}
