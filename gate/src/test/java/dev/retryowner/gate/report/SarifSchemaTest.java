package dev.retryowner.gate.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.Site;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The SARIF report against the official 2.1.0 schema, and proof that the check can fail. */
class SarifSchemaTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path project;

  @Test
  void aReportWithViolationsAndWarningsIsValidSarif() throws Exception {
    assertThat(SarifSchema.problems(SarifReport.toJson(SampleReports.twoViolations(project))))
        .isEmpty();
  }

  @Test
  void aReportOfTheBundledToolWithoutSiteLinksIsValidSarif() throws Exception {
    GateReport sample = SampleReports.twoViolations(project);
    GateReport bundled = new GateReport(ToolInfo.bundled(), sample.summary(), sample.rules(),
        sample.violations(), sample.warnings(), sample.baseDirectory(), sample.category());

    String sarif = SarifReport.toJson(bundled);

    assertThat(SarifSchema.problems(sarif)).isEmpty();
    assertThat(sarif).doesNotContain("helpUri", "informationUri")
        .contains("See docs/rules/RetryOutsideJobs.md.");
  }

  @Test
  void aReportWithBaselineStatesIsValidSarif() throws Exception {
    assertThat(SarifSchema.problems(SarifReport.toJson(
        SampleReports.twoViolationsFirstBaselined(project)))).isEmpty();
  }

  @Test
  void aReportWithAnExemptedFindingIsValidSarif() throws Exception {
    assertThat(SarifSchema.problems(SarifReport.toJson(
        SampleReports.oneViolationOneExempted(project)))).isEmpty();
  }

  @Test
  void aCleanReportIsValidSarif() throws Exception {
    assertThat(SarifSchema.problems(SarifReport.toJson(SampleReports.clean(project)))).isEmpty();
  }

  @Test
  void unknownLinesAndFilesOutsideTheProjectAreValidSarif() throws Exception {
    Finding unknownFileAndLine = new Finding("RetryOutsideJobs", "com.acme.Gone", "",
        "com/acme/Gone.java", 0, Site.SUPERTYPE, SampleReports.RETRY,
        "extends " + SampleReports.RETRY, "");
    Finding outsideTheProject = SampleReports.finding("<init>()", 14, Site.CALL, "calls it");
    GateReport report = SampleReports.report(project.resolve("module"), project,
        SampleReports.resultOf(unknownFileAndLine, outsideTheProject));

    assertThat(SarifSchema.problems(SarifReport.toJson(report))).isEmpty();
  }

  @Test
  void theLogNamesTheSchemaItIsValidAgainst() throws Exception {
    assertThat(SarifReport.toJson(SampleReports.clean(project)))
        .contains("\"$schema\": \"" + SarifSchema.id() + "\"");
  }

  @Test
  void theValidatorRejectsAnInvalidLog() {
    String invalid = """
        {
          "version": "2.1.0",
          "runs": [{
            "tool": {"driver": {"name": "retry-owner"}},
            "results": [{"ruleId": "RetryOutsideJobs", "level": "fatal",
              "locations": [{"physicalLocation": {"region": {"startLine": 0}}}]}]
          }]
        }""";

    assertThat(SarifSchema.problems(invalid))
        .anyMatch(p -> p.startsWith("/runs/0/results/0/level: "))
        .anyMatch(p -> p.startsWith("/runs/0/results/0/locations/0/physicalLocation/region/"
            + "startLine: "))
        .anyMatch(p -> p.equals("/runs/0/results/0: required property 'message' not found"));
  }

  @Test
  void eachDefectInAnOtherwiseValidReportIsCaught() throws Exception {
    ObjectNode valid = (ObjectNode) JSON.readTree(
        SarifReport.toJson(SampleReports.twoViolations(project)));

    assertThat(problemsAfter(valid, log -> rule(log).put("helpUri", "docs/rules/X.md")))
        .singleElement().asString().startsWith("/runs/0/tool/driver/rules/0/helpUri: ");
    assertThat(problemsAfter(valid, log -> result(log).put("level", "fatal")))
        .singleElement().asString().startsWith("/runs/0/results/0/level: ");
    assertThat(problemsAfter(valid, log -> result(log).remove("message")))
        .containsExactly("/runs/0/results/0: required property 'message' not found");
    assertThat(problemsAfter(valid, log -> ((ObjectNode) result(log).at(
        "/locations/0/physicalLocation/region")).put("startLine", 0)))
        .singleElement().asString()
        .startsWith("/runs/0/results/0/locations/0/physicalLocation/region/startLine: ");
  }

  private static List<String> problemsAfter(ObjectNode valid, Consumer<ObjectNode> defect) {
    ObjectNode log = valid.deepCopy();
    defect.accept(log);
    return SarifSchema.problems(log.toString());
  }

  private static ObjectNode rule(ObjectNode log) {
    return (ObjectNode) log.at("/runs/0/tool/driver/rules/0");
  }

  private static ObjectNode result(ObjectNode log) {
    return (ObjectNode) log.at("/runs/0/results/0");
  }

  @Test
  void aReportWithAnAmplificationCodeFlowIsValidSarif() throws Exception {
    assertThat(SarifSchema.problems(SarifReport.toJson(SampleReports.amplified(project))))
        .isEmpty();
  }
}
