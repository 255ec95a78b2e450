package dev.retryowner.catalog;

import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A rule's stable identity and its capability row: which engines implement it.
 *
 * @param name the CamelCase name used everywhere (EP check, SARIF ruleId, exemption key, docs)
 * @param summary one sentence on what the rule forbids
 * @param fix what to do about a finding, in one or two sentences
 * @param engines the engines that implement the rule; the parity test holds each to exactly this
 * @param forbiddenUseScope for a rule of the ForbiddenUse shape, where its catalog uses are
 *     forbidden; empty for rules of other shapes
 * @param optIn true for a rule that runs only when the configuration's {@code enabledRules}
 *     names it; false for a rule that always runs
 * @param documentation where a rule documented outside this project (a team's own rule) is
 *     explained, a URL or a path; empty for the built-in rules, documented at {@link #docPath()}
 */
public record RuleDescriptor(String name, String summary, String fix, Set<Engine> engines,
    Optional<ScopeKind> forbiddenUseScope, boolean optIn, Optional<String> documentation) {
  public RuleDescriptor {
    Objects.requireNonNull(forbiddenUseScope, "forbiddenUseScope");
    Objects.requireNonNull(documentation, "documentation");
  }

  /** A built-in rule, documented at {@link #docPath()}. */
  public RuleDescriptor(String name, String summary, String fix, Set<Engine> engines,
      Optional<ScopeKind> forbiddenUseScope, boolean optIn) {
    this(name, summary, fix, engines, forbiddenUseScope, optIn, Optional.empty());
  }

  /**
   * A team's own ArchUnit rule, which always runs where it is installed and is documented at
   * {@code documentation}.
   */
  public static RuleDescriptor teamRule(String name, String summary, String fix,
      String documentation) {
    return new RuleDescriptor(name, summary, fix, Set.of(Engine.ARCHUNIT), Optional.empty(),
        false, Optional.of(documentation));
  }

  /** A rule that always runs, of the ForbiddenUse shape when {@code forbiddenUseScope} is set. */
  public RuleDescriptor(String name, String summary, String fix, Set<Engine> engines,
      Optional<ScopeKind> forbiddenUseScope) {
    this(name, summary, fix, engines, forbiddenUseScope, false);
  }

  /** A rule that is not of the ForbiddenUse shape. */
  public RuleDescriptor(String name, String summary, String fix, Set<Engine> engines) {
    this(name, summary, fix, engines, Optional.empty());
  }

  /** A ForbiddenUse rule whose catalog uses are forbidden in {@code scope}. */
  public RuleDescriptor(String name, String summary, String fix, Set<Engine> engines,
      ScopeKind scope) {
    this(name, summary, fix, engines, Optional.of(scope));
  }

  /** This rule, off unless the configuration's {@code enabledRules} names it. */
  public RuleDescriptor asOptIn() {
    return new RuleDescriptor(name, summary, fix, engines, forbiddenUseScope, true,
        documentation);
  }

  /** Where a built-in rule's documentation lives, relative to the repository root. */
  public String docPath() {
    return "docs/rules/" + name + ".md";
  }

  public boolean isImplementedBy(Engine engine) {
    return engines.contains(engine);
  }
}
