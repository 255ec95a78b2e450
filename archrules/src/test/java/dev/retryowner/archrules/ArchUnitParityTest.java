package dev.retryowner.archrules;

import static java.util.stream.Collectors.groupingBy;
import static java.util.stream.Collectors.toCollection;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import dev.retryowner.catalog.Engine;
import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.GateConfig;
import dev.retryowner.catalog.LayeringBoundary;
import dev.retryowner.catalog.RuleDescriptor;
import dev.retryowner.catalog.RuleRegistry;
import dev.retryowner.fixtures.ExpectedFinding;
import dev.retryowner.fixtures.FixtureFile;
import dev.retryowner.fixtures.Fixtures;
import io.github.resilience4j.retry.Retry;
import io.github.resilience4j.retry.RetryConfig;
import java.util.ArrayList;
import java.util.HashMap;
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
 *       on an expected (rule, file, line), or on a later line of the statement that line starts;
 *       javac's line table is exact for instructions.
 *   <li>Strict: a fixture without markers for these rules has no finding of any kind.
 *   <li>Counted: an expected line that no finding in code hits must be a declaration, whose line
 *       bytecode does not know (field and parameter types, return types, supertypes,
 *       annotations; ArchUnit reports 0 for fields and types and the first line of code for
 *       methods and constructors). Such lines may not outnumber the file's distinct declaration
 *       findings. Which declaration stands on which line is the Maven plugin's job (it pins them
 *       from the source) and is checked by its parity test.
 *   <li>Bounded: a declaration finding with a bytecode line (a method's first line of code) has
 *       an expected line at or above it, since a declaration precedes its code.
 *   <li>Tolerated: an expected line whose only use is a local variable's type. ArchUnit does not
 *       import local variable tables, so the rule cannot report it; the test accepts such a line
 *       only when the class's LocalVariableTable declares a local of a catalog-covered type
 *       there (read with ASM, see {@link LocalVariables}); for a Layering rule, a local of a type
 *       behind its boundary.
 * </ul>
 */
class ArchUnitParityTest {
  private static final Set<String> RULES = RuleRegistry.implementedBy(Engine.ARCHUNIT).stream()
      .map(RuleDescriptor::name).collect(Collectors.toUnmodifiableSet());
  private static final List<Finding> FINDINGS = findingsOnAllFixtures();
  private static final Set<ExpectedFinding> EXPECTED = Fixtures.expected(RULES);
  private static final Map<String, List<String>> SOURCES = Fixtures.all().stream()
      .collect(Collectors.toMap(FixtureFile::path, file -> file.content().lines().toList()));
  private static final Map<String, JavaClass> LIBRARY_TYPES = new HashMap<>();
  private static final Set<RuleDescriptor> LAYERING_RULES = Set.of(
      RuleRegistry.JOBS_INTERNALS_OUTSIDE_JOBS, RuleRegistry.QUEUE_ENGINE_OUTSIDE_ADAPTER);

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
      Map<Integer, Set<String>> localsByLine = catalogLocalsIn(file.getKey());
      List<ExpectedFinding> notInCode = file.getValue().stream()
          .filter(expected -> !hitInCode.contains(expected))
          .filter(expected -> !localsByLine.containsKey(expected.line()))
          .toList();
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

  static class Locals {
    int count(List<Retry> retries) {
      int known = 0;
      for (Retry retry : retries) { // at: for-local
        known += retry.getName().length();
      }
      RetryConfig config = RetryConfig.custom()
          .build(); // at: multi-line-local
      String name = config.toString();
      return known + name.length();
    }
  }

  @Test
  void theLocalVariableReaderPlacesCatalogLocalsOnTheLineOfTheirInitializingStore() {
    SourceMarkers at = SourceMarkers.of(ArchUnitParityTest.class);
    JavaClass locals = new ClassFileImporter().importClass(Locals.class);

    assertThat(catalogLocals(locals)).isEqualTo(Map.of(
        at.line("for-local"), Set.of("io.github.resilience4j.retry.Retry"),
        at.line("multi-line-local"), Set.of("io.github.resilience4j.retry.RetryConfig")));
  }

  /** Lines of a fixture file where a local of a catalog-covered type is declared. */
  private static Map<Integer, Set<String>> catalogLocalsIn(String sourcePath) {
    Map<Integer, Set<String>> catalogLocals = new TreeMap<>();
    for (JavaClass type : FixtureClasses.all()) {
      if (ForbiddenUses.sourcePath(type).equals(sourcePath)) {
        catalogLocals(type).forEach((line, types) ->
            catalogLocals.computeIfAbsent(line, l -> new TreeSet<>()).addAll(types));
      }
    }
    return catalogLocals;
  }

  /** Line → catalog-covered types of the locals one class declares there. */
  private static Map<Integer, Set<String>> catalogLocals(JavaClass type) {
    Map<Integer, Set<String>> catalogLocals = new TreeMap<>();
    LocalVariables.declaredIn(type).forEach((line, types) -> {
      Set<String> covered = types.stream().filter(ArchUnitParityTest::isCatalogCovered)
          .collect(toCollection(TreeSet::new));
      if (!covered.isEmpty()) {
        catalogLocals.put(line, covered);
      }
    });
    return catalogLocals;
  }

  private static boolean isCatalogCovered(String binaryName) {
    JavaClass type = FixtureClasses.all().contain(binaryName) ? FixtureClasses.all().get(binaryName)
        : LIBRARY_TYPES.computeIfAbsent(binaryName, ArchUnitParityTest::importLibraryType);
    return RULES.stream().anyMatch(rule -> matcherOf(rule).type(type).isPresent());
  }

  /** What the rule forbids under the fixture gate: a Layering boundary, or catalog entries. */
  private static UseMatcher matcherOf(String ruleName) {
    RuleDescriptor rule = RuleRegistry.byName(ruleName).orElseThrow();
    GateConfig config = Fixtures.gateConfig();
    return LAYERING_RULES.contains(rule)
        ? new BoundaryMatcher(LayeringBoundary.of(rule, config))
        : new CatalogMatcher(config.catalog().forbiddenUse(ruleName));
  }

  private static JavaClass importLibraryType(String binaryName) {
    try {
      return new ClassFileImporter().importClass(
          Class.forName(binaryName, false, ArchUnitParityTest.class.getClassLoader()));
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException("a fixture local has type " + binaryName
          + ", which is not on the test class path", e);
    }
  }

  private static Map<String, List<ExpectedFinding>> expectedByFile() {
    return EXPECTED.stream().collect(groupingBy(ExpectedFinding::file, TreeMap::new,
        Collectors.toList()));
  }

  /**
   * A finding as the marker it answers. ArchUnit reports each access at its own line; the markers,
   * like Error Prone and the plugin, stand on the first line of the statement (a builder chain
   * over several lines is one finding there). A finding in code answers the nearest marker of its
   * rule above it when no statement or block ends or opens between them.
   */
  private static ExpectedFinding asExpected(Finding finding) {
    ExpectedFinding own = new ExpectedFinding(finding.rule(), finding.sourcePath(), finding.line());
    List<String> lines = SOURCES.get(finding.sourcePath());
    if (!finding.site().isInCode() || lines == null || EXPECTED.contains(own)) {
      return own;
    }
    for (int line = finding.line() - 1; line >= 1; line--) {
      String text = lines.get(line - 1).replaceFirst("//.*", "").strip();
      if (text.endsWith(";") || text.endsWith("{") || text.startsWith("}")) {
        return own;
      }
      ExpectedFinding above = new ExpectedFinding(finding.rule(), finding.sourcePath(), line);
      if (EXPECTED.contains(above)) {
        return above;
      }
    }
    return own;
  }

  private static List<Finding> findingsOnAllFixtures() {
    List<Finding> findings = new ArrayList<>();
    for (ArchRule rule : RetryOwnerRules.all(Fixtures.gateConfig())) {
      findings.addAll(ArchFindings.findings(rule, FixtureClasses.all()));
    }
    return List.copyOf(findings);
  }
}
