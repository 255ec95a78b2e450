package dev.retryowner.archrules;

import static java.util.stream.Collectors.groupingBy;
import static java.util.stream.Collectors.toCollection;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.lang.ArchRule;
import dev.retryowner.catalog.Engine;
import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.RuleDescriptor;
import dev.retryowner.catalog.RuleRegistry;
import dev.retryowner.fixtures.ExpectedFinding;
import dev.retryowner.fixtures.FixtureFile;
import dev.retryowner.fixtures.Fixtures;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * ArchUnit against the fixture markers, for every rule the registry gives to ArchUnit, on all
 * fixtures. What bytecode can and cannot tell decides how strict each assertion is:
 *
 * <ul>
 *   <li>Strict: every finding in code (call, construction, method reference, field access) sits
 *       on an expected (rule, file, line); javac's line table is exact for instructions.
 *   <li>Strict: a fixture without markers for these rules has no finding of any kind.
 *   <li>Counted: an expected line that no finding in code hits must be a declaration, whose line
 *       bytecode does not know (field and parameter types, return types, supertypes,
 *       annotations; ArchUnit reports 0 for fields and types and the first line of code for
 *       methods and constructors). Such lines may not outnumber the file's distinct declaration
 *       findings. Which declaration stands on which line is the Maven plugin's job (it pins them
 *       from the source) and is checked by its parity test.
 *   <li>Bounded: a declaration finding with a bytecode line (a method's first line of code) has
 *       an expected line at or above it, since a declaration precedes its code.
 *   <li>Not checkable here: local variable types (not imported by ArchUnit), so a fixture line
 *       whose only use is a local variable's type fails the counted assertion.
 * </ul>
 */
class ArchUnitParityTest {
  private static final Set<String> RULES = RuleRegistry.implementedBy(Engine.ARCHUNIT).stream()
      .map(RuleDescriptor::name).collect(Collectors.toUnmodifiableSet());
  private static final List<Finding> FINDINGS = findingsOnAllFixtures();
  private static final Set<ExpectedFinding> EXPECTED = Fixtures.expected(RULES);

  @Test
  void everyFixtureSourceHasItsClassesImported() {
    Set<String> imported = FixtureClasses.all().stream().map(ForbiddenUses::sourcePath)
        .collect(toCollection(TreeSet::new));

    assertThat(imported).containsAll(
        Fixtures.all().stream().map(FixtureFile::path).toList());
  }

  @Test
  void everyFindingInCodeIsOnAnExpectedLine() {
    Set<ExpectedFinding> inCode = FINDINGS.stream().filter(f -> f.site().isInCode())
        .map(ArchUnitParityTest::asExpected).collect(toCollection(TreeSet::new));

    assertThat(inCode).isNotEmpty().isSubsetOf(EXPECTED);
  }

  @Test
  void fixturesWithoutMarkersHaveNoFindings() {
    Set<String> markedFiles = EXPECTED.stream().map(ExpectedFinding::file)
        .collect(Collectors.toSet());
    List<Finding> unexpected = FINDINGS.stream()
        .filter(f -> !markedFiles.contains(f.sourcePath())).toList();

    assertThat(unexpected).isEmpty();
  }

  @Test
  void everyExpectedLineIsHitInCodeOrExplainedByADeclarationOfItsFile() {
    Map<String, List<Finding>> byFile = FINDINGS.stream()
        .collect(groupingBy(Finding::sourcePath, TreeMap::new, Collectors.toList()));
    List<String> unexplained = new ArrayList<>();
    for (Map.Entry<String, List<ExpectedFinding>> file : expectedByFile().entrySet()) {
      List<Finding> findings = byFile.getOrDefault(file.getKey(), List.of());
      Set<ExpectedFinding> hitInCode = findings.stream().filter(f -> f.site().isInCode())
          .map(ArchUnitParityTest::asExpected).collect(Collectors.toSet());
      List<ExpectedFinding> notInCode = file.getValue().stream()
          .filter(expected -> !hitInCode.contains(expected)).toList();
      long declarations = findings.stream().filter(f -> !f.site().isInCode())
          .map(f -> f.rule() + f.className() + f.member() + f.site() + f.target() + f.message())
          .distinct().count();
      if (notInCode.size() > declarations) {
        unexplained.add(file.getKey() + ": lines " + notInCode.stream()
            .map(ExpectedFinding::line).toList() + " not hit in code, but only " + declarations
            + " declaration finding(s): " + findings.stream()
            .filter(f -> !f.site().isInCode()).map(Finding::message).toList());
      }
    }

    assertThat(unexplained).isEmpty();
  }

  @Test
  void aDeclarationWithABytecodeLineHasAnExpectedLineAtOrAboveIt() {
    Map<String, List<ExpectedFinding>> expectedByFile = expectedByFile();
    List<Finding> misplaced = FINDINGS.stream()
        .filter(f -> !f.site().isInCode() && f.line() > 0)
        .filter(f -> expectedByFile.getOrDefault(f.sourcePath(), List.of()).stream()
            .noneMatch(expected -> expected.rule().equals(f.rule())
                && expected.line() <= f.line()))
        .toList();

    assertThat(misplaced).isEmpty();
  }

  private static Map<String, List<ExpectedFinding>> expectedByFile() {
    return EXPECTED.stream().collect(groupingBy(ExpectedFinding::file, TreeMap::new,
        Collectors.toList()));
  }

  private static ExpectedFinding asExpected(Finding finding) {
    return new ExpectedFinding(finding.rule(), finding.sourcePath(), finding.line());
  }

  private static List<Finding> findingsOnAllFixtures() {
    List<Finding> findings = new ArrayList<>();
    for (ArchRule rule : RetryOwnerRules.all(Fixtures.gateConfig())) {
      findings.addAll(ArchFindings.findings(rule, FixtureClasses.all()));
    }
    return List.copyOf(findings);
  }
}
