package dev.retryowner.gate.report;

import dev.retryowner.catalog.RuleDescriptor;
import dev.retryowner.gate.CodeElement;
import dev.retryowner.gate.baseline.BaselineKey;
import dev.retryowner.gate.baseline.BaselineState;
import java.util.List;

/**
 * One violation as both report files describe it.
 *
 * @param rule the rule it breaks
 * @param message what is wrong; several uses on one line are joined by {@code "; "}
 * @param why why the catalog lists what is used; empty when no catalog entry is involved
 * @param file the source file
 * @param line the 1-based line, or 0 when neither bytecode nor source could tell
 * @param codeElements the code it sits in, the lead element first
 * @param baselineState new or baselined; null when the run read no baseline, or for an exempted
 *     finding
 * @param exemptionReason the reason of the {@code @RetryOwnerExempt} that covers the finding (no
 *     failure); null for a violation
 * @param key what the violation is, not where it sits: its lead finding's baseline key, which
 *     the SARIF fingerprint follows from
 * @param related the other places of the same retry: where it is declared, configured or
 *     switched on
 */
public record ReportedViolation(RuleDescriptor rule, String message, String why,
    ReportedFile file, int line, List<CodeElement> codeElements, BaselineState baselineState,
    String exemptionReason, BaselineKey key, List<Place> related) {
  public ReportedViolation {
    codeElements = List.copyOf(codeElements);
    related = List.copyOf(related);
  }

  /** A violation, not exempted, reported alone. */
  public ReportedViolation(RuleDescriptor rule, String message, String why, ReportedFile file,
      int line, List<CodeElement> codeElements, BaselineState baselineState, BaselineKey key) {
    this(rule, message, why, file, line, codeElements, baselineState, null, key, List.of());
  }

  /** Another place of the violation's retry, as the report files name it. */
  public record Place(ReportedFile file, int line, String message) {}

  /** True if an exemption covers it: listed, but no failure. */
  public boolean isExempted() {
    return exemptionReason != null;
  }
}
