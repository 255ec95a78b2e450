package dev.retryowner.gate.baseline;

import dev.retryowner.catalog.Finding;
import dev.retryowner.gate.GateResult;
import dev.retryowner.gate.Violation;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A run's violations judged against the baseline: whether a baseline file was read (without one
 * every violation is new and the reports carry no baseline state), the violations that fail the
 * build, the ones the baseline accepts, and the entries, or parts of their counts, that matched
 * no finding: fixed violations whose entries should go.
 */
public final class BaselineVerdict {
  private final boolean baselineUsed;
  private final List<Violation> newViolations;
  private final List<Violation> baselined;
  private final Set<Violation> baselinedSet;
  private final List<Leftover> leftovers;

  BaselineVerdict(boolean baselineUsed, List<Violation> newViolations, List<Violation> baselined,
      List<Leftover> leftovers) {
    this.baselineUsed = baselineUsed;
    this.newViolations = List.copyOf(newViolations);
    this.baselined = List.copyOf(baselined);
    this.baselinedSet = new HashSet<>(baselined);
    this.leftovers = List.copyOf(leftovers);
  }

  /** The verdict without a baseline: every violation is new. */
  public static BaselineVerdict withoutBaseline(GateResult result) {
    return new BaselineVerdict(false, result.violations(), List.of(), List.of());
  }

  /** Whether a baseline file was read. */
  public boolean baselineUsed() {
    return baselineUsed;
  }

  /** The violations that fail the build, in report order. */
  public List<Violation> newViolations() {
    return newViolations;
  }

  /** The violations the baseline accepts, in report order. */
  public List<Violation> baselined() {
    return baselined;
  }

  /** The entries that matched fewer findings than they accept. */
  public List<Leftover> leftovers() {
    return leftovers;
  }

  /** {@code violation}'s baseline state, when a baseline was read. */
  public Optional<BaselineState> stateOf(Violation violation) {
    if (!baselineUsed) {
      return Optional.empty();
    }
    return Optional.of(baselinedSet.contains(violation) ? BaselineState.UNCHANGED
        : BaselineState.NEW);
  }

  /** {@code result} with only the new violations, as the summary and the failure count them. */
  public GateResult failing(GateResult result) {
    List<Finding> findings = newViolations.stream()
        .flatMap(violation -> violation.findings().stream()).toList();
    return new GateResult(findings, result.classCount(), result.sourceFileCount(),
        result.elapsed(), result.warnings(), result.exempted(), result.amplification());
  }

  /**
   * An entry that matched fewer findings than it accepts.
   *
   * @param entry the entry as the file has it
   * @param unmatched how many of its {@code count} findings are gone
   */
  public record Leftover(BaselineEntry entry, int unmatched) {
    /** The entry and, when only part of its count is gone, the count it should have. */
    public String describe() {
      return entry.describe() + (unmatched < entry.count()
          ? " (count " + entry.count() + ", " + unmatched + " gone: lower the count to "
              + (entry.count() - unmatched) + ")" : "");
    }
  }
}
