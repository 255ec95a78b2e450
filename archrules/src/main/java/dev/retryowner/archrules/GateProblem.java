package dev.retryowner.archrules;

/**
 * A misconfiguration found while a rule ran (e.g. a jobs package pattern that matched no class).
 * It fails the rule like a violation, and {@link ArchFindings} turns it into an exception.
 *
 * @param message what is wrong and how to fix it
 */
record GateProblem(String message) {}
