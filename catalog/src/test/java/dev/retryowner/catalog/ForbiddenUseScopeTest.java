package dev.retryowner.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.StringReader;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ForbiddenUseScopeTest {
  private static final String CONTROLLER = "org.springframework.stereotype.Controller";
  private static final String SERVLET = "jakarta.servlet.Servlet";

  /** A class as an engine would describe it. */
  private record Subject(String binaryName, Set<String> annotationTypes, Set<String> supertypes,
      Optional<ScopeSubject> enclosingClass) implements ScopeSubject {
    static Subject plain(String name) {
      return new Subject(name, Set.of(), Set.of("java.lang.Object"), Optional.empty());
    }
  }

  private static GateConfig config(String... requestPathPackages) throws IOException {
    return GateConfig.builder().jobsPackages("com.acme.jobs")
        .requestPathPackages(requestPathPackages).build();
  }

  private static ForbiddenUseScope requestPath(GateConfig config) {
    return config.forbiddenUseScope(RuleRegistry.SLEEP_IN_REQUEST_PATH);
  }

  @Test
  void outsideJobsPackagesCoversEveryClassButTheJobsOnes() throws IOException {
    ForbiddenUseScope scope = config().forbiddenUseScope(RuleRegistry.RETRY_OUTSIDE_JOBS);

    assertThat(scope.reasonFor(Subject.plain("com.acme.web.Orders")))
        .contains("outside the jobs packages [com.acme.jobs]");
    assertThat(scope.reasonFor(Subject.plain("com.acme.jobs.Deliver$1"))).isEmpty();
    assertThat(scope.namesMembership()).isFalse();
    assertThat(scope.packages()).extracting(PackagePattern::toString)
        .containsExactly("com.acme.jobs");
  }

  @Test
  void aScopeHoldsByNameTheClassesItsPackagesPlaceInIt() throws IOException {
    ForbiddenUseScope outsideJobs = config().forbiddenUseScope(RuleRegistry.RETRY_OUTSIDE_JOBS);
    ForbiddenUseScope requestPath = requestPath(config("com.acme.web"));

    assertThat(outsideJobs.holdsByName("com.acme.web.Orders")).isTrue();
    assertThat(outsideJobs.holdsByName("com.acme.jobs.Deliver$1")).isFalse();
    assertThat(requestPath.holdsByName("com.acme.web.Orders$1")).isTrue();
    assertThat(requestPath.holdsByName("com.acme.app.OrdersController"))
        .as("a marked class is told by its annotations and supertypes, not its name").isFalse();
  }

  @Test
  void requestPathCoversConfiguredPackagesOnly() throws IOException {
    ForbiddenUseScope scope = requestPath(config("com.acme.web"));

    assertThat(scope.reasonFor(Subject.plain("com.acme.web.Orders"))).contains("in the request"
        + " path ('com.acme.web.Orders' lies in requestPathPackages [com.acme.web])");
    assertThat(scope.reasonFor(Subject.plain("com.acme.billing.Invoices"))).isEmpty();
    assertThat(scope.namesMembership()).isTrue();
  }

  @Test
  void requestPathCoversClassesCarryingAMarkerAnnotationOrExtendingAMarkerType()
      throws IOException {
    ForbiddenUseScope scope = requestPath(config());
    Subject annotated = new Subject("com.acme.Orders",
        Set.of("com.acme.Api", CONTROLLER), Set.of(), Optional.empty());
    Subject servlet = new Subject("com.acme.Upload", Set.of(),
        Set.of("jakarta.servlet.http.HttpServlet", SERVLET), Optional.empty());
    Subject unmarked = new Subject("com.acme.Report", Set.of("com.acme.Api"),
        Set.of("com.acme.Base"), Optional.empty());

    assertThat(scope.reasonFor(annotated))
        .contains("in the request path ('com.acme.Orders' carries @" + CONTROLLER + ")");
    assertThat(scope.reasonFor(servlet))
        .contains("in the request path ('com.acme.Upload' extends " + SERVLET + ")");
    assertThat(scope.reasonFor(unmarked)).isEmpty();
    assertThat(scope.packages()).isEmpty();
  }

  @Test
  void aClassNestedInARequestPathClassIsInTheRequestPath() throws IOException {
    ForbiddenUseScope scope = requestPath(config());
    Subject controller = new Subject("com.acme.Orders", Set.of(CONTROLLER), Set.of(),
        Optional.empty());
    Subject lambdaHolder = new Subject("com.acme.Orders$1", Set.of(), Set.of(),
        Optional.of(controller));

    assertThat(scope.reasonFor(lambdaHolder))
        .contains("in the request path ('com.acme.Orders' carries @" + CONTROLLER + ")");
  }

  @Test
  void markersComeFromTheRulesOwnCatalogEntries() throws IOException {
    Catalog team = Catalog.parse("team.catalog", new StringReader("""
        @rule RetryOutsideJobs
        scope-annotation com.acme.Endpoint @ ignored: this rule's scope is outside the jobs packages
        """));
    GateConfig config = GateConfig.builder().jobsPackages("com.acme.jobs").build();
    Subject endpoint = new Subject("com.acme.jobs.Hook", Set.of("com.acme.Endpoint"), Set.of(),
        Optional.empty());

    assertThat(requestPath(config).reasonFor(endpoint)).isEmpty();
    assertThat(ScopeKind.OUTSIDE_JOBS_PACKAGES.of("RetryOutsideJobs", config)
        .reasonFor(endpoint)).isEmpty();
    assertThat(team.entries()).singleElement().satisfies(e -> assertThat(e.kind().isScope()).isTrue());
  }

  @Test
  void anUnmatchedPackageProblemNamesTheSettingAndTheFix() throws IOException {
    GateConfig config = config("com.acme.web");
    PackagePattern web = config.requestPathPackages().get(0);

    assertThat(requestPath(config).unmatchedPackageProblem("SleepInRequestPath", web, 7))
        .isEqualTo("SleepInRequestPath: request-path package pattern 'com.acme.web' matches none"
            + " of the 7 imported classes, so it puts no class in the request path. Fix"
            + " requestPathPackages to name the packages whose code a visitor waits on (e.g."
            + " com.acme.web, or com.acme.**.web for any depth), or import the classes of that"
            + " package too.");
  }

  @Test
  void aRuleOfAnotherShapeHasNoScope() throws IOException {
    RuleDescriptor layering = new RuleDescriptor("SomeLayering", "A summary.", "A fix.",
        EnumSet.of(Engine.ARCHUNIT));

    assertThatThrownBy(() -> config().forbiddenUseScope(layering))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("SomeLayering is not a ForbiddenUse rule: its descriptor names no scope");
  }
}
