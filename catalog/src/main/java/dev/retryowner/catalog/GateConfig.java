package dev.retryowner.catalog;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;

/**
 * The one configuration model behind every front end: the plugin's {@code <configuration>}, the
 * {@code -XepOpt:RetryOwner:*} flags and the builder ArchUnit users call.
 */
public final class GateConfig {
  private final List<PackagePattern> jobsPackages;
  private final List<PackagePattern> requestPathPackages;
  private final Catalog catalog;

  private GateConfig(List<PackagePattern> jobsPackages, List<PackagePattern> requestPathPackages,
      Catalog catalog) {
    this.jobsPackages = List.copyOf(jobsPackages);
    this.requestPathPackages = List.copyOf(requestPathPackages);
    this.catalog = catalog;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** The packages that own retries; retry helpers are allowed only there. */
  public List<PackagePattern> jobsPackages() {
    return jobsPackages;
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

  /** The bundled catalog plus the team's extension files. */
  public Catalog catalog() {
    return catalog;
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

  /** Builds a {@link GateConfig}; {@link #build()} rejects a configuration without jobs packages. */
  public static final class Builder {
    private final List<String> jobsPackages = new ArrayList<>();
    private final List<String> requestPathPackages = new ArrayList<>();
    private final List<Path> catalogFiles = new ArrayList<>();

    private Builder() {}

    public Builder jobsPackages(String... patterns) {
      return jobsPackages(Arrays.asList(patterns));
    }

    public Builder jobsPackages(Collection<String> patterns) {
      jobsPackages.addAll(patterns);
      return this;
    }

    public Builder requestPathPackages(String... patterns) {
      return requestPathPackages(Arrays.asList(patterns));
    }

    public Builder requestPathPackages(Collection<String> patterns) {
      requestPathPackages.addAll(patterns);
      return this;
    }

    /** Adds a team catalog file in the bundled format; its entries act like built-in ones. */
    public Builder catalogFile(Path file) {
      catalogFiles.add(file);
      return this;
    }

    public GateConfig build() {
      if (jobsPackages.isEmpty()) {
        throw new GateConfigException("jobsPackages is required: name the package(s) that own"
            + " retries, e.g. com.acme.jobs. A gate without a jobs package cannot tell allowed"
            + " retries from forbidden ones.");
      }
      List<PackagePattern> patterns = patterns("jobsPackages", jobsPackages);
      Catalog catalog = Catalog.bundled();
      for (Path file : catalogFiles) {
        try {
          catalog = catalog.plus(Catalog.load(file));
        } catch (CatalogFormatException e) {
          throw new GateConfigException("catalog file " + e.getMessage(), e);
        }
      }
      return new GateConfig(patterns, patterns("requestPathPackages", requestPathPackages),
          catalog);
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
      return patterns;
    }
  }
}
