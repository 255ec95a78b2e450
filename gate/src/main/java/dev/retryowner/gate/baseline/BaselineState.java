package dev.retryowner.gate.baseline;

/** A violation compared with the baseline, named as SARIF's {@code result.baselineState}. */
public enum BaselineState {
  /** Not in the baseline: it fails the build. */
  NEW("new", "new"),
  /** In the baseline: reported, does not fail. */
  UNCHANGED("unchanged", "baselined");

  private final String sarifName;
  private final String reportName;

  BaselineState(String sarifName, String reportName) {
    this.sarifName = sarifName;
    this.reportName = reportName;
  }

  /** The value of SARIF's {@code baselineState}. */
  public String sarifName() {
    return sarifName;
  }

  /** The value of the JSON report's {@code status}: {@code new} or {@code baselined}. */
  public String reportName() {
    return reportName;
  }
}
