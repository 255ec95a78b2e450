package dev.retryowner.archrules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.GateConfig;
import dev.retryowner.catalog.GateConfigException;
import dev.retryowner.catalog.RuleRegistry;
import dev.retryowner.catalog.Site;
import dev.retryowner.fixtures.Fixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

/** MeiliClientRetries on the compiled fixtures: its messages and its adapter setting. */
class MeiliClientRetriesRuleTest {
  private static final String FOLDER = "fixtures/meiliclientretries/";

  private static List<Finding> findings(GateConfig config) {
    return ArchFindings.findings(RetryOwnerRules.meiliClientRetries(config), FixtureClasses.all());
  }

  private static List<Finding> findingsIn(GateConfig config, String file) {
    return findings(config).stream().filter(f -> f.sourcePath().equals(FOLDER + file)).toList();
  }

  @Test
  void aConstructorReferenceOutsideTheAdapterSaysWhereItBelongs() {
    assertThat(findingsIn(Fixtures.gateConfig(), "app/ConstructorReferences.java"))
        .hasSize(2).first().satisfies(f -> {
          assertThat(f.rule()).isEqualTo(RuleRegistry.MEILI_CLIENT_RETRIES.name());
          assertThat(f.site()).isEqualTo(Site.METHOD_REFERENCE);
          assertThat(f.message()).isEqualTo("references com.meilisearch.sdk.Config::new outside"
              + " the search adapter (searchAdapterPackages [fixtures.meiliclientretries.search])");
          assertThat(f.reason()).startsWith("every Config builds the SDK's own OkHttp client");
        });
  }

  @Test
  void anAnonymousSubclassIsNamedByItsSuperclass() {
    assertThat(findingsIn(Fixtures.gateConfig(), "app/SubclassedConfig.java"))
        .extracting(Finding::message).contains("constructs an anonymous subclass of"
            + " com.meilisearch.sdk.Config outside the search adapter (searchAdapterPackages"
            + " [fixtures.meiliclientretries.search])",
            "constructs fixtures.meiliclientretries.app.SubclassedConfig.TenantConfig (catalog"
            + " entry com.meilisearch.sdk.Config) outside the search adapter"
            + " (searchAdapterPackages [fixtures.meiliclientretries.search])");
  }

  @Test
  void inTheAdapterOnlyTheRetryingConfigIsAFinding() {
    assertThat(findingsIn(Fixtures.gateConfig(), "search/MeiliSearchAdapter.java"))
        .singleElement().satisfies(f -> {
          assertThat(f.target()).isEqualTo("com.meilisearch.sdk.Config");
          assertThat(f.message()).endsWith("in the search adapter, but every constructor builds"
              + " a retrying client, so the transport cannot be verified NoRetry");
        });
    assertThat(findingsIn(Fixtures.gateConfig(), "search/ClientFromInjectedConfig.java"))
        .isEmpty();
  }

  @Test
  void withoutAnAdapterEveryConstructionSaysToConfigureIt() {
    GateConfig bare = GateConfig.builder().jobsPackages(Fixtures.jobsPackages()).build();

    assertThat(findingsIn(bare, "search/ClientFromInjectedConfig.java")).hasSize(2)
        .allSatisfy(f -> assertThat(f.message()).contains(", but no search adapter is"
            + " configured: set searchAdapterPackages"));
    assertThat(findingsIn(bare, "app/SearchesThroughTheAdapter.java")).isEmpty();
  }

  @Test
  void anAdapterPatternMatchingNoClassFailsWithTheFix() {
    GateConfig misspelt = GateConfig.builder().jobsPackages(Fixtures.jobsPackages())
        .searchAdapterPackages("fixtures.meiliclientretries.serch").build();

    assertThatThrownBy(() -> findings(misspelt))
        .isInstanceOf(GateConfigException.class)
        .hasMessageStartingWith("MeiliClientRetries: searchAdapterPackages pattern"
            + " 'fixtures.meiliclientretries.serch' matches none of the")
        .hasMessageContaining("Fix searchAdapterPackages");
  }
}
