package dev.retryowner.archrules.spi;

import dev.retryowner.catalog.GateConfig;
import java.util.List;

/**
 * A team's own ArchUnit rules, run by the retry-owner Maven plugin beside the built-in ones and
 * reported, baselined and exempted like them.
 *
 * <p>The plugin finds implementations with {@link java.util.ServiceLoader} among its own
 * dependencies: put the implementation in a jar with a {@code
 * META-INF/services/dev.retryowner.archrules.spi.RetryOwnerRuleProvider} file naming it, and
 * add that jar as a {@code <dependency>} of the plugin in the project's POM. An implementation
 * needs a public no-argument constructor.
 */
public interface RetryOwnerRuleProvider {
  /**
   * The rules to run on the project's classes.
   *
   * @param config the gate's configuration, e.g. its jobs packages, for rules that depend on it
   */
  List<CustomRule> rules(GateConfig config);
}
