package dev.retryowner.gate.report;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;

/**
 * The part of the SARIF 2.1.0 object model the report writes, each record named after the
 * spec's object and each component after its property; Jackson leaves out null properties.
 */
final class Sarif {
  static final String VERSION = "2.1.0";
  /** The {@code id} of the official schema, which code scanning tools recognise. */
  static final String SCHEMA =
      "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";
  /** The base the result locations are relative to: the project's base directory. */
  static final String SOURCE_ROOT = "%SRCROOT%";

  private Sarif() {}

  record Log(@JsonProperty("$schema") String schema, String version, List<Run> runs) {}

  record Run(Tool tool, RunAutomationDetails automationDetails,
      Map<String, ArtifactLocation> originalUriBaseIds, List<Invocation> invocations,
      List<Result> results, RunProperties properties) {}

  /** Which kind of run this is ({@code retry-owner/main/}, {@code retry-owner/test/}). */
  record RunAutomationDetails(String id) {}

  /** The run's property bag: the counts of the console's summary line. */
  record RunProperties(RunSummary summary) {}

  record Tool(ToolComponent driver) {}

  record ToolComponent(String name, String version, String informationUri,
      List<ReportingDescriptor> rules) {}

  record ReportingDescriptor(String id, String name, Message shortDescription,
      Message fullDescription, MultiformatMessage help, String helpUri,
      ReportingConfiguration defaultConfiguration) {}

  /** A {@code multiformatMessageString}: plain text, and Markdown when there is a page. */
  record MultiformatMessage(String text, String markdown) {}

  record ReportingConfiguration(String level) {}

  /** A {@code message} or {@code multiformatMessageString} with plain text only. */
  record Message(String text) {}

  record Invocation(boolean executionSuccessful, List<Notification> toolExecutionNotifications) {}

  record Notification(String level, Message message) {}

  /**
   * {@code baselineState} is null (left out) when the run read no baseline; {@code suppressions}
   * is null (left out) unless an exemption covers the result; {@code partialFingerprints} lets a
   * code scanning tool match the result across uploads when lines move.
   */
  record Result(String ruleId, int ruleIndex, String level, Message message,
      List<Location> locations, Map<String, String> partialFingerprints, String baselineState,
      List<Suppression> suppressions, List<CodeFlow> codeFlows,
      List<Location> relatedLocations) {}

  /** A path through the code, for a RetryAmplification result: one thread flow. */
  record CodeFlow(Message message, List<ThreadFlow> threadFlows) {}

  record ThreadFlow(List<ThreadFlowLocation> locations) {}

  /** One step: where it is, and what it multiplies ({@code importance} marks the retries). */
  record ThreadFlowLocation(Location location, int nestingLevel, String importance) {}

  /** An exemption in the code: kind {@code inSource}, its reason as the justification. */
  record Suppression(String kind, String justification) {}

  record Location(PhysicalLocation physicalLocation, List<LogicalLocation> logicalLocations,
      Message message) {}

  record PhysicalLocation(ArtifactLocation artifactLocation, Region region) {}

  record ArtifactLocation(String uri, String uriBaseId) {}

  record Region(int startLine) {}

  record LogicalLocation(String name, String fullyQualifiedName, String kind) {}
}
