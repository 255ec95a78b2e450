package dev.retryowner.maven.reactor;

import java.util.ArrayList;
import java.util.List;

/** The console lines of a reactor build's gate: the deferral notice and the aggregate summary. */
public final class ReactorSummary {
  private static final String INDENT = "    ";

  private ReactorSummary() {}

  /** What a failing module says when the build fails only after the last module's check. */
  public static String deferredLine(String module, int pending) {
    return "retry-owner: " + module + " is failing; the build fails after the last module's"
        + " check (" + checks(pending) + " still to run). Set deferReactorFailure to false"
        + " (-Dretryowner.deferReactorFailure=false) to fail at once.";
  }

  /** The heading, one line per module check, and the line naming the failing ones. */
  public static List<String> lines(List<ModuleOutcome> outcomes) {
    List<String> lines = new ArrayList<>();
    lines.add("retry-owner: reactor summary, " + checks(outcomes.size()) + ":");
    outcomes.forEach(outcome -> lines.add(INDENT + outcome.module() + ": "
        + outcome.verdict().label() + ", " + outcome.summary()));
    List<String> failing = failingModules(outcomes);
    lines.add(failing.isEmpty() ? "retry-owner: every module check passes"
        : "retry-owner: " + failing.size() + " of " + checks(outcomes.size()) + " fail: "
            + String.join(", ", failing));
    return lines;
  }

  /** Whether any module check fails. */
  public static boolean anyFails(List<ModuleOutcome> outcomes) {
    return !failingModules(outcomes).isEmpty();
  }

  /** The one-line reason the reactor build fails, naming every failing module. */
  public static String failureMessage(List<ModuleOutcome> outcomes) {
    List<String> failing = failingModules(outcomes);
    return "retry-owner: the gate fails in " + failing.size() + " of "
        + checks(outcomes.size()) + ": " + String.join(", ", failing)
        + "; see each module's report and the reactor summary above";
  }

  private static List<String> failingModules(List<ModuleOutcome> outcomes) {
    return outcomes.stream().filter(outcome -> outcome.verdict().fails())
        .map(ModuleOutcome::module).toList();
  }

  private static String checks(int count) {
    return count + (count == 1 ? " module check" : " module checks");
  }
}
