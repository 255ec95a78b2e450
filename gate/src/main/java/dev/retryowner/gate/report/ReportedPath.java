package dev.retryowner.gate.report;

import java.util.List;

/**
 * A path of the retry amplification map as the reports show it.
 *
 * @param requests how many requests one failure can become on it: {@code 27}, {@code ≥ 3 × ?}
 * @param factors the attempts of its retry layers: {@code 3 × 3 × 3}
 * @param aboveMax true if RetryAmplification reports it
 * @param entryPoint why the path starts where it does
 * @param hops its steps, from the entry point to the request
 */
public record ReportedPath(String requests, String factors, boolean aboveMax, String entryPoint,
    List<Hop> hops) {
  public ReportedPath {
    hops = List.copyOf(hops);
  }

  /**
   * One step.
   *
   * @param file the source file of the code taking it
   * @param line its line, 0 when unknown
   * @param method the method taking it, as a reader names it
   * @param attempts how many times one pass runs what follows: a number or {@code ?}
   * @param jobPolicy true for a job kind's policy, the layer that owns the retries
   * @param what what the step does and where its count comes from
   */
  public record Hop(ReportedFile file, int line, String method, String attempts,
      boolean jobPolicy, String what) {}

  /** The step that starts the path; a RetryAmplification violation stands at its line. */
  public Hop entry() {
    return hops.get(0);
  }
}
