package dev.retryowner.archrules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import dev.retryowner.annotations.RetryOwnerExempt;
import dev.retryowner.archrules.exempted.LegacyImporter;
import dev.retryowner.archrules.jobs.RetryingJob;
import dev.retryowner.catalog.Exemption;
import dev.retryowner.catalog.Exemptions;
import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.GateConfig;
import dev.retryowner.catalog.Site;
import io.github.resilience4j.retry.Retry;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.EngineFilter;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/** {@code @RetryOwnerExempt} read from bytecode and honored by the rules; InvalidExemption. */
class ExemptionRuleTest {
  private static final GateConfig CONFIG =
      GateConfig.builder().jobsPackages("dev.retryowner.archrules.jobs").build();
  private static final SourceMarkers AT = SourceMarkers.of(ExemptionRuleTest.class);

  static class ExemptMembers {
    @RetryOwnerExempt(rule = "RetryOutsideJobs", reason = "legacy field")
    Retry field = Retry.ofDefaults("field");

    Retry other = Retry.ofDefaults("other"); // at: other-field

    @RetryOwnerExempt(rule = "RetryOutsideJobs", reason = "legacy method")
    Supplier<Object> exempt() {
      Object direct = Retry.ofDefaults("direct");
      Supplier<Object> anonymous = new Supplier<>() {
        @Override
        public Object get() {
          return Retry.ofDefaults("anonymous");
        }
      };
      return () -> Retry.ofDefaults("lambda" + direct + anonymous);
    }

    @RetryOwnerExempt(rule = "SleepInRequestPath", reason = "another rule")
    Object otherRule() {
      return Retry.ofDefaults("not exempt"); // at: other-rule
    }

    @RetryOwnerExempt(rule = "RetryOutsideJobs", reason = "")
    Object blankReason() {
      return Retry.ofDefaults("not exempt"); // at: blank-reason
    }
  }

  static class InvalidExemptions {
    @RetryOwnerExempt(rule = "RetryOutsideJob", reason = "typo")
    void typo() {
      typo(); // at: typo
    }

    @RetryOwnerExempt(rule = "HandRolledRetry", reason = "kept loop")
    @RetryOwnerExempt(rule = "RetryOutsideJobs", reason = " ")
    void repeatedOneBlank() {
      typo(); // at: repeated
    }

    @RetryOwnerExempt(rule = "TeamRule", reason = "a custom rule")
    void custom() {
      typo(); // at: custom
    }

    @RetryOwnerExempt(rule = "RetryOutsideJobs", reason = "fine")
    void valid() {
      typo();
    }
  }

  @AnalyzeClasses(packages = {"dev.retryowner.archrules.exempted", "dev.retryowner.archrules.jobs"})
  static class ExemptedPackage {
    @ArchTest
    static final ArchRule retryOutsideJobs = RetryOwnerRules.retryOutsideJobs(CONFIG);
  }

  private static JavaClasses importOf(Class<?>... classes) {
    return new ClassFileImporter().importClasses(classes);
  }

  @Test
  void archUnitImportsTheClassRetentionAnnotation() {
    JavaClasses classes = importOf(LegacyImporter.class);

    assertThat(classes.get(LegacyImporter.class).getAnnotations())
        .extracting(a -> a.getRawType().getName()).contains(Exemption.ANNOTATION);
  }

  @Test
  void aClassExemptionCoversTheClassItsNestedAndAnonymousClasses() {
    JavaClasses classes = new ClassFileImporter()
        .importPackages("dev.retryowner.archrules.exempted", "dev.retryowner.archrules.jobs");

    assertThat(ArchFindings.findings(RetryOwnerRules.retryOutsideJobs(CONFIG), classes))
        .isEmpty();
    assertThat(ArchFindings.findings(
        RetryOwnerRules.allReportingExemptedFindings(CONFIG).get(0), classes))
        .extracting(Finding::className)
        .contains(LegacyImporter.class.getName(), LegacyImporter.class.getName() + "$1",
            LegacyImporter.class.getName() + "$Nested");
  }

  @Test
  void memberExemptionsCoverBodiesLambdasAnonymousClassesAndInitializersOfTheirRuleOnly() {
    JavaClasses classes = importOf(ExemptMembers.class, RetryingJob.class);
    String members = ExemptMembers.class.getName();

    List<Finding> findings =
        ArchFindings.findings(RetryOwnerRules.retryOutsideJobs(CONFIG), classes);

    assertThat(findings).filteredOn(f -> f.site().isInCode())
        .extracting(f -> f.className() + ":" + f.line())
        .containsExactlyInAnyOrder(members + ":" + AT.line("other-field"),
            members + ":" + AT.line("other-rule"), members + ":" + AT.line("blank-reason"));
    assertThat(findings).filteredOn(f -> f.site() == Site.FIELD_TYPE)
        .extracting(Finding::member).containsExactly("other");
  }

  @Test
  void anArchTestOnExemptedCodePasses() {
    LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
        .selectors(selectClass(ExemptedPackage.class))
        .filters(EngineFilter.includeEngines("archunit")).build();
    SummaryGeneratingListener listener = new SummaryGeneratingListener();
    LauncherFactory.create().execute(request, listener);
    TestExecutionSummary summary = listener.getSummary();

    assertThat(summary.getTestsFoundCount()).isEqualTo(1);
    assertThat(summary.getTestsSucceededCount()).isEqualTo(1);
  }

  @Test
  void theReaderKeepsInvalidExemptionsApartAndKnowsCustomRules() {
    JavaClasses classes = importOf(InvalidExemptions.class);

    Exemptions exemptions = ArchExemptions.read(classes, Set.of());
    Exemptions withCustom = ArchExemptions.read(classes, Set.of("TeamRule"));

    assertThat(exemptions.invalid()).extracting(Exemption::rule)
        .containsExactlyInAnyOrder("RetryOutsideJob", "RetryOutsideJobs", "TeamRule");
    assertThat(withCustom.invalid()).extracting(Exemption::rule)
        .containsExactlyInAnyOrder("RetryOutsideJob", "RetryOutsideJobs");
  }

  @Test
  void invalidExemptionReportsEachInvalidOneAndNoValidOne() {
    JavaClasses classes = importOf(InvalidExemptions.class);

    List<Finding> findings =
        ArchFindings.findings(RetryOwnerRules.invalidExemption(CONFIG), classes);

    assertThat(findings).allSatisfy(f -> {
      assertThat(f.rule()).isEqualTo("InvalidExemption");
      assertThat(f.site()).isEqualTo(Site.ANNOTATION);
      assertThat(f.target()).isEqualTo(Exemption.ANNOTATION);
    });
    assertThat(findings).extracting(Finding::member)
        .containsExactlyInAnyOrder("typo()", "repeatedOneBlank()", "custom()");
    assertThat(findings).extracting(Finding::message).anySatisfy(m -> assertThat(m)
        .startsWith("@RetryOwnerExempt(rule = \"RetryOutsideJob\") on " + InvalidExemptions.class
            .getName() + "#typo() names no rule retry-owner knows"));
    assertThat(ArchFindings.findings(
        RetryOwnerRules.invalidExemption(CONFIG, Set.of("TeamRule")), classes))
        .extracting(Finding::member).containsExactlyInAnyOrder("typo()", "repeatedOneBlank()");
  }

  @Test
  void invalidExemptionHasNothingToSayAboutValidOnes() {
    JavaClasses classes = importOf(LegacyImporter.class, ExemptMembers.class);

    List<Finding> findings =
        ArchFindings.findings(RetryOwnerRules.invalidExemption(CONFIG), classes);

    assertThat(findings).extracting(Finding::member).containsExactly("blankReason()");
  }
}
