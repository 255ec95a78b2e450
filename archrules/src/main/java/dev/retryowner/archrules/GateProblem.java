package dev.retryowner.archrules;

/**
 * A misconfiguration found while a rule ran (e.g. a jobs package pattern that matched no class).
 * It fails the rule like a violation, and {@link ArchFindings} turns it into an exception.
 *
 * @param message what is wrong and how to fix it
 */
record GateProblem(String message) {
  /** The rule was given no classes: whatever it says would be a silent pass. */
  static GateProblem emptyImport(String rule) {
    return new GateProblem(rule + " checked no classes: the import was empty. Point the import at"
        + " the compiled classes (e.g. target/classes or @AnalyzeClasses(packages = ...)) that"
        + " contain the code to check.");
  }
}
