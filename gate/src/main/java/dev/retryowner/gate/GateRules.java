package dev.retryowner.gate;

import dev.retryowner.catalog.Engine;
import dev.retryowner.catalog.GateConfig;
import dev.retryowner.catalog.RuleDescriptor;
import dev.retryowner.catalog.RuleRegistry;
import java.util.List;

/**
 * The rules a gate run evaluates: those the gate's engines (ArchUnit, source, call graph)
 * implement and the config turns on.
 */
public final class GateRules {
  private GateRules() {}

  /**
   * The rules with an ArchUnit, source or call-graph implementation that {@code config} leaves
   * enabled and active, in registry order.
   */
  public static List<RuleDescriptor> activeIn(GateConfig config) {
    return RuleRegistry.all().stream()
        .filter(rule -> rule.isImplementedBy(Engine.ARCHUNIT)
            || rule.isImplementedBy(Engine.SOURCE) || rule.isImplementedBy(Engine.CALL_GRAPH))
        .filter(config::isEnabled)
        .filter(rule -> config.whyInactive(rule).isEmpty())
        .toList();
  }
}
