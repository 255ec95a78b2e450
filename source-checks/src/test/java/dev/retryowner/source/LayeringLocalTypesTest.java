package dev.retryowner.source;

import static dev.retryowner.source.SourceTree.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.GateConfig;
import dev.retryowner.catalog.RuleRegistry;
import dev.retryowner.catalog.Site;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Local declarations of types behind a Layering boundary, as {@link LocalTypeCheck} sees them. */
class LayeringLocalTypesTest {
  private static final String JOBS_SOURCE = """
      package com.acme.app;

      import com.acme.jobs.Schedule;
      import com.acme.jobs.api.Jobs;
      import com.acme.jobs.internal.*;

      class Checkout {
        void pay(Jobs jobs) {
          Runner runner = null; // hit
          Jobs api = jobs;
          Schedule.Builder schedule = null;
          Unknown unknown = null;
          java.util.List<com.acme.jobs.internal.Runner> runners = null; // hit
        }
      }
      """;

  @TempDir Path root;

  /** Bytecode knows the runner, the API types and the annotated schedule, not Unknown. */
  private final TypeRelations relations = new KnownTypes(Set.of("com.acme.jobs.internal.Runner",
      "com.acme.jobs.api.Jobs", "com.acme.jobs.Schedule", "com.acme.jobs.Schedule$Builder",
      "com.acme.queue.Engine"), Map.of("com.acme.jobs.Schedule", "com.acme.jobs.Api"));

  @Test
  void aLocalOfAJobsInternalIsAFindingAndApiTypesAreNot() throws IOException {
    write(root, "com/acme/app/Checkout.java", JOBS_SOURCE);
    GateConfig config = GateConfig.builder().jobsPackages("com.acme.jobs")
        .jobsApiPackages("com.acme.jobs.api").jobsApiAnnotation("com.acme.jobs.Api").build();

    List<Finding> findings = new LocalTypeCheck(config, relations, new JavaSources())
        .findings(List.of(root));

    assertThat(findings).extracting(Finding::rule, Finding::line, Finding::site, Finding::target)
        .containsExactly(
            tuple("JobsInternalsOutsideJobs", lineOf(JOBS_SOURCE, 9), Site.LOCAL_TYPE,
                "com.acme.jobs.internal.Runner"),
            tuple("JobsInternalsOutsideJobs", lineOf(JOBS_SOURCE, 13), Site.LOCAL_TYPE,
                "com.acme.jobs.internal.Runner"));
    assertThat(findings.get(0).message()).isEqualTo("declares local variable 'runner' of type"
        + " com.acme.jobs.internal.Runner, which is not part of the jobs API (jobsApiPackages"
        + " [com.acme.jobs.api], jobsApiAnnotation @com.acme.jobs.Api)");
    assertThat(findings.get(0).reason())
        .isEqualTo(RuleRegistry.JOBS_INTERNALS_OUTSIDE_JOBS.summary());
    assertThat(findings.get(0).member()).isEqualTo("pay(com.acme.jobs.api.Jobs)");
  }

  @Test
  void withoutAnApiSurfaceTheRuleIsInactive() throws IOException {
    write(root, "com/acme/app/Checkout.java", JOBS_SOURCE);
    GateConfig config = GateConfig.builder().jobsPackages("com.acme.jobs").build();

    assertThat(new LocalTypeCheck(config, relations, new JavaSources()).findings(List.of(root)))
        .isEmpty();
  }

  @Test
  void theQueueEngineIsAFindingOutsideTheAdapterOnly() throws IOException {
    String use = """
        package com.acme.%s;

        class Use {
          void run() {
            com.acme.queue.Engine engine = null;
          }
        }
        """;
    write(root, "com/acme/app/Use.java", use.formatted("app"));
    write(root, "com/acme/adapter/Use.java", use.formatted("adapter"));
    GateConfig config = GateConfig.builder().jobsPackages("com.acme.jobs")
        .queueEnginePackages("com.acme.queue").queueAdapterPackages("com.acme.adapter").build();

    List<Finding> findings = new LocalTypeCheck(config, relations, new JavaSources())
        .findings(List.of(root));

    assertThat(findings).extracting(Finding::rule, Finding::sourcePath, Finding::line)
        .containsExactly(tuple("QueueEngineOutsideAdapter", "com/acme/app/Use.java", 5));
  }

  private static int lineOf(String source, int line) {
    assertThat(source.lines().skip(line - 1).findFirst().orElseThrow()).endsWith("// hit");
    return line;
  }

  /** Types the bytecode knows, none with supertypes, some carrying one annotation. */
  private record KnownTypes(Set<String> known, Map<String, String> annotations)
      implements TypeRelations {
    @Override
    public boolean isCheckedClass(String binaryName) {
      return known.contains(binaryName);
    }

    @Override
    public Set<String> selfAndSupertypes(String typeName) {
      return Set.of(typeName);
    }

    @Override
    public Set<String> knownTypes() {
      return known;
    }

    @Override
    public boolean isOrCarries(String annotationName, String target) {
      return TypeRelations.names(annotationName, target);
    }

    @Override
    public boolean isAnnotatedWith(String typeName, String annotationName) {
      return annotationName.equals(annotations.get(typeName));
    }
  }
}
