package dev.retryowner.errorprone;

import com.google.errorprone.ErrorProneFlags;
import dev.retryowner.catalog.ClientRequirements;
import dev.retryowner.catalog.GateConfig;
import dev.retryowner.catalog.GateConfigException;
import dev.retryowner.catalog.RuleDescriptor;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * Every {@code -XepOpt:RetryOwner:*} flag, read in one place (the way NullAway keeps its keys in
 * one config class), and turned into the one {@link GateConfig} all engines share.
 */
final class RetryOwnerFlags {
  /** Comma-separated package patterns that own retries, e.g. {@code com.acme.jobs}. Required. */
  static final String JOBS_PACKAGES = "RetryOwner:JobsPackages";
  /**
   * Comma-separated package patterns whose code a visitor waits on, beyond the classes the
   * catalog's request-path markers find. Optional.
   */
  static final String REQUEST_PATH_PACKAGES = "RetryOwner:RequestPathPackages";
  /**
   * Comma-separated package patterns that own threads and executors (ThreadOutsideInfra).
   * Required when that rule is enabled.
   */
  static final String INFRA_PACKAGES = "RetryOwner:InfraPackages";
  /**
   * Comma-separated names of the opt-in rules to run, e.g. {@code ThreadOutsideInfra}. Error
   * Prone turns every check of a plugin on, so an opt-in check does nothing unless named here.
   */
  static final String ENABLE_RULES = "RetryOwner:EnableRules";
  /**
   * Comma-separated package patterns of the search adapter, the only code that may construct the
   * Meilisearch client (MeiliClientRetries). Optional: without it every construction is a finding.
   */
  static final String SEARCH_ADAPTER_PACKAGES = "RetryOwner:SearchAdapterPackages";
  /** Comma-separated paths of team catalog files, added to the bundled catalog. Optional. */
  static final String CATALOG_FILES = "RetryOwner:CatalogFiles";
  /**
   * Comma-separated JVM system properties ({@code key=value}) the application always starts
   * with, e.g. {@code jdk.httpclient.disableRetryConnect=true}; catalog entries such a property
   * makes moot are skipped (HttpClientRetries). Optional.
   */
  static final String JVM_PROPERTIES = "RetryOwner:JvmProperties";
  /**
   * Comma-separated names of rules besides retry-owner's own (e.g. teams' custom ArchUnit rules)
   * that {@code @RetryOwnerExempt} may name without an InvalidExemption finding. Optional.
   */
  static final String CUSTOM_RULES = "RetryOwner:CustomRules";

  private static final String EXAMPLE_JOBS_FLAG = "-XepOpt:" + JOBS_PACKAGES + "=com.acme.jobs";

  private RetryOwnerFlags() {}

  /**
   * Reads the gate configuration for the check named {@code rule}, which the error message names;
   * throws {@link IllegalStateException} saying the fix.
   */
  static GateConfig gateConfig(ErrorProneFlags flags, String rule) {
    List<String> jobsPackages = GateConfig.splitList(flags.get(JOBS_PACKAGES).orElse(null));
    if (jobsPackages.isEmpty()) {
      throw new IllegalStateException(missingJobsPackages(rule));
    }
    GateConfig.Builder builder = GateConfig.builder().jobsPackages(jobsPackages)
        .requestPathPackages(GateConfig.splitList(flags.get(REQUEST_PATH_PACKAGES).orElse(null)))
        .infraPackages(GateConfig.splitList(flags.get(INFRA_PACKAGES).orElse(null)))
        .enabledRules(enabledRules(flags))
        .searchAdapterPackages(
            GateConfig.splitList(flags.get(SEARCH_ADAPTER_PACKAGES).orElse(null)));
    try {
      return catalogSettings(flags, builder).build();
    } catch (GateConfigException e) {
      throw invalid(e);
    }
  }

  /**
   * The client requirements of the rule: the catalog and the declared JVM properties are all it
   * needs, so unlike {@link #gateConfig} no jobs packages are required.
   */
  static ClientRequirements clientRequirements(ErrorProneFlags flags, RuleDescriptor rule) {
    try {
      GateConfig.Builder settings = catalogSettings(flags, GateConfig.builder());
      return ClientRequirements.of(rule, settings.catalog(), jvmProperties(flags));
    } catch (GateConfigException e) {
      throw invalid(e);
    }
  }

  /** Adds the team catalog files and the declared JVM properties; the builder checks them. */
  private static GateConfig.Builder catalogSettings(ErrorProneFlags flags,
      GateConfig.Builder builder) {
    for (String file : GateConfig.splitList(flags.get(CATALOG_FILES).orElse(null))) {
      builder.catalogFile(Path.of(file));
    }
    return builder.jvmProperties(jvmProperties(flags));
  }

  private static List<String> jvmProperties(ErrorProneFlags flags) {
    return GateConfig.splitList(flags.get(JVM_PROPERTIES).orElse(null));
  }

  private static IllegalStateException invalid(GateConfigException e) {
    return new IllegalStateException("Invalid retry-owner configuration in -XepOpt:RetryOwner:*"
        + " flags: " + e.getMessage(), e);
  }

  /** True unless {@code rule} is opt-in and {@link #ENABLE_RULES} does not name it. */
  static boolean isEnabled(ErrorProneFlags flags, RuleDescriptor rule) {
    return !rule.optIn() || enabledRules(flags).contains(rule.name());
  }

  /** The rule names {@link #CUSTOM_RULES} adds to the registry's for exemptions. */
  static Set<String> customRules(ErrorProneFlags flags) {
    return Set.copyOf(GateConfig.splitList(flags.get(CUSTOM_RULES).orElse(null)));
  }

  private static List<String> enabledRules(ErrorProneFlags flags) {
    return GateConfig.splitList(flags.get(ENABLE_RULES).orElse(null));
  }

  /**
   * The message for the check named {@code rule} when the jobs packages flag is missing, also
   * for a checker created without flags (ServiceLoader's constructor).
   */
  static String missingJobsPackages(String rule) {
    return rule + " needs the packages that own retries: pass " + EXAMPLE_JOBS_FLAG
        + " (comma-separated package patterns; '*' is one segment, '**' any number) in the same"
        + " javac argument as -Xplugin:ErrorProne, or " + JOBS_PACKAGES + "=none if no package"
        + " may retry. A gate without a jobs package cannot tell allowed retries from forbidden"
        + " ones.";
  }
}
