package dev.retryowner.gate.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonReportTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String FIX = "Send once here and let the failure surface; the job kind's"
      + " RetryPolicy in the jobs packages decides when to try again.";
  private static final String RULES = """
        "rules": [
          {
            "name": "RetryOutsideJobs",
            "summary": "Retry helpers (library calls, types, annotations) are used only inside the jobs packages.",
            "fix": "%1$s",
            "docs": "https://example.test/retry-owner/blob/main/docs/rules/RetryOutsideJobs.md"
          },
          {
            "name": "HandRolledRetry",
            "summary": "A loop, recursion or re-schedule re-runs an operation after a failure only inside the jobs packages.",
            "fix": "Send once here and let the failure surface (throw it, or return the error status); the job kind's RetryPolicy in the jobs packages decides when to try again.",
            "docs": "https://example.test/retry-owner/blob/main/docs/rules/HandRolledRetry.md"
          }
        ],
      """.formatted(FIX);

  @TempDir Path project;

  @Test
  void aReportWithViolationsIsThisExactDocument() throws Exception {
    assertThat(JsonReport.toJson(SampleReports.twoViolations(project))).isEqualTo("""
        {
          "tool": "retry-owner",
          "version": "1.2.3",
          "summary": {
            "violations": 2,
            "classes": 12,
            "sourceFiles": 9,
            "seconds": 1.23
          },
        %1$s  "violations": [
            {
              "rule": "RetryOutsideJobs",
              "message": "declares field 'retry' of type io.github.resilience4j.retry.Retry; calls io.github.resilience4j.retry.Retry#of",
              "why": "retries on its own",
              "fix": "%2$s",
              "file": "src/main/java/com/acme/PaymentClient.java",
              "line": 14,
              "className": "com.acme.PaymentClient",
              "member": "retry",
              "docs": "https://example.test/retry-owner/blob/main/docs/rules/RetryOutsideJobs.md"
            },
            {
              "rule": "RetryOutsideJobs",
              "message": "calls io.github.resilience4j.retry.Retry#executeSupplier",
              "why": "retries on its own",
              "fix": "%2$s",
              "file": "src/main/java/com/acme/PaymentClient.java",
              "line": 20,
              "className": "com.acme.PaymentClient",
              "member": "charge(java.lang.String)",
              "docs": "https://example.test/retry-owner/blob/main/docs/rules/RetryOutsideJobs.md"
            }
          ],
          "warnings": [
            "Broken.java does not parse; skipped"
          ]
        }""".formatted(RULES, FIX));
  }

  @Test
  void withABaselineEachViolationHasItsStatusAndTheSummaryTheBaselinedCount() throws Exception {
    JsonNode json = JSON.readTree(JsonReport.toJson(
        SampleReports.twoViolationsFirstBaselined(project)));

    assertThat(json.get("violations")).extracting(violation -> violation.get("status").asText())
        .containsExactly("baselined", "new");
    assertThat(json.at("/summary/violations").asInt()).isOne();
    assertThat(json.at("/summary/baselined").asInt()).isOne();
  }

  @Test
  void aCleanReportStillListsTheRulesAndTheSummary() throws Exception {
    assertThat(JsonReport.toJson(SampleReports.clean(project))).isEqualTo("""
        {
          "tool": "retry-owner",
          "version": "1.2.3",
          "summary": {
            "violations": 0,
            "classes": 3,
            "sourceFiles": 3,
            "seconds": 0.05
          },
        %s  "violations": [],
          "warnings": []
        }""".formatted(RULES));
  }

  @Test
  void anExemptedFindingFollowsTheViolationsWithItsReasonAndIsCounted() throws Exception {
    JsonNode document = JSON.readTree(JsonReport.toJson(
        SampleReports.oneViolationOneExempted(project)));

    assertThat(document.at("/summary/violations").asInt()).isEqualTo(1);
    assertThat(document.at("/summary/exempted").asInt()).isEqualTo(1);
    assertThat(document.get("violations")).hasSize(2);
    assertThat(document.at("/violations/0").has("suppressions")).isFalse();
    assertThat(document.at("/violations/1/line").asInt()).isEqualTo(20);
    assertThat(document.at("/violations/1/member").asText()).isEqualTo("charge(java.lang.String)");
    assertThat(document.at("/violations/1/suppressions/0/kind").asText()).isEqualTo("inSource");
    assertThat(document.at("/violations/1/suppressions/0/justification").asText())
        .isEqualTo("legacy importer, replaced by PAY-1");
  }

  @Test
  void withoutExemptionsTheSummaryHasNoExemptedCount() throws Exception {
    assertThat(JSON.readTree(JsonReport.toJson(SampleReports.twoViolations(project)))
        .at("/summary").has("exempted")).isFalse();
  }

  @Test
  void theAmplificationMapListsEveryPathWorstFirstWithItsSteps() throws Exception {
    JsonNode document = JSON.readTree(JsonReport.toJson(SampleReports.amplified(project)));

    JsonNode paths = document.at("/amplification");
    assertThat(paths).hasSize(2);
    assertThat(paths.at("/0/requests").asText()).isEqualTo("27");
    assertThat(paths.at("/0/factors").asText()).isEqualTo("3 × 3 × 3");
    assertThat(paths.at("/0/aboveMax").asBoolean()).isTrue();
    assertThat(paths.at("/0/hops/3").toString()).isEqualTo("{\"file\":"
        + "\"src/main/java/com/acme/PaymentClient.java\",\"line\":30,\"method\":"
        + "\"PaymentClient.post\",\"attempts\":\"3\",\"jobPolicy\":false,\"what\":"
        + "\"sends through okhttp3.OkHttpClient#newCall\"}");
    assertThat(paths.at("/1/requests").asText()).isEqualTo("1");
    assertThat(paths.at("/1/aboveMax").asBoolean()).isFalse();
    assertThat(JSON.readTree(JsonReport.toJson(SampleReports.clean(project))).has("amplification"))
        .isFalse();
  }
}
