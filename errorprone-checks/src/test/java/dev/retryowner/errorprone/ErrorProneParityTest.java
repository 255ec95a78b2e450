package dev.retryowner.errorprone;

import static org.assertj.core.api.Assertions.assertThat;

import dev.retryowner.fixtures.ExpectedFinding;
import dev.retryowner.fixtures.Fixtures;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Error Prone, run as javac users run it ({@code -Xplugin:ErrorProne}) over every fixture in one
 * compilation, reports exactly the (rule, file, line) set the fixtures' markers demand for the
 * rules the registry assigns to Error Prone.
 */
class ErrorProneParityTest {
  @Test
  void reportsExactlyTheExpectedFindingsOnEveryFixture(@TempDir Path classes) {
    Set<String> rules = ErrorProneFixtureRun.rules();
    Set<ExpectedFinding> expected = Fixtures.expected(rules, false);
    assertThat(expected).as("fixtures with expect markers for %s", rules).isNotEmpty();

    ErrorProneFixtureRun run = ErrorProneFixtureRun.of(Fixtures.all(), rules, classes);

    assertThat(run.otherErrors()).as("the fixtures must compile apart from the checks' findings")
        .isEmpty();
    Set<ExpectedFinding> actual = run.findings();
    Set<ExpectedFinding> missing = new TreeSet<>(expected);
    missing.removeAll(actual);
    Set<ExpectedFinding> unexpected = new TreeSet<>(actual);
    unexpected.removeAll(expected);
    assertThat(actual)
        .as("Error Prone findings on the fixtures%n missing (expected, not reported):%n  %s%n"
                + " unexpected (reported, not expected):%n  %s",
            join(missing), join(unexpected))
        .isEqualTo(expected);
  }

  private static String join(Set<ExpectedFinding> findings) {
    return findings.isEmpty() ? "(none)"
        : findings.stream().map(ExpectedFinding::toString).collect(Collectors.joining("\n  "));
  }
}
