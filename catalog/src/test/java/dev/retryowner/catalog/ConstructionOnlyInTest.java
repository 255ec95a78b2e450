package dev.retryowner.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConstructionOnlyInTest {
  private static final String CONFIG = "com.meilisearch.sdk.Config";
  private static final String CLIENT = "com.meilisearch.sdk.Client";
  private static final RuleDescriptor RULE = RuleRegistry.MEILI_CLIENT_RETRIES;

  private static ConstructionOnlyIn shape(String... adapterPackages) {
    return ConstructionOnlyIn.of(RULE, GateConfig.builder().jobsPackages("com.acme.jobs")
        .searchAdapterPackages(adapterPackages).build());
  }

  @Test
  void outsideTheAdapterEveryListedConstructionIsAFinding() {
    ConstructionOnlyIn shape = shape("com.acme.search");

    assertThat(shape.construction(List.of(CLIENT, "java.lang.Object"),
        "constructs " + CLIENT, "com.acme.web.Search")).hasValueSatisfying(v -> {
          assertThat(v.entry().typeName()).isEqualTo(CLIENT);
          assertThat(v.message()).isEqualTo("constructs " + CLIENT
              + " outside the search adapter (searchAdapterPackages [com.acme.search])");
        });
  }

  @Test
  void aSubclassIsCoveredByItsSupertypesEntry() {
    assertThat(shape("com.acme.search").construction(
        List.of("com.acme.web.MyConfig", CONFIG, "java.lang.Object"),
        "constructs com.acme.web.MyConfig", "com.acme.web.Search"))
        .hasValueSatisfying(v -> assertThat(v.message()).isEqualTo(
            "constructs com.acme.web.MyConfig (catalog entry " + CONFIG + ") outside the search"
                + " adapter (searchAdapterPackages [com.acme.search])"));
  }

  @Test
  void insideTheAdapterOnlyARetryingConstructorIsAFinding() {
    ConstructionOnlyIn shape = shape("com.acme.search");

    assertThat(shape.construction(List.of(CLIENT), "constructs " + CLIENT,
        "com.acme.search.MeiliIndex")).isEmpty();
    assertThat(shape.construction(List.of(CONFIG), "constructs " + CONFIG,
        "com.acme.search.MeiliIndex")).hasValueSatisfying(v -> {
          assertThat(v.entry().kind()).isEqualTo(EntryKind.RETRYING_CONSTRUCTOR);
          assertThat(v.message()).isEqualTo("constructs " + CONFIG + " in the search adapter,"
              + " but every constructor builds a retrying client, so the transport cannot be"
              + " verified NoRetry");
        });
  }

  @Test
  void withoutAnAdapterEveryConstructionSaysToConfigureIt() {
    assertThat(shape().construction(List.of(CLIENT), "constructs " + CLIENT,
        "com.acme.search.MeiliIndex")).hasValueSatisfying(v -> assertThat(v.message())
            .isEqualTo("constructs " + CLIENT + ", but no search adapter is configured: set"
                + " searchAdapterPackages (e.g. com.acme.search.meili) to the package that alone"
                + " builds the Meilisearch client, and build it only there"));
  }

  @Test
  void unlistedTypesAreNoConcern() {
    assertThat(shape().construction(List.of("com.acme.Config", "java.lang.Object"),
        "constructs com.acme.Config", "com.acme.web.Search")).isEmpty();
  }

  @Test
  void entriesComeFromTheCatalogNotFromCode() throws IOException {
    Catalog team = Catalog.parse("team.catalog", new StringReader("""
        @rule MeiliClientRetries
        construct-only-in com.acme.search.Transport @ our own transport, adapter only
        """));
    assertThat(team.entries()).singleElement()
        .satisfies(e -> assertThat(e.kind().isConstruction()).isTrue());
    assertThat(Catalog.bundled().entriesFor(RULE.name())).extracting(CatalogEntry::kind)
        .contains(EntryKind.CONSTRUCT_ONLY_IN, EntryKind.RETRYING_CONSTRUCTOR);
  }

  @Test
  void anUnmatchedAdapterPatternSaysTheFix() {
    ConstructionOnlyIn shape = shape("com.acme.serch");

    assertThat(shape.unmatchedAdapterProblem(shape.adapterPackages().get(0), 12)).isEqualTo(
        "MeiliClientRetries: searchAdapterPackages pattern 'com.acme.serch' matches none of the 12"
            + " imported classes, so no construction could ever be allowed. Fix"
            + " searchAdapterPackages to name the package of the search adapter that builds the"
            + " Meilisearch client, or import the classes of that package too.");
  }

  @Test
  void otherRulesAreNotOfThisShape() {
    GateConfig config = GateConfig.builder().jobsPackages("com.acme.jobs").build();
    assertThatThrownBy(() -> ConstructionOnlyIn.of(RuleRegistry.RETRY_OUTSIDE_JOBS, config))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("RetryOutsideJobs is not a ConstructionOnlyIn rule");
  }

  @Test
  void aBadAdapterPatternIsAConfigurationError() {
    assertThatThrownBy(() -> shape("com acme"))
        .isInstanceOf(GateConfigException.class)
        .hasMessageStartingWith("searchAdapterPackages: ");
  }

  @Test
  void restrictsAnswersWhetherTheTypeOrASupertypeIsListed() {
    ConstructionOnlyIn shape = shape("com.acme.search");

    assertThat(shape.restricts(List.of(CLIENT, "java.lang.Object"))).isTrue();
    assertThat(shape.restricts(List.of("com.acme.web.MyConfig", CONFIG, "java.lang.Object")))
        .isTrue();
    assertThat(shape.restricts(List.of("com.acme.web.Search", "java.lang.Object"))).isFalse();
  }
}
