package dev.retryowner.archrules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.GateConfig;
import dev.retryowner.catalog.GateConfigException;
import dev.retryowner.catalog.RuleRegistry;
import dev.retryowner.catalog.Site;
import dev.retryowner.fixtures.Fixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

/** SleepInRequestPath on the compiled fixtures: its scope, its messages, its configuration. */
class SleepInRequestPathRuleTest {
  private static final String RULE = RuleRegistry.SLEEP_IN_REQUEST_PATH.name();

  private static List<Finding> findings(GateConfig config, JavaClasses classes) {
    return ArchFindings.findings(RetryOwnerRules.sleepInRequestPath(config), classes);
  }

  private static List<Finding> findingsIn(String sourcePath) {
    return findings(Fixtures.gateConfig(), FixtureClasses.all()).stream()
        .filter(f -> f.sourcePath().equals(sourcePath)).toList();
  }

  @Test
  void aFindingSaysWhatIsCalledAndWhyTheClassIsInTheRequestPath() {
    List<Finding> findings =
        findingsIn("fixtures/sleepinrequestpath/servlet/UploadServlet.java");

    assertThat(findings).singleElement().satisfies(f -> {
      assertThat(f.rule()).isEqualTo(RULE);
      assertThat(f.site()).isEqualTo(Site.CALL);
      assertThat(f.message()).isEqualTo("calls java.lang.Thread#sleep in the request path"
          + " ('fixtures.sleepinrequestpath.servlet.UploadServlet' extends"
          + " jakarta.servlet.Servlet)");
      assertThat(f.reason()).startsWith("Thread.sleep holds the visitor's request");
    });
  }

  @Test
  void aMetaAnnotatedControllerIsRequestPath() {
    assertThat(findingsIn("fixtures/sleepinrequestpath/spring/ReportsApi.java"))
        .hasSize(2)
        .allSatisfy(f -> assertThat(f.message()).endsWith("in the request path"
            + " ('fixtures.sleepinrequestpath.spring.ReportsApi' carries"
            + " @org.springframework.stereotype.Controller)"));
  }

  @Test
  void anAnonymousClassInAResourceIsRequestPathThroughItsEnclosingClass() {
    assertThat(findingsIn("fixtures/sleepinrequestpath/jaxrs/JakartaOrdersResource.java"))
        .anySatisfy(f -> {
          assertThat(f.className())
              .isEqualTo("fixtures.sleepinrequestpath.jaxrs.JakartaOrdersResource$1");
          assertThat(f.message()).endsWith("('fixtures.sleepinrequestpath.jaxrs"
              + ".JakartaOrdersResource' carries @jakarta.ws.rs.Path)");
        });
  }

  @Test
  void theSameDelaysInAWorkerOrAJobAreNoFindings() {
    assertThat(findingsIn("fixtures/sleepinrequestpath/worker/ReportWorker.java")).isEmpty();
    assertThat(findingsIn("fixtures/sleepinrequestpath/jobs/DigestJob.java")).isEmpty();
  }

  @Test
  void withoutRequestPathPackagesTheConfiguredPackageIsNoLongerRequestPath() {
    GateConfig markersOnly = GateConfig.builder().jobsPackages(Fixtures.jobsPackages()).build();

    assertThat(findings(markersOnly, FixtureClasses.all()))
        .isNotEmpty()
        .noneMatch(f -> f.sourcePath().startsWith("fixtures/sleepinrequestpath/web/"));
  }

  @Test
  void noRequestPathAtAllChecksNothingAndPasses() {
    JavaClasses worker = new ClassFileImporter()
        .importClasses(fixtures.sleepinrequestpath.worker.ReportWorker.class);
    GateConfig markersOnly = GateConfig.builder().jobsPackages("fixtures.sleepinrequestpath")
        .build();

    assertThat(findings(markersOnly, worker)).isEmpty();
  }

  @Test
  void aRequestPathPackageThatMatchesNoClassFailsSayingHowToFixIt() {
    GateConfig typo = GateConfig.builder().jobsPackages(Fixtures.jobsPackages())
        .requestPathPackages("com.acme.web").build();

    assertThatThrownBy(() -> findings(typo, FixtureClasses.all()))
        .isInstanceOf(GateConfigException.class)
        .hasMessageStartingWith(RULE + ": request-path package pattern 'com.acme.web' matches"
            + " none of the")
        .hasMessageContaining("Fix requestPathPackages");
  }

  @Test
  void theRuleReadsAsASentenceWithItsReason() {
    ArchRule rule = RetryOwnerRules.sleepInRequestPath(Fixtures.gateConfig());

    assertThat(rule.getDescription()).startsWith(RULE + ": classes in the request path")
        .contains("because a visitor waits while the request sleeps")
        .endsWith(RuleRegistry.SLEEP_IN_REQUEST_PATH.fix());
  }
}
