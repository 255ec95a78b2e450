package dev.retryowner.gate.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HtmlReportTest {
  @TempDir Path project;

  @Test
  void violationsAreGroupedByRuleThenFileWithTheirSourceWhyFixAndRulePage() throws Exception {
    GateReport report = SampleReports.twoViolations(project);
    writeSource(25);

    Document page = Jsoup.parse(HtmlReport.toHtml(report));

    assertThat(page.select("#count-violations").text()).isEqualTo("2");
    assertThat(page.select("#count-classes").text()).isEqualTo("12");
    assertThat(page.select("#count-source-files").text()).isEqualTo("9");
    assertThat(page.select("#count-seconds").text()).isEqualTo("1.23");
    Element rule = page.selectFirst("#violations-RetryOutsideJobs");
    assertThat(rule).isNotNull();
    assertThat(rule.select("a.rule-page").attr("href"))
        .isEqualTo("https://example.test/retry-owner/blob/main/docs/rules/RetryOutsideJobs.md");
    assertThat(rule.select("h4.file").eachText())
        .containsExactly("src/main/java/com/acme/PaymentClient.java");
    assertThat(rule.select("article.finding").eachAttr("data-line")).containsExactly("14", "20");
    Element first = rule.selectFirst("article.finding");
    assertThat(first.select("pre.source .line .number").eachText())
        .containsExactly("12", "13", "14", "15", "16");
    assertThat(first.select("pre.source mark").text()).isEqualTo("14 source line 14");
    assertThat(first.select(".message").text()).contains("declares field 'retry' of type "
        + SampleReports.RETRY);
    assertThat(first.select(".why").text()).isEqualTo("why: retries on its own");
    assertThat(first.select(".fix").text()).startsWith("fix: Send once here");
    assertThat(page.select("#baselined").text()).contains("No baselined findings.");
    assertThat(page.select("#exempted").text()).contains("No exempted findings.");
    assertThat(page.select("#warnings li").eachText())
        .containsExactly("Broken.java does not parse; skipped");
  }

  @Test
  void baselinedFindingsHaveTheirOwnSection() throws Exception {
    Document page = Jsoup.parse(HtmlReport.toHtml(
        SampleReports.twoViolationsFirstBaselined(project)));

    assertThat(page.select("#count-violations").text()).isEqualTo("1");
    assertThat(page.select("#count-baselined").text()).isEqualTo("1");
    assertThat(page.select("#violations article.finding").eachAttr("data-line"))
        .containsExactly("20");
    assertThat(page.select("#baselined article.finding").eachAttr("data-line"))
        .containsExactly("14");
  }

  @Test
  void exemptedFindingsShowTheReasonGiven() throws Exception {
    Document page = Jsoup.parse(HtmlReport.toHtml(
        SampleReports.oneViolationOneExempted(project)));

    assertThat(page.select("#count-exempted").text()).isEqualTo("1");
    assertThat(page.select("#exempted article.finding").eachAttr("data-line"))
        .containsExactly("20");
    assertThat(page.select("#exempted .reason").text())
        .isEqualTo("exempted because: legacy importer, replaced by PAY-1");
    assertThat(page.select("#violations article.finding").eachAttr("data-line"))
        .containsExactly("14");
  }

  @Test
  void aCleanRunSaysSoAndThePageNeedsNothingFromOutside() throws Exception {
    String html = HtmlReport.toHtml(SampleReports.clean(project));
    Document page = Jsoup.parse(html);

    assertThat(page.select("#violations").text()).contains("Violations (0)", "No violations.");
    assertThat(page.select("script, link, img, iframe")).isEmpty();
    assertThat(page.select("[src]")).isEmpty();
  }

  @Test
  void withoutASiteTheRuleLinkOpensThePageWrittenBesideTheReport() throws Exception {
    GateReport withSite = SampleReports.twoViolations(project);
    GateReport local = new GateReport(new ToolInfo("1.2.3", "", "", "target/retry-owner/rules"),
        withSite.summary(), withSite.rules(), withSite.violations(), withSite.warnings(),
        withSite.baseDirectory(), withSite.category());

    Document page = Jsoup.parse(HtmlReport.toHtml(local));

    assertThat(page.select("#violations-RetryOutsideJobs a.rule-page").attr("href"))
        .isEqualTo("rules/RetryOutsideJobs.md");
  }

  @Test
  void textFromTheCodeIsEscaped() {
    assertThat(HtmlReport.escape("<init>() & \"x\" 'y'"))
        .isEqualTo("&lt;init&gt;() &amp; &quot;x&quot; &#39;y&#39;");
  }

  @Test
  void aSourceFileThatCannotBeReadLeavesTheFindingWithoutSource() throws Exception {
    GateReport report = SampleReports.twoViolations(project);
    Files.delete(project.resolve("src/main/java").resolve(SampleReports.SOURCE));

    Document page = Jsoup.parse(HtmlReport.toHtml(report));

    assertThat(page.select("article.finding")).hasSize(2);
    assertThat(page.select("pre.source")).isEmpty();
  }

  private void writeSource(int lines) throws Exception {
    Files.writeString(project.resolve("src/main/java").resolve(SampleReports.SOURCE),
        IntStream.rangeClosed(1, lines).mapToObj(n -> "source line " + n)
            .collect(Collectors.joining("\n", "", "\n")));
  }

  @Test
  void theAmplificationMapIsASectionOfPathsWithTheirSteps() throws Exception {
    String page = HtmlReport.toHtml(SampleReports.amplified(project));

    assertThat(page).contains("<section id=\"amplification\">\n<h2>Retry amplification (2)</h2>")
        .contains("<span class=\"label\">27 request(s) on one failure</span> (3 × 3 × 3) from"
            + " PaymentClient.book, not called in the classes read <strong>above"
            + " maxAmplification</strong>")
        .contains("<tr class=\"retries\"><td class=\"attempts\">×3</td><td>"
            + "src/main/java/com/acme/PaymentClient.java:30</td><td>PaymentClient.post</td>");
    assertThat(HtmlReport.toHtml(SampleReports.clean(project))).doesNotContain("amplification");
  }
}
