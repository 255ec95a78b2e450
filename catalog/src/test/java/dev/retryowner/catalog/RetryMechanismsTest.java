package dev.retryowner.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.retryowner.catalog.Finding.Part;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RetryMechanismsTest {
  private static final String RULE = "RetryOutsideJobs";
  private static final String PATH = "com/acme/Importer.java";

  private static Finding use(String className, String member, int line, Site site, Part part) {
    return new Finding(RULE, className, member, PATH, line, site, "lib.Retry", "use " + line,
        "reason", part, List.of());
  }

  private static List<Finding> reported(Finding... uses) {
    return RetryMechanisms.of(List.of(uses), RULE::equals, f -> Optional.of("lib"));
  }

  @Test
  void theCallThatRunsWorkIsTheFindingAndTheOtherUsesItsRelatedPlaces() {
    Finding field = use("com.acme.Importer", "retry", 5, Site.FIELD_TYPE, Part.DECLARES);
    Finding build = use("com.acme.Importer", "<init>()", 8, Site.CALL, Part.SETS_UP);
    Finding runs = use("com.acme.Importer", "load()", 12, Site.CALL, Part.RUNS);

    assertThat(reported(field, build, runs)).singleElement().satisfies(finding -> {
      assertThat(finding.line()).isEqualTo(12);
      assertThat(finding.related()).extracting(RelatedLocation::line).containsExactly(5, 8);
    });
  }

  @Test
  void eachCallThatRunsWorkIsAFindingAndAMemberThatRunsWorkKeepsItsOwnSetUp() {
    Finding setUpA = use("com.acme.Importer", "a()", 3, Site.CALL, Part.SETS_UP);
    Finding runsA = use("com.acme.Importer", "a()", 4, Site.CALL, Part.RUNS);
    Finding runsB = use("com.acme.Importer$1", "b()", 9, Site.CALL, Part.RUNS);

    assertThat(reported(setUpA, runsA, runsB)).extracting(Finding::line, f -> f.related().size())
        .containsExactly(tuple(4, 1),
            tuple(9, 0));
  }

  @Test
  void whereNothingRunsEachMemberIsOneFindingAtItsLastSetUp() {
    Finding field = use("com.acme.Importer", "retry", 5, Site.FIELD_TYPE, Part.DECLARES);
    Finding config = use("com.acme.Importer", "build()", 7, Site.CALL, Part.SETS_UP);
    Finding switchOn = use("com.acme.Importer", "build()", 9, Site.CALL, Part.SETS_UP);

    assertThat(reported(field, config, switchOn)).singleElement().satisfies(finding -> {
      assertThat(finding.line()).isEqualTo(9);
      assertThat(finding.related()).extracting(RelatedLocation::line).containsExactly(5, 7);
    });
  }

  @Test
  void declarationsAloneSwitchNothingOn() {
    assertThat(reported(use("com.acme.Importer", "retry", 5, Site.FIELD_TYPE, Part.DECLARES),
        use("com.acme.Importer", "m(lib.Retry)", 6, Site.PARAMETER_TYPE, Part.DECLARES)))
        .isEmpty();
  }

  @Test
  void findingsOfRulesNotGroupedAndOfOtherClassesStandAlone() {
    Finding other = new Finding("HandRolledRetry", "com.acme.Importer", "m()", PATH, 3,
        Site.CALL, "", "loop", "reason");
    Finding here = use("com.acme.Importer", "a()", 4, Site.CALL, Part.RUNS);
    Finding elsewhere = use("com.acme.Exporter", "b()", 4, Site.CALL, Part.RUNS);

    assertThat(reported(other, here, elsewhere)).hasSize(3)
        .allSatisfy(finding -> assertThat(finding.related()).isEmpty());
  }
}
