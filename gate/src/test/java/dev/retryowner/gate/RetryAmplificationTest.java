package dev.retryowner.gate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.retryowner.catalog.GateConfig;
import dev.retryowner.catalog.RuleRegistry;
import dev.retryowner.fixtures.ExpectedFinding;
import dev.retryowner.fixtures.FixtureFile;
import dev.retryowner.fixtures.Fixtures;
import dev.retryowner.gate.amplification.AmplificationMap;
import dev.retryowner.gate.amplification.AmplifiedPath;
import dev.retryowner.gate.amplification.Hop;
import dev.retryowner.gate.custom.InstalledRules;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * RetryAmplification on its fixtures ({@code fixtures/retryamplification}), with the fixture job
 * layer declared in a team catalog as a team would declare its own: exactly the expected findings,
 * and the products of the paths, factor by factor.
 */
class RetryAmplificationTest {
  private static final String RULE = RuleRegistry.RETRY_AMPLIFICATION.name();
  private static final String FOLDER = "fixtures/retryamplification";
  private static GateResult result;

  @BeforeAll
  static void runTheGate() throws GateException {
    result = new GateRunner().run(request(GateConfig.builder(), 1));
  }

  private static GateRequest request(GateConfig.Builder builder, int maxAmplification)
      throws GateException {
    GateConfig fixtures = Fixtures.gateConfig();
    GateConfig config = builder.jobsPackages(Fixtures.jobsPackages())
        .requestPathPackages(Fixtures.requestPathPackages())
        .jvmProperties(fixtures.jvmProperties())
        .enabledRules(RULE)
        .maxAmplification(maxAmplification)
        .catalogFile(Fixtures.resourceFile(FOLDER + "/job-layer.catalog"))
        .build();
    return new GateRequest(config, Fixtures.classesLocation(), List.of(Fixtures.sourceRoot()),
        FixtureGate.testClasspath(), List.of(),
        ClassSelection.of(List.of("fixtures.retryamplification.**"), List.of()));
  }

  @Test
  void reportsExactlyTheExpectedPaths() {
    Set<ExpectedFinding> expected = Fixtures.under(FOLDER).stream()
        .flatMap((FixtureFile f) -> f.expected().stream())
        .filter(e -> e.rule().equals(RULE))
        .collect(Collectors.toCollection(TreeSet::new));
    Set<ExpectedFinding> reported = result.findings().stream()
        .filter(f -> f.rule().equals(RULE))
        .map(f -> new ExpectedFinding(f.rule(), f.sourcePath(), f.line()))
        .collect(Collectors.toCollection(TreeSet::new));

    assertThat(expected).as("the fixtures expect RetryAmplification findings").isNotEmpty();
    assertThat(reported).isEqualTo(expected);
  }

  @Test
  void threeLayersOfThreeMultiplyTo27() {
    AmplifiedPath path = pathFrom("ThreeLayers.notifyOwner");

    assertThat(path.productText()).isEqualTo("27");
    assertThat(path.factorsText()).isEqualTo("3 × 3 × 3");
    assertThat(path.hops()).filteredOn(Hop::retries).extracting(Hop::what)
        .anySatisfy(what -> assertThat(what).contains("resilience4j-retry 2.4.0, 3 attempts set"))
        .anySatisfy(what -> assertThat(what).contains("a loop whose counter is bounded by 3"))
        .anySatisfy(what -> assertThat(what).contains("with ThreeLayers$ResendOnServerError"
            + " constructed beside it"));
    assertThat(path.request().location()).startsWith("ThreeLayers.java:");
    assertThat(path.exceedsLimit()).isTrue();
  }

  @Test
  void aPolicyClassThatNeverNamesTheClientMultipliesTheLambdaItIsHanded() {
    AmplifiedPath path = pathFrom("HandsOffToAPolicy.check");

    assertThat(path.productText()).isEqualTo("4");
    assertThat(path.hops()).filteredOn(Hop::retries).singleElement()
        .satisfies(hop -> assertThat(hop.what()).startsWith("hands HandsOffToAPolicy.check"
            + " (lambda) to HandsOffToAPolicy$AttemptPolicy.run, which runs it again after a"
            + " failure: HandRolledRetry at HandsOffToAPolicy.java:"));
  }

  @Test
  void aWrapperThatPassesTheWorkOnToAPolicyMultipliesItAsThePolicyDoes() {
    AmplifiedPath path = pathFrom("PassesItOn.ping");

    assertThat(path.productText()).isEqualTo("4");
    assertThat(path.hops()).filteredOn(Hop::retries).singleElement()
        .satisfies(hop -> assertThat(hop.what()).startsWith("hands PassesItOn.ping (lambda) to"
            + " PassesItOn$Deliveries.submit, which runs it again after a failure: it hands the"
            + " work on to HandsOffToAPolicy$AttemptPolicy.run: HandRolledRetry at"));
  }

  @Test
  void aLoopAroundADefaultClientCountsTheClientsOwnResend() {
    AmplifiedPath path = pathFrom("LoopAroundDefaultClient.fetch");

    assertThat(path.productText()).isEqualTo("6");
    assertThat(path.factorsText()).isEqualTo("3 × 2");
  }

  @Test
  void aRetryWithoutAVisibleBoundStaysUnknownAndFails() {
    AmplifiedPath path = pathFrom("UntilItWorks.ping");

    assertThat(path.productText()).isEqualTo("≥ 1 × ?");
    assertThat(path.unknownFactors()).isEqualTo(1);
    assertThat(path.exceedsLimit()).isTrue();
  }

  @Test
  void aPathThroughNoRetryLayerIsLeftOutOfTheMap() {
    assertThat(result.amplification().paths()).extracting(p -> p.entry().method())
        .doesNotContain("SendsOnce.status")
        .allSatisfy(method -> assertThat(method).doesNotStartWith("SendsOnce"));
  }

  @Test
  void aJobHandlersPathCountsItsKindsPolicyWhichTheThresholdAllows() {
    AmplifiedPath mail = pathFrom("MailJob.handle");
    AmplifiedPath webhook = pathFrom("WebhookJob.handle");

    assertThat(mail.productText()).isEqualTo("5");
    assertThat(mail.entry().jobPolicy()).isTrue();
    assertThat(mail.entry().what()).contains("its kind Wiring.MAIL allows 5 attempts");
    assertThat(mail.exceedsLimit()).isFalse();
    assertThat(webhook.productText()).isEqualTo("20");
    assertThat(webhook.factorsText()).isEqualTo("10 × 2");
    assertThat(webhook.exceedsLimit()).isTrue();
  }

  @Test
  void aHigherThresholdLetsTheLayersItCoversPass() throws GateException {
    GateResult lenient = new GateRunner().run(request(GateConfig.builder(), 6));

    assertThat(lenient.amplification().exceeding()).extracting(p -> p.entry().method())
        .containsExactlyInAnyOrder("ThreeLayers.notifyOwner", "UntilItWorks.ping");
  }

  @Test
  void readingOnlyTheClassesBetweenLayersAndRequestsDrawsTheSameMap() throws GateException {
    GateResult everything = new GateRunner(InstalledRules.NONE, false)
        .run(request(GateConfig.builder(), 1));

    assertThat(everything.amplification().paths())
        .isEqualTo(result.amplification().paths());
    assertThat(everything.amplification().classesRead())
        .isGreaterThan(result.amplification().classesRead());
  }

  @Test
  void theMapIsNotDrawnUnlessTheRuleIsEnabled() throws GateException {
    GateResult off = new GateRunner().run(FixtureGate.request());

    assertThat(off.amplification()).isSameAs(AmplificationMap.NONE);
    assertThat(off.findings()).noneMatch(f -> f.rule().equals(RULE));
  }

  private static AmplifiedPath pathFrom(String method) {
    Optional<AmplifiedPath> path = result.amplification().paths().stream()
        .filter(p -> p.entry().method().equals(method)).findFirst();
    assertThat(path).as("a path from %s in %s", method, result.amplification().paths()
        .stream().map(p -> p.entry().method()).toList()).isPresent();
    return path.get();
  }
}
