package dev.retryowner.maven;

import dev.retryowner.gate.FrontEnd;
import dev.retryowner.gate.GateException;
import dev.retryowner.gate.GateOption;
import dev.retryowner.catalog.GateConfig;
import dev.retryowner.catalog.GateConfigException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.Optional;

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
      com.acme.**.jobs matches a jobs package at any depth). A library, a service that must never \
      retry, or an audit of a dependency sets <jobsPackage>none</jobsPackage> \
      (-Dretryowner.jobsPackages=none): no package may retry, every retry is a finding.""";

  private PluginGateConfig() {}

  /**
   * The gate configuration for these {@code jobsPackages} values (each may itself be a
   * comma-separated list, see {@link #values}) and the other settings that {@code otherSettings}
   * puts on the builder.
   */
  static GateConfig from(List<String> jobsPackages, Consumer<GateConfig.Builder> otherSettings)
      throws GateException {
    List<String> patterns = values(jobsPackages);
    if (patterns.isEmpty()) {
      throw new GateException("retry-owner: jobsPackages is not set, so the gate cannot tell"
          + " allowed retries from forbidden ones.\n" + HOW_TO_CONFIGURE);
    }
    try {
      GateConfig.Builder builder = GateConfig.builder().jobsPackages(patterns);
      otherSettings.accept(builder);
      return builder.build();
    } catch (GateConfigException e) {
      Optional<GateOption> option = GateOption.forSetting(e.getMessage());
      if (option.isEmpty()) {
        throw new GateException("retry-owner: " + e.getMessage(), e);
      }
      String setting = option.get().parameter();
      String problem = setting + e.getMessage().substring(e.getMessage().indexOf(':'));
      throw new GateException("retry-owner: invalid " + problem + ". Fix "
          + FrontEnd.MAVEN.whereSet(option.get()) + ".", e);
    }
  }

  /**
   * The values of a list parameter: each entry may itself be a comma-separated list, as
   * {@code -Dretryowner.name=a,b} arrives; null (not configured) is empty.
   */
  static List<String> values(List<String> parameter) {
    List<String> values = new ArrayList<>();
    if (parameter != null) {
      parameter.forEach(value -> values.addAll(GateConfig.splitList(value)));
    }
    return values;
  }
}
