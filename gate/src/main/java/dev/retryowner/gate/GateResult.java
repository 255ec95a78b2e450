package dev.retryowner.gate;

import dev.retryowner.catalog.Finding;
import dev.retryowner.gate.amplification.AmplificationMap;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * The outcome of one gate run.
 *
 * @param findings the violations, sorted by file and line, declaration sites pinned to source
 * @param classCount how many class files were checked
 * @param sourceFileCount how many Java source files the source roots hold
 * @param elapsed the wall time of the run
 * @param warnings things the user should know that do not fail the gate
 * @param exempted the findings a {@code @RetryOwnerExempt} covers, sorted like {@code findings};
 *     no failures, but listed in every report
 * @param amplification the retry amplification map, {@link AmplificationMap#NONE} unless
 *     RetryAmplification ran
 */
public record GateResult(List<Finding> findings, int classCount, int sourceFileCount,
    Duration elapsed, List<String> warnings, List<ExemptedFinding> exempted,
    AmplificationMap amplification) {
  public GateResult {
    findings = List.copyOf(findings);
    warnings = List.copyOf(warnings);
    exempted = List.copyOf(exempted);
    Objects.requireNonNull(amplification, "amplification");
  }

  /** The outcome of a run that drew no amplification map. */
  public GateResult(List<Finding> findings, int classCount, int sourceFileCount,
      Duration elapsed, List<String> warnings, List<ExemptedFinding> exempted) {
    this(findings, classCount, sourceFileCount, elapsed, warnings, exempted,
        AmplificationMap.NONE);
  }

  /** The outcome of a run in which no exemption covered a finding. */
  public GateResult(List<Finding> findings, int classCount, int sourceFileCount,
      Duration elapsed, List<String> warnings) {
    this(findings, classCount, sourceFileCount, elapsed, warnings, List.of());
  }

  /** The findings grouped per rule and source line, as the report counts them. */
  public List<Violation> violations() {
    return Violation.of(findings);
  }

  /** The classes that hold at least one finding, by binary name. */
  public Set<String> offendingClasses() {
    Set<String> classes = new TreeSet<>();
    findings.forEach(f -> classes.add(f.className()));
    return classes;
  }
}
