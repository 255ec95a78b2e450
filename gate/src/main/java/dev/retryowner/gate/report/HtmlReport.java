package dev.retryowner.gate.report;

import dev.retryowner.catalog.RuleDescriptor;
import dev.retryowner.gate.baseline.BaselineState;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The report as one self-contained HTML page ({@code retry-owner.html}): no script, no external
 * style or font, so it opens from the file system in any browser and can be attached to a build.
 * It shows the summary line's counts; the violations grouped by rule, then by file, each with the
 * source lines around it (its line marked), the message, why the catalog lists what is used, the
 * rule's fix and a link to the rule's page; then the baselined findings and the exempted ones
 * with their reasons, in sections of their own; then, when RetryAmplification ran, the retry
 * amplification map: each path with its product and every step's file, line and attempts.
 */
public final class HtmlReport {
  /** Source lines shown before and after a finding's line. */
  private static final int CONTEXT_LINES = 2;

  private static final String STYLE = """
      body{font:14px/1.45 system-ui,sans-serif;margin:2em auto;max-width:70em;color:#1b1f24}
      h1{font-size:1.5em}h2{border-bottom:1px solid #d0d7de;padding-bottom:.2em}
      h3{margin-top:1.6em}h4{font-family:ui-monospace,monospace;font-weight:normal;margin:1em 0 .4em}
      table.counts td,table.counts th{padding:.2em 1em .2em 0;text-align:left}
      article.finding{border:1px solid #d0d7de;border-radius:6px;padding:.6em 1em;margin:.6em 0}
      pre.source{background:#f6f8fa;padding:.5em;overflow-x:auto;margin:.4em 0}
      pre.source .line{display:block}pre.source .number{color:#6e7781;display:inline-block;
      min-width:4em}pre.source mark{display:block;background:#fff1b8}
      .why,.fix,.reason,.related{margin:.3em 0}.label{font-weight:600}.empty{color:#6e7781}
      table.hops td{padding:.15em .8em .15em 0;vertical-align:top}
      table.hops tr.retries td.attempts{font-weight:600;color:#cf222e}
      """;

  private final GateReport report;
  private final ToolInfo tool;
  private final StringBuilder html = new StringBuilder();

  private HtmlReport(GateReport report) {
    this.report = report;
    this.tool = report.tool();
  }

  /** Writes the page of {@code report} to {@code file}, replacing an earlier one. */
  public static void write(GateReport report, Path file) throws IOException {
    Files.writeString(file, toHtml(report), StandardCharsets.UTF_8);
  }

  /** The page of {@code report}. */
  public static String toHtml(GateReport report) {
    return new HtmlReport(report).page();
  }

  private String page() {
    html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<title>retry-owner report (").append(escape(report.category()))
        .append(")</title>\n<style>").append(STYLE).append("</style>\n</head>\n<body>\n")
        .append("<h1>retry-owner report</h1>\n");
    counts();
    warnings();
    section("violations", "Violations", "No violations.",
        violation -> !violation.isExempted()
            && violation.baselineState() != BaselineState.UNCHANGED);
    section("baselined", "Baselined", "No baselined findings.",
        violation -> violation.baselineState() == BaselineState.UNCHANGED);
    section("exempted", "Exempted", "No exempted findings.", ReportedViolation::isExempted);
    amplification();
    html.append("<p class=\"empty\">retry-owner ").append(escape(tool.version()))
        .append("</p>\n</body>\n</html>\n");
    return html.toString();
  }

  /** The amplification map: each path, worst first, its steps in a table. */
  private void amplification() {
    if (report.amplification() == null) {
      return;
    }
    List<ReportedPath> paths = report.amplification();
    html.append("<section id=\"amplification\">\n<h2>Retry amplification (")
        .append(paths.size()).append(")</h2>\n");
    if (paths.isEmpty()) {
      html.append("<p class=\"empty\">No path from an entry point reaches an outgoing"
          + " request.</p>\n");
    }
    for (ReportedPath path : paths) {
      html.append("<article class=\"finding path\">\n<p><span class=\"label\">")
          .append(escape(path.requests())).append(" request(s) on one failure</span> (")
          .append(escape(path.factors())).append(") from ")
          .append(escape(path.entry().method())).append(", ").append(escape(path.entryPoint()))
          .append(path.aboveMax() ? " <strong>above maxAmplification</strong>" : "")
          .append("</p>\n<table class=\"hops\">\n");
      for (ReportedPath.Hop hop : path.hops()) {
        html.append("<tr").append(hop.attempts().equals("1") ? "" : " class=\"retries\"")
            .append("><td class=\"attempts\">×").append(escape(hop.attempts()))
            .append("</td><td>").append(escape(hop.file().path())).append(':')
            .append(hop.line()).append("</td><td>").append(escape(hop.method()))
            .append("</td><td>").append(escape(hop.what())).append("</td></tr>\n");
      }
      html.append("</table>\n</article>\n");
    }
    html.append("</section>\n");
  }

  private void counts() {
    RunSummary summary = report.summary();
    html.append("<table class=\"counts\" id=\"summary\">\n");
    count("violations", "violations", String.valueOf(summary.violations()));
    if (summary.baselined() != null) {
      count("baselined", "baselined", String.valueOf(summary.baselined()));
    }
    if (summary.exempted() != null) {
      count("exempted", "exempted", String.valueOf(summary.exempted()));
    }
    count("classes", "checked classes", String.valueOf(summary.classes()));
    count("source-files", "source files", String.valueOf(summary.sourceFiles()));
    count("seconds", "seconds", summary.seconds().toPlainString());
    html.append("</table>\n");
  }

  private void count(String id, String label, String value) {
    html.append("<tr><th>").append(escape(label)).append("</th><td id=\"count-").append(id)
        .append("\">").append(escape(value)).append("</td></tr>\n");
  }

  private void warnings() {
    if (report.warnings().isEmpty()) {
      return;
    }
    html.append("<section id=\"warnings\">\n<h2>Warnings</h2>\n<ul>\n");
    report.warnings().forEach(warning ->
        html.append("<li>").append(escape(warning)).append("</li>\n"));
    html.append("</ul>\n</section>\n");
  }

  /** A section of the violations {@code belongs} accepts, by rule (registry order), then file. */
  private void section(String id, String title, String none,
      Predicate<ReportedViolation> belongs) {
    List<ReportedViolation> members = report.violations().stream().filter(belongs).toList();
    html.append("<section id=\"").append(id).append("\">\n<h2>").append(escape(title))
        .append(" (").append(members.size()).append(")</h2>\n");
    if (members.isEmpty()) {
      html.append("<p class=\"empty\">").append(escape(none)).append("</p>\n");
    }
    for (RuleDescriptor rule : report.rules()) {
      List<ReportedViolation> ofRule = members.stream()
          .filter(violation -> violation.rule().name().equals(rule.name())).toList();
      if (!ofRule.isEmpty()) {
        rule(id, rule, ofRule);
      }
    }
    html.append("</section>\n");
  }

  private void rule(String sectionId, RuleDescriptor rule, List<ReportedViolation> violations) {
    html.append("<section class=\"rule\" id=\"").append(sectionId).append('-')
        .append(escape(rule.name())).append("\">\n<h3>").append(escape(rule.name()))
        .append(" (").append(violations.size()).append(") <a class=\"rule-page\" href=\"")
        .append(escape(rulePage(rule))).append("\">rule page</a></h3>\n")
        .append("<p>").append(escape(rule.summary())).append("</p>\n");
    Map<String, List<ReportedViolation>> byFile = new LinkedHashMap<>();
    violations.forEach(violation -> byFile
        .computeIfAbsent(violation.file().path(), path -> new ArrayList<>())
        .add(violation));
    byFile.forEach((path, inFile) -> {
      html.append("<h4 class=\"file\">").append(escape(path)).append("</h4>\n");
      inFile.forEach(violation -> finding(rule, violation));
    });
    html.append("</section>\n");
  }

  /**
   * The rule's page: at its site when the build names one (or the team's own page), else the
   * page the run wrote in {@code rules/} beside this file.
   */
  private String rulePage(RuleDescriptor rule) {
    return tool.absoluteDocsUrl(rule)
        .orElseGet(() -> rule.documentation().orElse("rules/" + rule.name() + ".md"));
  }

  private void finding(RuleDescriptor rule, ReportedViolation violation) {
    html.append("<article class=\"finding\" data-line=\"").append(violation.line())
        .append("\">\n<p class=\"message\"><span class=\"label\">line ")
        .append(violation.line()).append(":</span> ").append(escape(violation.message()))
        .append("</p>\n");
    source(violation);
    if (!violation.why().isEmpty()) {
      html.append("<p class=\"why\"><span class=\"label\">why:</span> ")
          .append(escape(violation.why())).append("</p>\n");
    }
    if (!violation.related().isEmpty()) {
      html.append("<ul class=\"related\">\n");
      for (ReportedViolation.Place place : violation.related()) {
        html.append("<li><span class=\"label\">also at ").append(escape(place.file().path()))
            .append(':').append(place.line()).append(":</span> ").append(escape(place.message()))
            .append("</li>\n");
      }
      html.append("</ul>\n");
    }
    if (violation.isExempted()) {
      html.append("<p class=\"reason\"><span class=\"label\">exempted because:</span> ")
          .append(escape(violation.exemptionReason())).append("</p>\n");
    }
    html.append("<p class=\"fix\"><span class=\"label\">fix:</span> ")
        .append(escape(rule.fix())).append("</p>\n</article>\n");
  }

  /** The lines around the finding's, its own marked; nothing when the file cannot be read. */
  private void source(ReportedViolation violation) {
    Optional<List<String>> lines = sourceLines(violation.file());
    if (lines.isEmpty() || violation.line() < 1 || violation.line() > lines.get().size()) {
      return;
    }
    int first = Math.max(1, violation.line() - CONTEXT_LINES);
    int last = Math.min(lines.get().size(), violation.line() + CONTEXT_LINES);
    html.append("<pre class=\"source\">");
    for (int number = first; number <= last; number++) {
      String element = number == violation.line() ? "mark" : "span";
      html.append('<').append(element).append(" class=\"line\"><span class=\"number\">")
          .append(number).append("</span> ").append(escape(lines.get().get(number - 1)))
          .append("</").append(element).append('>');
    }
    html.append("</pre>\n");
  }

  private Optional<List<String>> sourceLines(ReportedFile file) {
    Path path = switch (file.anchor()) {
      case BASE_DIRECTORY -> report.baseDirectory().resolve(file.path());
      case ABSOLUTE -> Path.of(file.path());
      case SOURCE_ROOT -> null;
    };
    if (path == null || !Files.isRegularFile(path)) {
      return Optional.empty();
    }
    try {
      return Optional.of(Files.readAllLines(path, StandardCharsets.UTF_8));
    } catch (IOException unreadable) {
      return Optional.empty();
    }
  }

  /** {@code text} with the characters HTML gives a meaning to replaced by references. */
  static String escape(String text) {
    StringBuilder escaped = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '<' -> escaped.append("&lt;");
        case '>' -> escaped.append("&gt;");
        case '&' -> escaped.append("&amp;");
        case '"' -> escaped.append("&quot;");
        case '\'' -> escaped.append("&#39;");
        default -> escaped.append(c);
      }
    }
    return escaped.toString();
  }
}
