package dev.retryowner.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;
import org.apache.maven.plugin.MojoExecutionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An exception the gate did not expect fails the build as an error of retry-owner, with one line
 * and the trace in crash.txt, never as violations.
 */
class CrashMojoTest {
  @TempDir Path temp;
  private final CapturingLog log = new CapturingLog();

  @Test
  void anUnexpectedExceptionIsAnExecutionErrorWithItsTraceInCrashTxt() throws Exception {
    Path reports = temp.resolve("retry-owner");
    CheckMojo mojo = FixtureMojos.onFixtures(new CheckMojo(), log, reports);
    mojo.customRuleLoader = new ClassLoader(null) {
      @Override
      public Enumeration<URL> getResources(String name) {
        throw new IllegalStateException("a class loader that breaks");
      }
    };

    assertThatThrownBy(mojo::execute).isInstanceOf(MojoExecutionException.class)
        .hasMessageStartingWith("retry-owner: internal error in retry-owner:"
            + " java.lang.IllegalStateException: a class loader that breaks at ")
        .hasMessageContaining("The full trace is in " + reports.resolve("crash.txt"))
        .hasMessageNotContaining("\n");
    assertThat(Files.readString(reports.resolve("crash.txt")))
        .contains("a class loader that breaks", "CrashMojoTest");
    assertThat(log.errors).noneMatch(line -> line.contains("violation"));
  }
}
