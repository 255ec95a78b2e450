package dev.retryowner.archrules;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.ArchConfiguration;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import dev.retryowner.catalog.Engine;
import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.GateConfig;
import dev.retryowner.catalog.GateConfigException;
import dev.retryowner.catalog.RuleDescriptor;
import dev.retryowner.catalog.RuleRegistry;
import dev.retryowner.fixtures.ExpectedFinding;
import dev.retryowner.fixtures.FixtureFile;
import dev.retryowner.fixtures.Fixtures;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The rule as a whole on the compiled fixtures: its report, its configuration checks, its API. */
class RetryOwnerRulesTest {
  private static final ArchRule RULE = RetryOwnerRules.retryOutsideJobs(Fixtures.gateConfig());

  @Test
  void theReportNamesEachOffendingClassMemberLocationWhatIsUsedAndWhy() {
    List<Finding> findings = ArchFindings.findings(RULE, FixtureClasses.all());
    assertThat(findings).isNotEmpty();

    assertThatThrownBy(() -> RULE.check(FixtureClasses.all()))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("Rule 'RetryOutsideJobs: classes should not use retry helpers")
        .hasMessageContaining("outside the jobs packages [" + Fixtures.jobsPackages() + "]")
        .hasMessageContaining("because retry has one owner, the job layer")
        .hasMessageContaining("27 requests")
        .hasMessageContaining(RuleRegistry.RETRY_OUTSIDE_JOBS.fix())
        .hasMessageContaining("was violated (" + findings.size() + " times)")
        .satisfies(error -> {
          for (Finding finding : findings) {
            String member = finding.member().isEmpty() ? "" : "." + finding.member();
            assertThat(error.getMessage()).contains(
                "<" + finding.className() + member + "> " + finding.message() + " in "
                    + finding.location() + ": " + finding.reason());
          }
        });
  }

  @Test
  void theReportNamesNoClassOfTheJobsPackagesNorOfAFixtureWithoutMarkers() {
    Set<String> marked = Fixtures.expected(Set.of("RetryOutsideJobs")).stream()
        .map(ExpectedFinding::file).collect(Collectors.toSet());
    List<String> cleanTopLevelClasses = Fixtures.all().stream()
        .filter(file -> !marked.contains(file.path()))
        .map(FixtureFile::topLevelClassName).toList();
    assertThat(cleanTopLevelClasses).isNotEmpty();

    assertThatThrownBy(() -> RULE.check(FixtureClasses.all()))
        .isInstanceOf(AssertionError.class)
        .satisfies(error -> {
          for (String line : error.getMessage().lines().skip(1).toList()) {
            String subject = line.substring(line.indexOf('<') + 1, line.indexOf('>'));
            assertThat(Fixtures.gateConfig().isInJobsPackages(subject)).as(line).isFalse();
            assertThat(cleanTopLevelClasses).as(line).noneMatch(clean ->
                subject.equals(clean) || subject.startsWith(clean + ".")
                    || subject.startsWith(clean + "$"));
          }
        });
  }

  @Test
  void aJobsPackagePatternThatMatchesNoClassFailsTheRuleAndSaysHowToFixIt() {
    GateConfig typo = GateConfig.builder().jobsPackages(Fixtures.jobsPackages(), "com.acme.jobs")
        .build();
    ArchRule rule = RetryOwnerRules.retryOutsideJobs(typo);

    assertThatThrownBy(() -> rule.check(FixtureClasses.all()))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("jobs package pattern 'com.acme.jobs' matches none of the "
            + FixtureClasses.all().size() + " imported classes")
        .hasMessageContaining("Fix jobsPackages")
        .hasMessageNotContaining("'" + Fixtures.jobsPackages() + "' matches none");
    assertThatThrownBy(() -> ArchFindings.findings(rule, FixtureClasses.all()))
        .isInstanceOf(GateConfigException.class)
        .hasMessageContaining("jobs package pattern 'com.acme.jobs' matches none")
        .hasMessageContaining("Fix jobsPackages");
  }

  @Test
  void jobsPackagePatternsThatMatchAClassRaiseNoConfigurationProblem() {
    assertThat(ArchFindings.findings(RULE, FixtureClasses.all()))
        .allSatisfy(finding -> assertThat(finding.rule()).isEqualTo("RetryOutsideJobs"));
  }

  @Test
  void anEmptyImportFailsTheRuleWhateverFailOnEmptyShouldSays() {
    JavaClasses nothing = new ClassFileImporter().importClasses(List.of());
    for (String failOnEmptyShould : List.of("true", "false")) {
      ArchConfiguration.get().setProperty("archRule.failOnEmptyShould", failOnEmptyShould);
      try {
        assertThatThrownBy(() -> RULE.check(nothing))
            .isInstanceOf(AssertionError.class)
            .hasMessageContaining("RetryOutsideJobs checked no classes");
        assertThatThrownBy(() -> ArchFindings.findings(RULE, nothing))
            .isInstanceOf(GateConfigException.class)
            .hasMessageContaining("checked no classes");
      } finally {
        ArchConfiguration.get().reset();
      }
    }
  }

  @Test
  void allHoldsOneRuleForEachRuleTheRegistryGivesToArchUnit() {
    List<ArchRule> rules = RetryOwnerRules.all(Fixtures.gateConfig());
    List<RuleDescriptor> implemented = RuleRegistry.implementedBy(Engine.ARCHUNIT);

    assertThat(rules).hasSameSizeAs(implemented);
    for (int i = 0; i < rules.size(); i++) {
      assertThat(rules.get(i).getDescription()).startsWith(implemented.get(i).name() + ": ");
    }
    assertThat(ArchFindings.findings(rules.get(0), FixtureClasses.all()))
        .isEqualTo(ArchFindings.findings(RULE, FixtureClasses.all()));
  }

  @Test
  void findingsRejectsARuleWhoseViolationsAreNotRetryOwnerFindings() {
    ArchRule foreign = classes().should().haveSimpleNameNotStartingWith("Resilience4j");

    assertThatThrownBy(() -> ArchFindings.findings(foreign, FixtureClasses.all()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("is not a retry-owner rule")
        .hasMessageContaining("Pass a rule from RetryOwnerRules");
  }

  @Test
  void findingsOfAForeignRuleWithoutViolationsIsEmpty() {
    ArchRule foreign = classes().should().haveSimpleNameNotStartingWith("NoSuchPrefix");

    assertThat(ArchFindings.findings(foreign, FixtureClasses.all())).isEmpty();
  }

  /**
   * The condition composes with ArchUnit's syntax, but it checks the jobs patterns against the
   * classes it is given: filtered down to non-jobs classes, it reports the unmatched pattern.
   */
  @Test
  void theConditionChecksTheJobsPatternsAgainstTheClassesItIsGiven() {
    ArchRule onlyApp = classes().that().resideInAPackage("..app..")
        .should(RetryOwnerRules.notUseRetryHelpersOutsideJobs(Fixtures.gateConfig()));

    assertThatThrownBy(() -> onlyApp.check(FixtureClasses.all()))
        .hasMessageContaining("classes that reside in a package '..app..' should not use retry"
            + " helpers")
        .hasMessageContaining("jobs package pattern '" + Fixtures.jobsPackages()
            + "' matches none");
  }
}
