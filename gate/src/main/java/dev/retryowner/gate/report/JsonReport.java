package dev.retryowner.gate.report;

import dev.retryowner.catalog.RuleDescriptor;
import dev.retryowner.gate.CodeElement;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The JSON report, {@code retry-owner.json}: the SARIF report's content in a plain structure for
 * scripts and dashboards.
 *
 * <pre>
 * {
 *   "tool": "retry-owner", "version": "...",
 *   "summary": {"violations": 1, "classes": 12, "sourceFiles": 9, "seconds": 1.23},
 *   "rules": [{"name", "summary", "fix", "docs"}],
 *   "violations": [{"rule", "message", "why", "fix", "file", "line", "className", "member", "docs",
 *     "status", "suppressions": [{"kind": "inSource", "justification"}],
 *     "related": [{"file", "line", "message"}]}],
 *   "warnings": ["..."],
 *   "amplification": [{"requests": "27", "factors": "3 × 3 × 3", "aboveMax": true,
 *     "entryPoint", "hops": [{"file", "line", "method", "attempts", "jobPolicy", "what"}]}]
 * }
 * </pre>
 *
 * <p>{@code file} is relative to the project's base directory when the file lies under it, else
 * absolute, else (no source root holds it) relative to its source root; {@code line} 0 means
 * unknown; {@code member} is empty for the class itself; {@code why} is empty when no catalog
 * entry is involved. With a baseline, {@code summary.baselined} counts the baselined violations,
 * {@code summary.violations} the new ones, and each entry's {@code status} is {@code new} or
 * {@code baselined}; without one both are left out. A finding a {@code @RetryOwnerExempt} covers
 * is listed after the violations with {@code suppressions} holding the exemption's reason, as in
 * SARIF, and counted in {@code summary.exempted}; both are left out when there is none.
 * {@code related} lists the other places of the same retry (where it is declared, configured or
 * switched on; one retry is one finding), left out when there is none.
 * {@code amplification} lists the retry amplification map's paths, worst first (the worst path
 * of each entry point that reaches an outgoing request), with {@code attempts} a number or
 * {@code ?}; it is left out unless RetryAmplification ran.
 */
public final class JsonReport {
  private JsonReport() {}

  /** The report as JSON text. */
  public static String toJson(GateReport report) {
    return ReportJson.toJson(document(report));
  }

  /** Writes the report to {@code file}. */
  public static void write(GateReport report, Path file) throws IOException {
    ReportJson.write(document(report), file);
  }

  private static Document document(GateReport report) {
    ToolInfo tool = report.tool();
    return new Document(ToolInfo.NAME, tool.version(), report.summary(),
        report.rules().stream().map(rule -> new Rule(rule.name(), rule.summary(), rule.fix(),
            tool.docsUrl(rule))).toList(),
        report.violations().stream().map(violation -> entry(violation, tool)).toList(),
        report.warnings(), report.amplification() == null ? null
            : report.amplification().stream().map(JsonReport::path).toList());
  }

  private static PathEntry path(ReportedPath path) {
    return new PathEntry(path.requests(), path.factors(), path.aboveMax(), path.entryPoint(),
        path.hops().stream().map(hop -> new HopEntry(hop.file().path(), hop.line(), hop.method(),
            hop.attempts(), hop.jobPolicy(), hop.what())).toList());
  }

  private static Entry entry(ReportedViolation violation, ToolInfo tool) {
    RuleDescriptor rule = violation.rule();
    CodeElement lead = violation.codeElements().get(0);
    return new Entry(rule.name(), violation.message(), violation.why(), rule.fix(),
        violation.file().path(), violation.line(), lead.className(), lead.member(),
        tool.docsUrl(rule),
        violation.baselineState() == null ? null : violation.baselineState().reportName(),
        violation.isExempted() ? List.of(new Suppression("inSource", violation.exemptionReason()))
            : null, violation.related().isEmpty() ? null : violation.related().stream()
            .map(place -> new Place(place.file().path(), place.line(), place.message())).toList());
  }

  record Document(String tool, String version, RunSummary summary, List<Rule> rules,
      List<Entry> violations, List<String> warnings, List<PathEntry> amplification) {}

  /** A path of the amplification map. */
  record PathEntry(String requests, String factors, boolean aboveMax, String entryPoint,
      List<HopEntry> hops) {}

  record HopEntry(String file, int line, String method, String attempts, boolean jobPolicy,
      String what) {}

  record Rule(String name, String summary, String fix, String docs) {}

  record Entry(String rule, String message, String why, String fix, String file, int line,
      String className, String member, String docs, String status,
      List<Suppression> suppressions, List<Place> related) {}

  /** Another place of the same retry. */
  record Place(String file, int line, String message) {}

  /** As in SARIF: kind {@code inSource}, the exemption's reason as the justification. */
  record Suppression(String kind, String justification) {}
}
