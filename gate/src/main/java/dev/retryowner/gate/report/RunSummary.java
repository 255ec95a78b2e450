package dev.retryowner.gate.report;

import java.math.BigDecimal;

/**
 * The counts of the console's summary line, as both report files carry them.
 *
 * @param violations how many violations were found; with a baseline, how many are new
 * @param classes how many class files were checked
 * @param sourceFiles how many Java source files the source roots hold
 * @param seconds the wall time of the run, to the hundredth
 * @param baselined how many violations the baseline accepts; null (left out) without a baseline
 * @param exempted how many findings exemptions cover; null (left out) when none
 */
public record RunSummary(int violations, int classes, int sourceFiles, BigDecimal seconds,
    Integer baselined, Integer exempted) {
  /** The counts of a run without a baseline. */
  public RunSummary(int violations, int classes, int sourceFiles, BigDecimal seconds) {
    this(violations, classes, sourceFiles, seconds, null);
  }

  /** The counts of a run in which no exemption covered a finding. */
  public RunSummary(int violations, int classes, int sourceFiles, BigDecimal seconds,
      Integer baselined) {
    this(violations, classes, sourceFiles, seconds, baselined, null);
  }
}
