package dev.retryowner.errorprone;

import static org.assertj.core.api.Assertions.assertThat;

import dev.retryowner.fixtures.ExpectedFinding;
import dev.retryowner.fixtures.Fixtures;
import dev.retryowner.fixtures.NameDependentVerdicts;
import dev.retryowner.fixtures.NeutralNames;
import dev.retryowner.fixtures.RenamedFixtures;
import dev.retryowner.fixtures.VerdictChange;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Identifier words may break a tie, never decide alone: with every identifier the fixtures
 * declare renamed to a neutral one ({@link NeutralNames}), the Error Prone checks give every
 * fixture the verdicts they gave it before, but for the changes {@code
 * name-dependent-verdicts.tsv} lists with their reasons. A listed change that is gone fails
 * too, so the list only shrinks.
 */
class ErrorProneNameIndependenceTest {
  private static final String ENGINE = "errorprone";
  private static final String REPORTED = "reported";

  @Test
  void renamingEveryProjectIdentifierChangesOnlyTheListedVerdicts(@TempDir Path originalClasses,
      @TempDir Path renamedClasses) {
    Set<String> rules = ErrorProneFixtureRun.rules();
    RenamedFixtures renamed = NeutralNames.ofFixtures();

    ErrorProneFixtureRun before = ErrorProneFixtureRun.of(Fixtures.all(), rules, originalClasses);
    ErrorProneFixtureRun after = ErrorProneFixtureRun.of(renamed.files(), rules, renamedClasses);

    assertThat(before.otherErrors()).as("errors compiling the original fixtures").isEmpty();
    assertThat(after.otherErrors()).as("errors compiling the renamed fixtures").isEmpty();
    assertThat(before.findings()).as("findings on the original fixtures").isNotEmpty();
    Set<VerdictChange> changes =
        VerdictChange.between(ENGINE, verdicts(before), verdicts(after));
    NameDependentVerdicts.Comparison comparison = NameDependentVerdicts.compare(ENGINE, changes);
    assertThat(comparison.unlisted()).as("verdicts that identifier words decide (%d fixtures,"
            + " %d verdicts compared); list each with its reason or make it name-independent",
        renamed.files().size(), before.findings().size()).isEmpty();
    assertThat(comparison.gone()).as("listed name-dependent verdicts that no longer change:"
        + " strike them from name-dependent-verdicts.tsv and docs/accuracy.md").isEmpty();
  }

  private static Map<ExpectedFinding, String> verdicts(ErrorProneFixtureRun run) {
    return run.findings().stream()
        .collect(Collectors.toMap(f -> f, f -> REPORTED, (a, b) -> a, TreeMap::new));
  }
}
