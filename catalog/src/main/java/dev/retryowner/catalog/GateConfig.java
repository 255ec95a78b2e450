package dev.retryowner.catalog;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The one configuration model behind every front end: the plugin's {@code <configuration>}, the
 * {@code -XepOpt:RetryOwner:*} flags and the builder ArchUnit users call.
 */
public final class GateConfig {
  private static final Pattern BINARY_TYPE_NAME = Pattern.compile(
      "[\\p{javaJavaIdentifierStart}][\\p{javaJavaIdentifierPart}]*"
          + "(\\.[\\p{javaJavaIdentifierStart}][\\p{javaJavaIdentifierPart}]*)*");

  /**
   * The {@code jobsPackages} value that says no package may retry: for a library, a service that
   * must never retry, or an audit of a dependency. Every retry is then a finding.
   */
  public static final String NO_JOBS_PACKAGES = "none";

  private final List<PackagePattern> jobsPackages;
  private final List<PackagePattern> requestPathPackages;
  private final List<Catalog> teamCatalogs;
  /** The bundled catalog plus the team catalogs, merged at the first {@link #catalog()} call. */
  private volatile Catalog catalog;
  private final List<PackagePattern> jobsApiPackages;
  private final Optional<String> jobsApiAnnotation;
  private final List<PackagePattern> queueEnginePackages;
  private final List<PackagePattern> queueAdapterPackages;
  private final List<PackagePattern> infraPackages;
  private final Set<String> enabledRules;
  private final List<PackagePattern> searchAdapterPackages;
  private final List<String> jvmProperties;
  private final int maxAmplification;

  private GateConfig(Builder builder, List<PackagePattern> jobsPackages,
      List<PackagePattern> requestPathPackages, List<Catalog> teamCatalogs) {
    this.jobsPackages = List.copyOf(jobsPackages);
    this.requestPathPackages = List.copyOf(requestPathPackages);
    this.teamCatalogs = List.copyOf(teamCatalogs);
    this.jobsApiPackages = patterns("jobsApiPackages", builder.jobsApiPackages);
    this.jobsApiAnnotation = Optional.ofNullable(builder.jobsApiAnnotation);
    this.queueEnginePackages = patterns("queueEnginePackages", builder.queueEnginePackages);
    this.queueAdapterPackages = patterns("queueAdapterPackages", builder.queueAdapterPackages);
    this.infraPackages = patterns("infraPackages", builder.infraPackages);
    this.enabledRules = Set.copyOf(builder.enabledRules);
    this.searchAdapterPackages = patterns("searchAdapterPackages", builder.searchAdapterPackages);
    this.jvmProperties = List.copyOf(builder.jvmProperties);
    this.maxAmplification = builder.maxAmplification;
  }

  private GateConfig(GateConfig config, List<Catalog> teamCatalogs) {
    this.jobsPackages = config.jobsPackages;
    this.requestPathPackages = config.requestPathPackages;
    this.teamCatalogs = List.copyOf(teamCatalogs);
    this.jobsApiPackages = config.jobsApiPackages;
    this.jobsApiAnnotation = config.jobsApiAnnotation;
    this.queueEnginePackages = config.queueEnginePackages;
    this.queueAdapterPackages = config.queueAdapterPackages;
    this.infraPackages = config.infraPackages;
    this.enabledRules = config.enabledRules;
    this.searchAdapterPackages = config.searchAdapterPackages;
    this.jvmProperties = config.jvmProperties;
    this.maxAmplification = config.maxAmplification;
  }

  /**
   * This configuration with {@code derived} added to its catalog, after the team's files: entries
   * the gate derives from the checked project itself (retry helpers found on its class path).
   */
  public GateConfig withCatalog(Catalog derived) {
    List<Catalog> catalogs = new ArrayList<>(teamCatalogs);
    catalogs.add(derived);
    return new GateConfig(this, catalogs);
  }

  public static Builder builder() {
    return new Builder();
  }

  /**
   * The packages that own retries; retry helpers are allowed only there. Empty when the setting
   * is {@value #NO_JOBS_PACKAGES}.
   */
  public List<PackagePattern> jobsPackages() {
    return jobsPackages;
  }

  /**
   * The jobs packages as messages name them: {@code [com.acme.jobs]}, or {@code (none: no package
   * may retry)}.
   */
  public String jobsPackagesText() {
    return packagesText(jobsPackages);
  }

  /** Package patterns as messages name them; an empty list is {@value #NO_JOBS_PACKAGES}. */
  static String packagesText(List<PackagePattern> packages) {
    return packages.isEmpty() ? "(" + NO_JOBS_PACKAGES + ": no package may retry)"
        : packages.toString();
  }

  /** True if the class (binary name) lies in one of the jobs packages. */
  public boolean isInJobsPackages(String binaryClassName) {
    return jobsPackages.stream().anyMatch(p -> p.matchesClass(binaryClassName));
  }

  /**
   * Packages whose code a visitor waits on, beyond the classes the catalog's request-path markers
   * find (controllers, JAX-RS resources, servlets). Optional.
   */
  public List<PackagePattern> requestPathPackages() {
    return requestPathPackages;
  }

  /**
   * Where a ForbiddenUse rule's catalog uses are forbidden under this configuration.
   *
   * @throws IllegalArgumentException if the rule is not of the ForbiddenUse shape
   */
  public ForbiddenUseScope forbiddenUseScope(RuleDescriptor rule) {
    ScopeKind kind = rule.forbiddenUseScope().orElseThrow(() -> new IllegalArgumentException(
        rule.name() + " is not a ForbiddenUse rule: its descriptor names no scope"));
    return kind.of(rule.name(), this);
  }

  /**
   * The packages of the jobs layer's public API surface: inside the jobs packages, the only ones
   * code outside them may use (JobsInternalsOutsideJobs).
   */
  public List<PackagePattern> jobsApiPackages() {
    return jobsApiPackages;
  }

  /**
   * The binary name of the annotation that marks a jobs type (and with it its members and nested
   * types) as public API (JobsInternalsOutsideJobs), if configured.
   */
  public Optional<String> jobsApiAnnotation() {
    return jobsApiAnnotation;
  }

  /** The queue engine library's packages, usable only in the queue adapter packages. */
  public List<PackagePattern> queueEnginePackages() {
    return queueEnginePackages;
  }

  /** The packages of the adapter that alone may use the queue engine. */
  public List<PackagePattern> queueAdapterPackages() {
    return queueAdapterPackages;
  }

  /** The packages that own threads and executors; only they may create them (ThreadOutsideInfra). */
  public List<PackagePattern> infraPackages() {
    return infraPackages;
  }

  /** True unless {@code rule} is opt-in and {@code enabledRules} does not name it. */
  public boolean isEnabled(RuleDescriptor rule) {
    return !rule.optIn() || enabledRules.contains(rule.name());
  }

  /** The opt-in rules {@code enabledRules} leaves off, in registry order. */
  public List<RuleDescriptor> disabledOptInRules() {
    return RuleRegistry.optIn().stream().filter(rule -> !isEnabled(rule)).toList();
  }

  /**
   * The packages of the search adapter that alone may construct the Meilisearch client
   * (MeiliClientRetries). Optional: without it every construction is a finding.
   */
  public List<PackagePattern> searchAdapterPackages() {
    return searchAdapterPackages;
  }

  /**
   * The JVM system properties ({@code key=value}) the team declares its application always starts
   * with, e.g. {@code jdk.httpclient.disableRetryConnect=true}; catalog entries that such a
   * property makes moot ({@code @unless-jvm-property}) are skipped.
   */
  public List<String> jvmProperties() {
    return jvmProperties;
  }

  /**
   * How many requests one failure may become on a call path before RetryAmplification reports
   * it: 1 by default (one layer, the job kind's policy, owns the retries); a path that starts at
   * a job handler may also have its kind's attempts.
   */
  public int maxAmplification() {
    return maxAmplification;
  }

  /**
   * Why {@code rule} does not run under this configuration, or empty when it runs. A rule that
   * needs configuration nobody gave is inactive, and every front end says so instead of passing
   * silently.
   */
  public Optional<String> whyInactive(RuleDescriptor rule) {
    return missingSetting(rule).map(missing -> rule.name() + " is inactive: no " + missing.what()
        + " is configured. Set " + missing.settings() + " to " + missing.purpose() + ".");
  }

  /**
   * What to set to run {@code rule}, in a few words ("set jobsApiPackages or
   * jobsApiAnnotation"), or empty when it runs: for one line that lists every rule not running.
   */
  public Optional<String> howToActivate(RuleDescriptor rule) {
    return missingSetting(rule).map(missing -> "set " + missing.shortSettings());
  }

  /** A setting a rule needs and nobody gave. */
  private record MissingSetting(String what, String settings, String shortSettings,
      String purpose) {}

  private Optional<MissingSetting> missingSetting(RuleDescriptor rule) {
    if (rule.name().equals(RuleRegistry.JOBS_INTERNALS_OUTSIDE_JOBS.name())
        && jobsApiPackages.isEmpty()
        && jobsApiAnnotation.isEmpty()) {
      return Optional.of(new MissingSetting("jobs API surface",
          "jobsApiPackages (e.g. com.acme.jobs.api) and/or jobsApiAnnotation (e.g."
              + " com.acme.jobs.JobsApi)", "jobsApiPackages or jobsApiAnnotation",
          "check that code outside the jobs packages uses only that surface"));
    }
    if (rule.name().equals(RuleRegistry.QUEUE_ENGINE_OUTSIDE_ADAPTER.name())
        && queueEnginePackages.isEmpty()) {
      return Optional.of(new MissingSetting("queue engine",
          "queueEnginePackages (e.g. org.quartz) and queueAdapterPackages (e.g."
              + " com.acme.queue.quartz)", "queueEnginePackages and queueAdapterPackages",
          "keep the queue engine behind its adapter"));
    }
    return Optional.empty();
  }

  /**
   * The bundled catalog plus the team's extension files. The team files were read and checked
   * when the configuration was built; the bundled catalog is read only now, so that a run that
   * needs no entry (a reused result) does not pay for it on a cold JVM.
   */
  public Catalog catalog() {
    Catalog merged = catalog;
    if (merged == null) {
      synchronized (this) {
        merged = catalog;
        if (merged == null) {
          merged = Builder.merged(teamCatalogs);
          catalog = merged;
        }
      }
    }
    return merged;
  }

  /**
   * Splits a comma-separated list as written in flags and properties, e.g.
   * {@code com.acme.jobs, com.acme.**.jobs}; blanks are ignored.
   */
  public static List<String> splitList(String commaSeparated) {
    if (commaSeparated == null) {
      return List.of();
    }
    return Arrays.stream(commaSeparated.split(",")).map(String::strip)
        .filter(s -> !s.isEmpty()).toList();
  }

  private static List<PackagePattern> patterns(String setting, List<String> texts) {
    List<PackagePattern> patterns = new ArrayList<>();
    for (String text : texts) {
      try {
        patterns.add(PackagePattern.parse(text));
      } catch (IllegalArgumentException e) {
        throw new GateConfigException(setting + ": " + e.getMessage(), e);
      }
    }
    return List.copyOf(patterns);
  }

  /**
   * Builds a {@link GateConfig}; {@link #build()} rejects a configuration without jobs packages
   * and a queue engine without its adapter (or the reverse).
   */
  public static final class Builder {
    private final List<String> jobsPackages = new ArrayList<>();
    private final List<String> additionalJobsPackages = new ArrayList<>();
    private final List<String> requestPathPackages = new ArrayList<>();
    private final List<Path> catalogFiles = new ArrayList<>();
    private final List<String> jobsApiPackages = new ArrayList<>();
    private String jobsApiAnnotation;
    private final List<String> queueEnginePackages = new ArrayList<>();
    private final List<String> queueAdapterPackages = new ArrayList<>();
    private final List<String> infraPackages = new ArrayList<>();
    private final List<String> enabledRules = new ArrayList<>();
    private final List<String> searchAdapterPackages = new ArrayList<>();
    private final List<String> jvmProperties = new ArrayList<>();
    private int maxAmplification = 1;

    private Builder() {}

    public Builder jobsPackages(String... patterns) {
      return jobsPackages(Arrays.asList(patterns));
    }

    /**
     * The package patterns that own retries, or {@value #NO_JOBS_PACKAGES} alone when no package
     * may retry. Required.
     */
    public Builder jobsPackages(Collection<String> patterns) {
      jobsPackages.addAll(patterns);
      return this;
    }

    /**
     * Packages that own retries on top of {@link #jobsPackages}, also when that is
     * {@value #NO_JOBS_PACKAGES}: e.g. the test fixtures' jobs packages of a test-code gate.
     */
    public Builder additionalJobsPackages(Collection<String> patterns) {
      additionalJobsPackages.addAll(patterns);
      return this;
    }

    public Builder requestPathPackages(String... patterns) {
      return requestPathPackages(Arrays.asList(patterns));
    }

    public Builder requestPathPackages(Collection<String> patterns) {
      requestPathPackages.addAll(patterns);
      return this;
    }

    public Builder jobsApiPackages(String... patterns) {
      return jobsApiPackages(Arrays.asList(patterns));
    }

    /** Packages inside the jobs packages that code outside them may use. */
    public Builder jobsApiPackages(Collection<String> patterns) {
      jobsApiPackages.addAll(patterns);
      return this;
    }

    /** The annotation (binary name) marking jobs types as public API; blank means none. */
    public Builder jobsApiAnnotation(String binaryName) {
      jobsApiAnnotation = binaryName == null || binaryName.isBlank() ? null : binaryName.strip();
      return this;
    }

    public Builder queueEnginePackages(String... patterns) {
      return queueEnginePackages(Arrays.asList(patterns));
    }

    /** The queue engine library's packages; needs {@link #queueAdapterPackages}. */
    public Builder queueEnginePackages(Collection<String> patterns) {
      queueEnginePackages.addAll(patterns);
      return this;
    }

    public Builder queueAdapterPackages(String... patterns) {
      return queueAdapterPackages(Arrays.asList(patterns));
    }

    /** The packages that alone may use the queue engine; needs {@link #queueEnginePackages}. */
    public Builder queueAdapterPackages(Collection<String> patterns) {
      queueAdapterPackages.addAll(patterns);
      return this;
    }

    public Builder infraPackages(String... patterns) {
      return infraPackages(Arrays.asList(patterns));
    }

    /** The packages that own threads and executors (ThreadOutsideInfra). */
    public Builder infraPackages(Collection<String> patterns) {
      infraPackages.addAll(patterns);
      return this;
    }

    public Builder enabledRules(String... ruleNames) {
      return enabledRules(Arrays.asList(ruleNames));
    }

    /** Opt-in rules to run, by name (e.g. ThreadOutsideInfra); they are off otherwise. */
    public Builder enabledRules(Collection<String> ruleNames) {
      enabledRules.addAll(ruleNames);
      return this;
    }

    public Builder searchAdapterPackages(String... patterns) {
      return searchAdapterPackages(Arrays.asList(patterns));
    }

    /** The packages that alone may construct the Meilisearch client. */
    public Builder searchAdapterPackages(Collection<String> patterns) {
      searchAdapterPackages.addAll(patterns);
      return this;
    }

    public Builder jvmProperties(String... properties) {
      return jvmProperties(Arrays.asList(properties));
    }

    /** System properties the application's JVM always starts with, as {@code key=value}. */
    public Builder jvmProperties(Collection<String> properties) {
      for (String property : properties) {
        if (!CatalogParser.JVM_PROPERTY.matcher(property).matches()) {
          throw new GateConfigException("jvmProperties: '" + property + "' is not key=value;"
              + " write the property as the JVM gets it after -D, e.g."
              + " jdk.httpclient.disableRetryConnect=true");
        }
      }
      jvmProperties.addAll(properties);
      return this;
    }

    /**
     * RetryAmplification's threshold: the product of a path's retry layers (beside a job
     * handler's own policy) that it may reach; 1 or more.
     */
    public Builder maxAmplification(int max) {
      if (max < 1) {
        throw new GateConfigException("maxAmplification: " + max + " is below 1; it counts the"
            + " requests one failure may become on a path, so 1 (the default: every layer but the"
            + " job kind's policy sends once) is the strictest value");
      }
      maxAmplification = max;
      return this;
    }

    /** Adds a team catalog file in the bundled format; its entries act like built-in ones. */
    public Builder catalogFile(Path file) {
      catalogFiles.add(file);
      return this;
    }

    /** Adds team catalog files in the bundled format. */
    public Builder catalogFiles(Collection<Path> files) {
      catalogFiles.addAll(files);
      return this;
    }

    public GateConfig build() {
      if (jobsPackages.isEmpty()) {
        throw new GateConfigException("jobsPackages is required: name the package(s) that own"
            + " retries, e.g. com.acme.jobs, or '" + NO_JOBS_PACKAGES + "' if no package may"
            + " retry. A gate without a jobs package cannot tell allowed retries from forbidden"
            + " ones.");
      }
      List<PackagePattern> patterns = new ArrayList<>(jobsPackagePatterns());
      patterns.addAll(patterns("jobsPackages", additionalJobsPackages));
      requireQueueEngineWithAdapter();
      requireOptInRuleNames();
      if (jobsApiAnnotation != null && !BINARY_TYPE_NAME.matcher(jobsApiAnnotation).matches()) {
        throw new GateConfigException("jobsApiAnnotation: '" + jobsApiAnnotation + "' is not a"
            + " type name; write the annotation's binary name, e.g. com.acme.jobs.JobsApi (a"
            + " nested one as com.acme.jobs.Api$Public)");
      }
      return new GateConfig(this, patterns, patterns("requestPathPackages", requestPathPackages),
          teamCatalogs());
    }

    /** The patterns of {@link #jobsPackages}: none for {@value #NO_JOBS_PACKAGES} alone. */
    private List<PackagePattern> jobsPackagePatterns() {
      if (!jobsPackages.contains(NO_JOBS_PACKAGES)) {
        return patterns("jobsPackages", jobsPackages);
      }
      if (jobsPackages.size() > 1) {
        throw new GateConfigException("jobsPackages: '" + NO_JOBS_PACKAGES + "' says that no"
            + " package may retry, so it cannot stand beside the patterns "
            + jobsPackages.stream().filter(p -> !p.equals(NO_JOBS_PACKAGES)).toList()
            + "; keep either '" + NO_JOBS_PACKAGES + "' alone or only the packages that own"
            + " retries");
      }
      return List.of();
    }

    /**
     * The bundled catalog plus the team files added so far, for a front end that needs only the
     * catalog (a rule that applies in every package needs no jobs packages).
     *
     * @throws GateConfigException if a team file is missing or malformed
     */
    public Catalog catalog() {
      return merged(teamCatalogs());
    }

    /** The team files added so far, each read and checked. */
    private List<Catalog> teamCatalogs() {
      List<Catalog> teams = new ArrayList<>();
      for (Path file : catalogFiles) {
        try {
          teams.add(Catalog.load(file));
        } catch (CatalogFormatException e) {
          throw new GateConfigException("catalog file " + e.getMessage(), e);
        }
      }
      return teams;
    }

    private static Catalog merged(List<Catalog> teamCatalogs) {
      Catalog catalog = Catalog.bundled();
      for (Catalog team : teamCatalogs) {
        catalog = catalog.plus(team);
      }
      return catalog;
    }

    private void requireOptInRuleNames() {
      List<RuleDescriptor> optIn = RuleRegistry.optIn();
      Set<String> optInNames = optIn.stream().map(RuleDescriptor::name)
          .collect(Collectors.toSet());
      for (String name : enabledRules) {
        if (!optInNames.contains(name)) {
          throw new GateConfigException("enabledRules: '" + name + "' is not an opt-in rule;"
              + " name one or more of " + optIn.stream().map(RuleDescriptor::name)
              .collect(Collectors.joining(", ")) + " (every other rule always runs)");
        }
      }
      if (enabledRules.contains(RuleRegistry.THREAD_OUTSIDE_INFRA.name())
          && infraPackages.isEmpty()) {
        throw new GateConfigException("infraPackages is required when enabledRules names "
            + RuleRegistry.THREAD_OUTSIDE_INFRA.name() + ": name the package(s) that own threads"
            + " and executors, e.g. com.acme.infra. Without them no class may create a thread.");
      }
    }

    private void requireQueueEngineWithAdapter() {
      if (!queueEnginePackages.isEmpty() && queueAdapterPackages.isEmpty()) {
        throw new GateConfigException("queueEnginePackages " + queueEnginePackages + " is set"
            + " without queueAdapterPackages: name the package(s) of the adapter that alone may"
            + " use the queue engine, e.g. com.acme.queue.adapter, or drop queueEnginePackages.");
      }
      if (queueEnginePackages.isEmpty() && !queueAdapterPackages.isEmpty()) {
        throw new GateConfigException("queueAdapterPackages " + queueAdapterPackages + " is set"
            + " without queueEnginePackages: name the queue engine library's package(s) the"
            + " adapter hides, e.g. org.quartz, or drop queueAdapterPackages.");
      }
    }
  }
}
