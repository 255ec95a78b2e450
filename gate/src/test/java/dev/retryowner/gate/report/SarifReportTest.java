package dev.retryowner.gate.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.RuleRegistry;
import dev.retryowner.catalog.Site;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SarifReportTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path project;

  @Test
  void theDriverNamesTheToolAndDescribesEveryRuleThatRan() throws Exception {
    JsonNode driver = run(SampleReports.clean(project)).at("/tool/driver");

    assertThat(driver.get("name").asText()).isEqualTo("retry-owner");
    assertThat(driver.get("version").asText()).isEqualTo("1.2.3");
    assertThat(driver.get("informationUri").asText()).isEqualTo("https://example.test/retry-owner");
    assertThat(driver.get("rules")).extracting(rule -> rule.get("id").asText())
        .containsExactly("RetryOutsideJobs", "HandRolledRetry");
    JsonNode rule = driver.at("/rules/0");
    assertThat(rule.at("/shortDescription/text").asText())
        .isEqualTo(RuleRegistry.RETRY_OUTSIDE_JOBS.summary());
    assertThat(rule.at("/fullDescription/text").asText())
        .isEqualTo(RuleRegistry.RETRY_OUTSIDE_JOBS.fix());
    assertThat(rule.at("/help/text").asText()).isEqualTo(RuleRegistry.RETRY_OUTSIDE_JOBS.fix() + " See "
        + "https://example.test/retry-owner/blob/main/docs/rules/RetryOutsideJobs.md.");
    assertThat(rule.get("helpUri").asText())
        .isEqualTo("https://example.test/retry-owner/blob/main/docs/rules/RetryOutsideJobs.md");
    assertThat(rule.at("/help/markdown").asText()).startsWith("# RetryOutsideJobs\n")
        .contains("## How to exempt");
    assertThat(rule.at("/defaultConfiguration/level").asText()).isEqualTo("error");
  }

  @Test
  void withABaselineEachResultHasItsBaselineStateAndTheSummaryTheBaselinedCount()
      throws Exception {
    JsonNode run = run(SampleReports.twoViolationsFirstBaselined(project));

    assertThat(run.get("results")).extracting(result -> result.get("baselineState").asText())
        .containsExactly("unchanged", "new");
    assertThat(run.get("results")).extracting(result -> result.get("level").asText())
        .containsExactly("note", "error");
    assertThat(run.at("/properties/summary/violations").asInt()).isOne();
    assertThat(run.at("/properties/summary/baselined").asInt()).isOne();
  }

  @Test
  void aResultsFingerprintIgnoresItsLineAndTheNamesInQuotesAndCountsRepeats() throws Exception {
    JsonNode run = run(SampleReports.twoViolations(project));

    assertThat(run.at("/automationDetails/id").asText()).isEqualTo("retry-owner/main/");
    List<String> fingerprints = new java.util.ArrayList<>();
    run.get("results").forEach(result ->
        fingerprints.add(result.at("/partialFingerprints/retryOwner~1v1").asText()));
    assertThat(fingerprints).doesNotHaveDuplicates()
        .allMatch(fingerprint -> fingerprint.matches("[0-9a-f]{32}:1"));
  }

  @Test
  void aMovedLineOrARenamedLocalKeepsTheFingerprintAnotherMemberDoesNot() {
    ReportedFile file = new ReportedFile("src/main/java/com/acme/Pay.java",
        ReportedFile.Anchor.BASE_DIRECTORY);
    ReportedViolation before = local("charge()", "config", file, 10);
    ReportedViolation after = local("charge()", "settings", file, 14);
    ReportedViolation elsewhere = local("refund()", "config", file, 10);

    assertThat(SarifReport.fingerprint(after, new java.util.HashMap<>()))
        .isEqualTo(SarifReport.fingerprint(before, new java.util.HashMap<>()))
        .isNotEqualTo(SarifReport.fingerprint(elsewhere, new java.util.HashMap<>()));
  }

  /** A local variable declaration of a retry helper in {@code member} of com.acme.Pay. */
  private static ReportedViolation local(String member, String name, ReportedFile file,
      int line) {
    dev.retryowner.catalog.Finding finding = new dev.retryowner.catalog.Finding(
        "RetryOutsideJobs", "com.acme.Pay", member, "com/acme/Pay.java", line,
        dev.retryowner.catalog.Site.LOCAL_TYPE, "io.github.resilience4j.retry.RetryConfig",
        "declares local variable '" + name + "' of type io.github.resilience4j.retry.RetryConfig",
        "why");
    return new ReportedViolation(RuleRegistry.RETRY_OUTSIDE_JOBS, finding.message(), "", file,
        line, List.of(new dev.retryowner.gate.CodeElement("com.acme.Pay", member)), null,
        dev.retryowner.gate.baseline.BaselineKey.of(finding));
  }

  @Test
  void withoutABaselineResultsHaveNoBaselineState() throws Exception {
    JsonNode run = run(SampleReports.twoViolations(project));

    assertThat(run.get("results")).noneMatch(result -> result.has("baselineState"));
    assertThat(run.at("/properties/summary").has("baselined")).isFalse();
  }

  @Test
  void aCleanRunHasAnEmptyResultListAndItsSummary() throws Exception {
    JsonNode run = run(SampleReports.clean(project));

    assertThat(run.get("results").isArray()).isTrue();
    assertThat(run.get("results")).isEmpty();
    assertThat(run.at("/properties/summary").toString())
        .isEqualTo("{\"violations\":0,\"classes\":3,\"sourceFiles\":3,\"seconds\":0.05}");
    assertThat(run.at("/invocations/0/executionSuccessful").asBoolean()).isTrue();
    assertThat(run.at("/invocations/0").has("toolExecutionNotifications")).isFalse();
  }

  @Test
  void eachViolationIsAnErrorAtItsFileLineAndMembers() throws Exception {
    JsonNode run = run(SampleReports.twoViolations(project));

    assertThat(run.get("results")).hasSize(2);
    JsonNode result = run.at("/results/0");
    assertThat(result.get("ruleId").asText()).isEqualTo("RetryOutsideJobs");
    assertThat(result.get("ruleIndex").asInt()).isZero();
    assertThat(result.get("level").asText()).isEqualTo("error");
    assertThat(result.at("/message/text").asText()).isEqualTo("declares field 'retry' of type "
        + SampleReports.RETRY + "; calls " + SampleReports.RETRY + "#of. Why: retries on its own");
    JsonNode location = result.at("/locations/0");
    assertThat(location.at("/physicalLocation/artifactLocation/uri").asText())
        .isEqualTo("src/main/java/com/acme/PaymentClient.java");
    assertThat(location.at("/physicalLocation/artifactLocation/uriBaseId").asText())
        .isEqualTo("%SRCROOT%");
    assertThat(location.at("/physicalLocation/region/startLine").asInt()).isEqualTo(14);
    assertThat(location.get("logicalLocations").toString()).isEqualTo("["
        + "{\"name\":\"retry\",\"fullyQualifiedName\":\"com.acme.PaymentClient.retry\","
        + "\"kind\":\"member\"},"
        + "{\"name\":\"<init>()\",\"fullyQualifiedName\":\"com.acme.PaymentClient.<init>()\","
        + "\"kind\":\"function\"}]");
    assertThat(run.at("/originalUriBaseIds/%SRCROOT%/uri").asText())
        .isEqualTo(project.toUri().toString()).endsWith("/");
    assertThat(run.at("/properties/summary/violations").asInt()).isEqualTo(2);
  }

  @Test
  void theRuleIndexPointsAtTheResultsRule() throws Exception {
    Finding loop = new Finding("HandRolledRetry", "com.acme.PaymentClient", "charge()",
        SampleReports.SOURCE, 30, Site.CALL, "", "this for loop runs the operation again", "");

    JsonNode result = run(SampleReports.report(project, SampleReports.resultOf(loop)))
        .at("/results/0");

    assertThat(result.get("ruleIndex").asInt()).isEqualTo(1);
    assertThat(result.at("/message/text").asText())
        .isEqualTo("this for loop runs the operation again");
  }

  @Test
  void aClassLevelFindingIsAType() throws Exception {
    Finding supertype = new Finding("RetryOutsideJobs", "com.acme.PaymentClient", "",
        SampleReports.SOURCE, 5, Site.SUPERTYPE, SampleReports.RETRY, "extends it", "");

    JsonNode logical = run(SampleReports.report(project, SampleReports.resultOf(supertype)))
        .at("/results/0/locations/0/logicalLocations/0");

    assertThat(logical.toString()).isEqualTo("{\"name\":\"PaymentClient\","
        + "\"fullyQualifiedName\":\"com.acme.PaymentClient\",\"kind\":\"type\"}");
  }

  @Test
  void anUnknownLineHasNoRegionAndAFileOutsideTheProjectAnAbsoluteUri() throws Exception {
    Finding noLine = SampleReports.finding("<init>()", 0, Site.CALL, "calls it");

    JsonNode physical = run(SampleReports.report(project.resolve("module"), project,
        SampleReports.resultOf(noLine))).at("/results/0/locations/0/physicalLocation");

    assertThat(physical.has("region")).isFalse();
    assertThat(physical.at("/artifactLocation/uri").asText()).isEqualTo(
        project.resolve("src/main/java/com/acme/PaymentClient.java").toUri().toString());
    assertThat(physical.get("artifactLocation").has("uriBaseId")).isFalse();
  }

  @Test
  void aFileNoSourceRootHoldsIsARelativeUriWithoutBase() throws Exception {
    Finding elsewhere = new Finding("RetryOutsideJobs", "com.acme.Gone", "",
        "com/acme/My Gone.java", 3, Site.SUPERTYPE, SampleReports.RETRY, "extends it", "");

    JsonNode artifact = run(SampleReports.report(project, SampleReports.resultOf(elsewhere)))
        .at("/results/0/locations/0/physicalLocation/artifactLocation");

    assertThat(artifact.toString()).isEqualTo("{\"uri\":\"com/acme/My%20Gone.java\"}");
  }

  @Test
  void warningsAreToolExecutionNotifications() throws Exception {
    JsonNode notification = run(SampleReports.twoViolations(project))
        .at("/invocations/0/toolExecutionNotifications/0");

    assertThat(notification.toString()).isEqualTo("{\"level\":\"warning\","
        + "\"message\":{\"text\":\"Broken.java does not parse; skipped\"}}");
  }

  @Test
  void anExemptedFindingIsASuppressedResultJustifiedByItsReason() throws Exception {
    JsonNode results = run(SampleReports.oneViolationOneExempted(project)).get("results");

    assertThat(results).hasSize(2);
    assertThat(results.get(0).has("suppressions")).isFalse();
    JsonNode exempted = results.get(1);
    assertThat(exempted.at("/locations/0/physicalLocation/region/startLine").asInt())
        .isEqualTo(20);
    assertThat(exempted.at("/suppressions/0/kind").asText()).isEqualTo("inSource");
    assertThat(exempted.at("/suppressions/0/justification").asText())
        .isEqualTo("legacy importer, replaced by PAY-1");
    assertThat(run(SampleReports.oneViolationOneExempted(project))
        .at("/properties/summary/exempted").asInt()).isEqualTo(1);
  }

  private static JsonNode run(GateReport report) throws Exception {
    JsonNode log = JSON.readTree(SarifReport.toJson(report));
    assertThat(log.get("version").asText()).isEqualTo("2.1.0");
    assertThat(log.get("runs")).hasSize(1);
    return log.at("/runs/0");
  }

  @Test
  void anAmplificationViolationCarriesItsPathAsACodeFlowStepByStep() throws Exception {
    JsonNode result = run(SampleReports.amplified(project)).at("/results/0");

    assertThat(result.at("/ruleId").asText()).isEqualTo("RetryAmplification");
    assertThat(result.at("/locations/0/physicalLocation/region/startLine").asInt()).isEqualTo(12);
    JsonNode flow = result.at("/codeFlows/0");
    assertThat(flow.at("/message/text").asText())
        .isEqualTo("27 requests on one failure (3 × 3 × 3)");
    JsonNode steps = flow.at("/threadFlows/0/locations");
    assertThat(steps).hasSize(4);
    assertThat(steps.get(0).at("/importance").asText()).isEqualTo("essential");
    assertThat(steps.get(1).at("/importance").asText()).isEqualTo("important");
    assertThat(steps.get(3).at("/location/physicalLocation/region/startLine").asInt())
        .isEqualTo(30);
    assertThat(steps.get(3).at("/location/message/text").asText())
        .isEqualTo("×3 PaymentClient.post: sends through okhttp3.OkHttpClient#newCall");
    assertThat(steps.get(3).at("/location/physicalLocation/artifactLocation/uri").asText())
        .isEqualTo("src/main/java/com/acme/PaymentClient.java");
  }
}
