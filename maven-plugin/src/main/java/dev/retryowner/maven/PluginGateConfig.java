package dev.retryowner.maven;

import dev.retryowner.catalog.GateConfig;
import dev.retryowner.catalog.GateConfigException;
import java.util.ArrayList;
import java.util.List;

/** Builds the {@link GateConfig} from the plugin's parameters, with errors that spell the fix. */
final class PluginGateConfig {
  static final String HOW_TO_CONFIGURE = """
      Configure the package(s) that own retries on the plugin:
        <configuration>
          <jobsPackages>
            <jobsPackage>com.acme.jobs</jobsPackage>
          </jobsPackages>
        </configuration>
      or on the command line: -Dretryowner.jobsPackages=com.acme.jobs (comma-separated for several; \
      com.acme.**.jobs matches a jobs package at any depth).""";

  private PluginGateConfig() {}

  /**
   * The gate configuration for these {@code jobsPackages} values; each value may itself be a
   * comma-separated list, as {@code -Dretryowner.jobsPackages=a,b} arrives.
   */
  static GateConfig from(List<String> jobsPackages) throws GateException {
    List<String> patterns = new ArrayList<>();
    if (jobsPackages != null) {
      jobsPackages.forEach(value -> patterns.addAll(GateConfig.splitList(value)));
    }
    if (patterns.isEmpty()) {
      throw new GateException("retry-owner: jobsPackages is not set, so the gate cannot tell"
          + " allowed retries from forbidden ones.\n" + HOW_TO_CONFIGURE);
    }
    try {
      return GateConfig.builder().jobsPackages(patterns).build();
    } catch (GateConfigException e) {
      throw new GateException("retry-owner: invalid " + e.getMessage()
          + ". Fix the <jobsPackage> value or -Dretryowner.jobsPackages.", e);
    }
  }
}
