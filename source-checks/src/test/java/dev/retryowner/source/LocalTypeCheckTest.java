package dev.retryowner.source;

import static dev.retryowner.source.SourceTree.lineOf;
import static dev.retryowner.source.SourceTree.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.GateConfig;
import dev.retryowner.catalog.RuleRegistry;
import dev.retryowner.catalog.Site;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each declaration kind with a catalog type (a line ending in {@code // hit}) next to the same
 * kind with a type the catalog does not list, or a name that only looks like a catalog type.
 */
class LocalTypeCheckTest {
  private static final String CATALOG = """
      @rule RetryOutsideJobs
      type com.vendor.retry.Retry @ the vendor's Retry re-runs calls
      type com.vendor.retry.RetryGaveUp @ thrown when the vendor's retries are exhausted
      type com.vendor.retry.RetrySession @ a vendor retry session
      """;

  @TempDir Path root;
  private GateConfig config;

  @BeforeEach
  void writeCatalog() throws IOException {
    Path catalog = root.resolve("team.catalog");
    Files.writeString(catalog, CATALOG);
    config = GateConfig.builder().jobsPackages("com.acme.jobs").catalogFile(catalog).build();
  }

  @Test
  void localVariable() throws IOException {
    assertHitsAtMarkers("com/acme/app/Locals.java", """
        package com.acme.app;

        import com.vendor.retry.Retry;

        class Locals {
          void run() {
            Retry retry = Retry.ofDefaults(); // hit
            String name = "retry";
            int count = 0, more = 1;
          }
        }
        """);
  }

  @Test
  void messageNamesKindVariableAndTypeAndTheFindingCarriesTheCatalogEntry()
      throws IOException {
    write(root, "com/acme/app/Billing.java", """
        package com.acme.app;

        import com.vendor.retry.Retry;

        class Billing {
          void charge() {
            Retry retry = null;
          }
        }
        """);

    assertThat(check(TypeRelations.exactNamesOnly())).singleElement().satisfies(finding -> {
      assertThat(finding.rule()).isEqualTo("RetryOutsideJobs");
      assertThat(finding.className()).isEqualTo("com.acme.app.Billing");
      assertThat(finding.member()).isEqualTo("charge()");
      assertThat(finding.sourcePath()).isEqualTo("com/acme/app/Billing.java");
      assertThat(finding.line()).isEqualTo(7);
      assertThat(finding.site()).isEqualTo(Site.LOCAL_TYPE);
      assertThat(finding.target()).isEqualTo("com.vendor.retry.Retry");
      assertThat(finding.message())
          .isEqualTo("declares local variable 'retry' of type com.vendor.retry.Retry");
      assertThat(finding.reason()).isEqualTo("the vendor's Retry re-runs calls");
    });
  }

  @Test
  void forEachVariable() throws IOException {
    assertHitsAtMarkers("com/acme/app/Loops.java", """
        package com.acme.app;

        import java.util.List;

        class Loops {
          int count(List<com.vendor.retry.Retry> retries, List<String> names) {
            int known = 0;
            for (com.vendor.retry.Retry candidate : retries) { // hit
              known++;
            }
            for (String name : names) {
              known++;
            }
            return known;
          }
        }
        """);
  }

  @Test
  void exceptionParameterAlsoInAMultiCatch() throws IOException {
    assertHitsAtMarkers("com/acme/app/Catches.java", """
        package com.acme.app;

        import com.vendor.retry.RetryGaveUp;

        class Catches {
          void run(Runnable action) {
            try {
              action.run();
            } catch (RetryGaveUp e) { // hit
              throw e;
            }
            try {
              action.run();
            } catch (IllegalStateException
                | RetryGaveUp e) { // hit
              throw e;
            }
            try {
              action.run();
            } catch (IllegalArgumentException e) {
              throw e;
            }
          }
        }
        """);
  }

  @Test
  void tryWithResourcesVariable() throws IOException {
    assertHitsAtMarkers("com/acme/app/Resources.java", """
        package com.acme.app;

        import com.vendor.retry.RetrySession;
        import java.io.StringReader;

        class Resources {
          void run(RetrySession open, StringReader reader) throws Exception {
            try (RetrySession session = open) { // hit
              session.toString();
            }
            try (StringReader plain = reader; reader) {
              plain.read();
            }
          }
        }
        """);
  }

  @Test
  void patternBindingVariable() throws IOException {
    assertHitsAtMarkers("com/acme/app/Patterns.java", """
        package com.acme.app;

        import com.vendor.retry.Retry;

        class Patterns {
          String describe(Object value) {
            if (value instanceof Retry retry) { // hit
              return retry.toString();
            }
            if (value instanceof String text) {
              return text;
            }
            return switch (value) {
              case Retry r -> "retry"; // hit
              default -> "other";
            };
          }
        }
        """);
  }

  @Test
  void lambdaParameterWithAWrittenType() throws IOException {
    assertHitsAtMarkers("com/acme/app/Lambdas.java", """
        package com.acme.app;

        import com.vendor.retry.Retry;
        import java.util.function.Function;

        class Lambdas {
          Function<Retry, String> explicit = (Retry retry) -> retry.toString(); // hit
          Function<String, String> plain = (String text) -> text;
          Function<Retry, String> inferred = retry -> retry.toString();
        }
        """);
  }

  @Test
  void typeArgumentArrayElementAndWildcardBound() throws IOException {
    assertHitsAtMarkers("com/acme/app/Generics.java", """
        package com.acme.app;

        import com.vendor.retry.Retry;
        import java.util.List;
        import java.util.Map;
        import java.util.function.Supplier;

        class Generics {
          void run() {
            Map<String, List<Retry>> byTenant = Map.of(); // hit
            Supplier<? extends Retry> source = null; // hit
            Retry[][] grid = null; // hit
            Map<String, List<String>> plain = Map.of();
            Supplier<? extends CharSequence> text = null;
          }
        }
        """);
  }

  @Test
  void inferredTypesAreNoFinding() throws IOException {
    assertHitsAtMarkers("com/acme/app/Inferred.java", """
        package com.acme.app;

        import com.vendor.retry.Retry;
        import java.util.function.Function;

        class Inferred {
          void run(Retry given) {
            var retry = given;
            Function<String, Integer> length = (var text) -> text.length();
          }
        }
        """);
  }

  @Test
  void localClassNamedLikeACatalogTypeIsNoFinding() throws IOException {
    assertHitsAtMarkers("com/acme/app/Shadows.java", """
        package com.acme.app;

        import com.vendor.retry.Retry;

        class Shadows {
          void before() {
            Retry imported = null; // hit
          }

          void shadowed() {
            Retry before = null; // hit
            class Retry {
            }
            Retry local = new Retry();
          }

          <Retry> void generic(Retry value) {
            Retry typeVariable = value;
          }
        }
        """);
  }

  @Test
  void sameSimpleNameFromAnotherPackageIsNoFinding() throws IOException {
    assertHitsAtMarkers("com/acme/app/Lookalike.java", """
        package com.acme.app;

        import com.other.retry.Retry;
        import com.vendor.retry.*;

        class Lookalike {
          void run() {
            Retry other = null;
            RetrySession vendor = null; // hit
          }
        }
        """);
  }

  @Test
  void subtypeOfACatalogTypeNeedsTheBytecodeRelations() throws IOException {
    String source = """
        package com.acme.app;

        class Sub {
          void run() {
            MyRetry mine = null; // hit
          }
        }
        """;
    write(root, "com/acme/app/Sub.java", source);

    assertThat(check(TypeRelations.exactNamesOnly())).isEmpty();
    assertThat(check(new ParentRelations(Map.of("com.acme.app.MyRetry", "com.vendor.retry.Retry"))))
        .extracting(Finding::line, Finding::message)
        .containsExactly(tuple(lineOf(source, "hit"),
            "declares local variable 'mine' of type com.acme.app.MyRetry"
                + " (catalog entry com.vendor.retry.Retry)"));
  }

  @Test
  void jobsPackageCodeIsNoFinding() throws IOException {
    String jobs = """
        package com.acme.jobs.billing;

        import com.vendor.retry.Retry;

        class ChargeJob {
          void run() {
            Retry retry = null;
          }
        }
        """;
    write(root, "com/acme/jobs/billing/ChargeJob.java", jobs);
    write(root, "com/acme/app/Outside.java", jobs.replace("com.acme.jobs.billing", "com.acme.app")
        .replace("ChargeJob", "Outside"));

    assertThat(check(TypeRelations.exactNamesOnly())).extracting(Finding::sourcePath)
        .containsExactly("com/acme/app/Outside.java");
  }

  @Test
  void unparsableFileIsAWarningAndTheOtherFilesAreStillChecked() throws IOException {
    write(root, "com/acme/app/Broken.java", "package com.acme.app; class Broken { Retry r ");
    write(root, "com/acme/app/Fine.java", """
        package com.acme.app;

        class Fine {
          void run() {
            com.vendor.retry.Retry retry = null;
          }
        }
        """);
    JavaSources sources = new JavaSources();

    List<Finding> findings = new LocalTypeCheck(config, TypeRelations.exactNamesOnly(),
        sources).findings(List.of(root));

    assertThat(findings).extracting(Finding::sourcePath)
        .containsExactly("com/acme/app/Fine.java");
    assertThat(sources.warnings()).singleElement().asString()
        .contains("Broken.java does not parse");
  }

  @Test
  void aRuleWithARequestPathScopeChecksOnlyClassesInItsScopeAndSaysWhy() throws IOException {
    Path catalog = root.resolve("pacing.catalog");
    Files.writeString(catalog, """
        @rule SleepInRequestPath
        type com.vendor.pace.Pacer @ a Pacer sleeps between steps
        scope-annotation com.acme.Endpoint @ marks request handlers
        """);
    GateConfig requestPath = GateConfig.builder().jobsPackages("com.acme.jobs")
        .catalogFile(catalog).build();
    String body = """
        class %s {
          void run() {
            com.vendor.pace.Pacer pacer = null;
          }
        }
        """;
    write(root, "com/acme/app/Handler.java", "package com.acme.app;\n@Endpoint\n"
        + body.formatted("Handler"));
    write(root, "com/acme/app/Worker.java", "package com.acme.app;\n" + body.formatted("Worker"));
    TypeRelations relations =
        new Annotated(Map.of("com.acme.app.Handler", Set.of("com.acme.Endpoint")));
    List<Finding> findings = new LocalTypeCheck(List.of(ForbiddenLocalTypes.catalog(
        RuleRegistry.SLEEP_IN_REQUEST_PATH, requestPath, relations)), relations,
        new JavaSources()).findings(List.of(root));

    assertThat(findings).singleElement().satisfies(finding -> {
      assertThat(finding.rule()).isEqualTo("SleepInRequestPath");
      assertThat(finding.className()).isEqualTo("com.acme.app.Handler");
      assertThat(finding.message()).isEqualTo("declares local variable 'pacer' of type"
          + " com.vendor.pace.Pacer in the request path ('com.acme.app.Handler' carries"
          + " @com.acme.Endpoint)");
    });
  }

  @Test
  void filesThatNameNoCatalogTypeAreNotParsed() throws IOException {
    write(root, "com/acme/app/Unrelated.java", "package com.acme.app; class Unrelated { String s ");
    JavaSources sources = new JavaSources();

    List<Finding> findings = new LocalTypeCheck(config, TypeRelations.exactNamesOnly(),
        sources).findings(List.of(root.resolve("missing"), root));

    assertThat(findings).isEmpty();
    assertThat(sources.warnings()).as("the broken file was never parsed").isEmpty();
  }

  private void assertHitsAtMarkers(String path, String source) throws IOException {
    write(root, path, source);
    List<Integer> expected = new ArrayList<>();
    List<String> lines = source.lines().toList();
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).endsWith("// hit")) {
        expected.add(i + 1);
      }
    }
    assertThat(check(TypeRelations.exactNamesOnly())).extracting(Finding::line)
        .containsExactlyElementsOf(expected);
  }

  private List<Finding> check(TypeRelations relations) throws IOException {
    return new LocalTypeCheck(config, relations, new JavaSources()).findings(List.of(root));
  }

  /** Relations that know only the annotations of some classes, meta-annotations included. */
  private record Annotated(Map<String, Set<String>> annotations) implements TypeRelations {
    @Override
    public boolean isCheckedClass(String binaryName) {
      return annotations.containsKey(binaryName);
    }

    @Override
    public Set<String> selfAndSupertypes(String typeName) {
      return Set.of(typeName);
    }

    @Override
    public Set<String> knownTypes() {
      return annotations.keySet();
    }

    @Override
    public Set<String> annotationTypes(String typeName) {
      return annotations.getOrDefault(typeName, Set.of());
    }

    @Override
    public boolean isOrCarries(String annotationName, String target) {
      return TypeRelations.names(annotationName, target);
    }

    @Override
    public boolean isAnnotatedWith(String typeName, String annotationName) {
      return annotationTypes(typeName).contains(annotationName);
    }
  }
}
