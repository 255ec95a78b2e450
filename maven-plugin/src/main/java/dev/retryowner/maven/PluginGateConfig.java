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
   * The gate configuration for these {@code jobsPackages} and {@code requestPathPackages}
   * values; each value may itself be a comma-separated list, as {@code -Dretryowner.jobsPackages=a,b}
   * arrives.
   */
  static GateConfig from(List<String> jobsPackages, List<String> requestPathPackages)
      throws GateException {
    List<String> patterns = patterns(jobsPackages);
    if (patterns.isEmpty()) {
      throw new GateException("retry-owner: jobsPackages is not set, so the gate cannot tell"
          + " allowed retries from forbidden ones.\n" + HOW_TO_CONFIGURE);
    }
    try {
      return GateConfig.builder().jobsPackages(patterns)
          .requestPathPackages(patterns(requestPathPackages)).build();
    } catch (GateConfigException e) {
      String setting = e.getMessage().substring(0, Math.max(0, e.getMessage().indexOf(':')));
      String element = setting.endsWith("s") ? setting.substring(0, setting.length() - 1) : setting;
      throw new GateException("retry-owner: invalid " + e.getMessage()
          + ". Fix the <" + element + "> value or -Dretryowner." + setting + ".", e);
    }
  }

  private static List<String> patterns(List<String> values) {
    List<String> patterns = new ArrayList<>();
    if (values != null) {
      values.forEach(value -> patterns.addAll(GateConfig.splitList(value)));
    }
    return patterns;
  }
}
