package dev.retryowner.gate.report;

import dev.retryowner.catalog.RuleDescriptor;
import dev.retryowner.gate.CodeElement;
import dev.retryowner.gate.baseline.BaselineKey;
import dev.retryowner.gate.baseline.BaselineState;
import dev.retryowner.gate.report.Sarif.ArtifactLocation;
import dev.retryowner.gate.report.Sarif.CodeFlow;
import dev.retryowner.gate.report.Sarif.Invocation;
import dev.retryowner.gate.report.Sarif.Location;
import dev.retryowner.gate.report.Sarif.LogicalLocation;
import dev.retryowner.gate.report.Sarif.Message;
import dev.retryowner.gate.report.Sarif.Notification;
import dev.retryowner.gate.report.Sarif.PhysicalLocation;
import dev.retryowner.gate.report.Sarif.Region;
import dev.retryowner.gate.report.Sarif.ReportingConfiguration;
import dev.retryowner.gate.report.Sarif.ReportingDescriptor;
import dev.retryowner.gate.report.Sarif.Result;
import dev.retryowner.gate.report.Sarif.MultiformatMessage;
import dev.retryowner.gate.report.Sarif.Run;
import dev.retryowner.gate.report.Sarif.RunAutomationDetails;
import dev.retryowner.gate.report.Sarif.RunProperties;
import dev.retryowner.gate.report.Sarif.Suppression;
import dev.retryowner.gate.report.Sarif.ThreadFlow;
import dev.retryowner.gate.report.Sarif.ThreadFlowLocation;
import dev.retryowner.gate.report.Sarif.Tool;
import dev.retryowner.gate.report.Sarif.ToolComponent;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The SARIF 2.1.0 report, {@code retry-owner.sarif}, for code scanning tools (GitHub, GitLab,
 * IDE viewers): one run whose driver lists the rules that ran, one result per violation at its
 * file (relative to {@code %SRCROOT%}, the project's base directory) and line, with the class
 * and member as logical locations. With a baseline, each result has its {@code baselineState}:
 * {@code unchanged} for a baselined violation, {@code new} for the others. A finding a {@code
 * @RetryOwnerExempt} covers is a suppressed result: {@code suppressions} holds one of kind
 * {@code inSource} whose justification is the exemption's reason.
 */
public final class SarifReport {
  private static final String ERROR = "error";
  /** The level of a baselined violation: known, and failing nothing. */
  private static final String NOTE = "note";
  /** The key of the result fingerprint, versioned so a new recipe never matches an old one. */
  static final String FINGERPRINT = "retryOwner/v1";
  private static final int FINGERPRINT_HEX_DIGITS = 32;
  /** SARIF's suppression kind for one stated in the code, as {@code @RetryOwnerExempt} is. */
  private static final String IN_SOURCE = "inSource";

  private SarifReport() {}

  /** The report as SARIF text. */
  public static String toJson(GateReport report) {
    return ReportJson.toJson(log(report));
  }

  /** Writes the report to {@code file}. */
  public static void write(GateReport report, Path file) throws IOException {
    ReportJson.write(log(report), file);
  }

  private static Sarif.Log log(GateReport report) {
    ToolInfo tool = report.tool();
    List<ReportingDescriptor> rules = report.rules().stream()
        .map(rule -> descriptor(rule, tool)).toList();
    ToolComponent driver = new ToolComponent(ToolInfo.NAME, tool.version(),
        tool.informationUri().orElse(null),
        rules);
    List<Notification> notifications = report.warnings().stream()
        .map(warning -> new Notification("warning", new Message(warning))).toList();
    Invocation invocation = new Invocation(true,
        notifications.isEmpty() ? null : notifications);
    Map<String, Integer> occurrences = new HashMap<>();
    List<Result> results = report.violations().stream()
        .map(violation -> result(violation, report, occurrences)).toList();
    Run run = new Run(new Tool(driver),
        new RunAutomationDetails(ToolInfo.NAME + "/" + report.category() + "/"),
        Map.of(Sarif.SOURCE_ROOT, new ArtifactLocation(directoryUri(report.baseDirectory()), null)),
        List.of(invocation), results, new RunProperties(report.summary()));
    return new Sarif.Log(Sarif.SCHEMA, Sarif.VERSION, List.of(run));
  }

  private static ReportingDescriptor descriptor(RuleDescriptor rule, ToolInfo tool) {
    return new ReportingDescriptor(rule.name(), rule.name(), new Message(rule.summary()),
        new Message(rule.fix()), new MultiformatMessage(
            rule.fix() + " See " + tool.docsUrl(rule) + ".", RulePages.markdown(rule).orElse(null)),
        tool.absoluteDocsUrl(rule).orElse(null),
        new ReportingConfiguration(ERROR));
  }

  private static Result result(ReportedViolation violation, GateReport report,
      Map<String, Integer> occurrences) {
    List<RuleDescriptor> rules = report.rules();
    String text = violation.why().isEmpty() ? violation.message()
        : violation.message() + ". Why: " + violation.why();
    Region region = violation.line() > 0 ? new Region(violation.line()) : null;
    Location location = new Location(new PhysicalLocation(artifact(violation.file()), region),
        violation.codeElements().stream().map(SarifReport::logicalLocation).toList(), null);
    List<CodeFlow> codeFlows = report.pathsOf(violation).stream().map(SarifReport::codeFlow)
        .toList();
    boolean baselined = violation.baselineState() == BaselineState.UNCHANGED;
    return new Result(violation.rule().name(), rules.indexOf(violation.rule()),
        baselined ? NOTE : ERROR, new Message(text), List.of(location),
        Map.of(FINGERPRINT, fingerprint(violation, occurrences)),
        violation.baselineState() == null ? null : violation.baselineState().sarifName(),
        violation.isExempted()
            ? List.of(new Suppression(IN_SOURCE, violation.exemptionReason())) : null,
        codeFlows.isEmpty() ? null : codeFlows, relatedLocations(violation));
  }

  /**
   * The other places of the result's retry (declared, configured, switched on), each a
   * location with its message; null (left out) when there is none.
   */
  private static List<Location> relatedLocations(ReportedViolation violation) {
    return violation.related().isEmpty() ? null : violation.related().stream()
        .map(place -> new Location(new PhysicalLocation(artifact(place.file()),
            place.line() > 0 ? new Region(place.line()) : null), null,
            new Message(place.message()))).toList();
  }

  /**
   * An amplification path as a code flow: each step a location with its attempts and what it
   * does; the steps that retry are "important", the others "essential".
   */
  private static CodeFlow codeFlow(ReportedPath path) {
    List<ThreadFlowLocation> steps = path.hops().stream().map(hop -> new ThreadFlowLocation(
        new Location(new PhysicalLocation(artifact(hop.file()),
            hop.line() > 0 ? new Region(hop.line()) : null), null,
            new Message("×" + hop.attempts() + " " + hop.method() + ": " + hop.what())), 0,
        hop.attempts().equals("1") ? "essential" : "important")).toList();
    return new CodeFlow(new Message(path.requests() + " requests on one failure ("
        + path.factors() + ")"), List.of(new ThreadFlow(steps)));
  }

  /**
   * A hash of what the violation is, not where it sits: its baseline key (rule, class, member,
   * message without lines or names of locals), and whether an exemption covers it; ":n" counts
   * the same violation again in one run.
   */
  static String fingerprint(ReportedViolation violation,
      Map<String, Integer> occurrences) {
    BaselineKey key = violation.key();
    String hash = BaselineKey.sha256Hex(String.join("\n", key.rule(), key.className(),
        key.member(), key.fingerprint(), violation.isExempted() ? "exempted" : ""))
        .substring(0, FINGERPRINT_HEX_DIGITS);
    return hash + ":" + occurrences.merge(hash, 1, Integer::sum);
  }

  private static ArtifactLocation artifact(ReportedFile file) {
    return switch (file.anchor()) {
      case BASE_DIRECTORY -> new ArtifactLocation(relativeUri(file.path()), Sarif.SOURCE_ROOT);
      case ABSOLUTE -> new ArtifactLocation(Path.of(file.path()).toUri().toString(), null);
      case SOURCE_ROOT -> new ArtifactLocation(relativeUri(file.path()), null);
    };
  }

  /** SARIF kinds: a method or constructor is a "function", a field a "member". */
  private static LogicalLocation logicalLocation(CodeElement element) {
    if (element.member().isEmpty()) {
      String className = element.className();
      return new LogicalLocation(className.substring(className.lastIndexOf('.') + 1), className,
          "type");
    }
    return new LogicalLocation(element.member(), element.qualifiedName(),
        element.member().contains("(") ? "function" : "member");
  }

  /** A relative path as a URI reference: forward slashes, special characters escaped. */
  private static String relativeUri(String path) {
    try {
      return new URI(null, null, path, null).getRawPath();
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException("not a relative path: " + path, e);
    }
  }

  /** SARIF wants a base URI to end with a slash, whether or not the directory exists. */
  private static String directoryUri(Path directory) {
    String uri = directory.toUri().toString();
    return uri.endsWith("/") ? uri : uri + "/";
  }
}
