package dev.retryowner.source;

import static dev.retryowner.source.SourceTree.lineOf;
import static dev.retryowner.source.SourceTree.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.Site;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StatementLinePinnerTest {
  private static final String FILE = "com/acme/app/Policies.java";
  private static final String SOURCE = """
      package com.acme.app;

      class Policies {
        @Deprecated
        private final Object shared = // field
            build(3);

        Object config() {
          Object config = // local
              custom()
                  .maxAttempts(3)
                  .build();
          run(() -> // lambda-statement
              custom().build());
          return custom() // chain
              .maxAttempts(3) // chain-middle
              .build(); // chain-end
        }
      }
      """;

  private static Finding at(String rule, String marker, Site site) {
    return new Finding(rule, "com.acme.app.Policies", "config()", FILE, lineOf(SOURCE, marker),
        site, "io.github.resilience4j.retry.RetryConfig", "uses it at " + marker, "why");
  }

  @Test
  void aChainOverSeveralLinesIsOneFindingAtTheLineOfItsFirstUse(@TempDir Path root)
      throws IOException {
    write(root, FILE, SOURCE);
    StatementLinePinner pinner = new StatementLinePinner(List.of(root), new JavaSources());

    List<Finding> pinned = pinner.pin(List.of(
        at("RetryOutsideJobs", "chain-end", Site.CALL),
        at("RetryOutsideJobs", "chain-middle", Site.CALL),
        at("RetryOutsideJobs", "lambda-statement", Site.CALL)));

    assertThat(pinned).as("the call that sets the retry up, not the statement's 'return'")
        .extracting(Finding::line, Finding::message).containsExactly(
            tuple(lineOf(SOURCE, "chain-middle"), "uses it at chain-middle"),
            tuple(lineOf(SOURCE, "lambda-statement"), "uses it at lambda-statement"));
  }

  @Test
  void aDeclarationStandsForItsStatementAtTheLineOfItsType(@TempDir Path root)
      throws IOException {
    write(root, FILE, SOURCE);
    StatementLinePinner pinner = new StatementLinePinner(List.of(root), new JavaSources());
    Finding call = new Finding("RetryOutsideJobs", "com.acme.app.Policies", "config()", FILE,
        lineOf(SOURCE, "local") + 2, Site.CALL, "t", "calls build", "why");
    Finding fieldCall = new Finding("RetryOutsideJobs", "com.acme.app.Policies", "<init>", FILE,
        lineOf(SOURCE, "field") - 1, Site.CALL, "t", "calls build in the field", "why");

    List<Finding> pinned = pinner.pin(List.of(call, at("RetryOutsideJobs", "local",
        Site.LOCAL_TYPE), fieldCall));

    assertThat(pinned).extracting(Finding::line, Finding::site).containsExactly(
        tuple(lineOf(SOURCE, "local"), Site.LOCAL_TYPE),
        tuple(lineOf(SOURCE, "field"), Site.CALL));
  }

  @Test
  void otherRulesDeclarationsAndFilesWithoutSourceStayWhereTheyAre(@TempDir Path root)
      throws IOException {
    write(root, FILE, SOURCE);
    StatementLinePinner pinner = new StatementLinePinner(List.of(root), new JavaSources());
    Finding handRolled = at("HandRolledRetry", "chain-middle", Site.CALL);
    Finding parameter = at("RetryOutsideJobs", "chain-middle", Site.PARAMETER_TYPE);
    Finding elsewhere = new Finding("RetryOutsideJobs", "com.acme.app.Gone", "m()",
        "com/acme/app/Gone.java", 7, Site.CALL, "t", "calls it", "why");

    assertThat(pinner.pin(List.of(handRolled, parameter, elsewhere)))
        .containsExactly(handRolled, parameter, elsewhere);
  }
}
