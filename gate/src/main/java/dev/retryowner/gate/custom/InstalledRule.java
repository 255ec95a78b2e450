package dev.retryowner.gate.custom;

import dev.retryowner.archrules.spi.CustomRule;

/**
 * A team's own rule as the plugin found it.
 *
 * @param rule the rule
 * @param provider the binary name of the provider class that contributed it
 * @param origin the jar or directory the provider was loaded from, for messages
 */
public record InstalledRule(CustomRule rule, String provider, String origin) {
  /** {@code NoSystemExit (com.acme.rules.AcmeRules from /m2/.../acme-rules-1.0.jar)}. */
  public String describe() {
    return rule.name() + " (" + source() + ")";
  }

  /** {@code com.acme.rules.AcmeRules from /m2/.../acme-rules-1.0.jar}. */
  String source() {
    return provider + " from " + origin;
  }
}
