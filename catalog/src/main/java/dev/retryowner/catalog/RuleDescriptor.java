package dev.retryowner.catalog;

import java.util.Set;

/**
 * A rule's stable identity and its capability row: which engines implement it.
 *
 * @param name the CamelCase name used everywhere (EP check, SARIF ruleId, exemption key, docs)
 * @param summary one sentence on what the rule forbids
 * @param fix what to do about a finding, in one or two sentences
 * @param engines the engines that implement the rule; the parity test holds each to exactly this
 */
public record RuleDescriptor(String name, String summary, String fix, Set<Engine> engines) {
  /** Where the rule's documentation lives, relative to the repository root. */
  public String docPath() {
    return "docs/rules/" + name + ".md";
  }

  public boolean isImplementedBy(Engine engine) {
    return engines.contains(engine);
  }
}
