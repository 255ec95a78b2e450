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
  private final Catalog catalog;

  private GateConfig(List<PackagePattern> jobsPackages, Catalog catalog) {
    this.jobsPackages = List.copyOf(jobsPackages);
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
    private final List<Path> catalogFiles = new ArrayList<>();

    private Builder() {}

    public Builder jobsPackages(String... patterns) {
      return jobsPackages(Arrays.asList(patterns));
    }

    public Builder jobsPackages(Collection<String> patterns) {
      jobsPackages.addAll(patterns);
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
      List<PackagePattern> patterns = new ArrayList<>();
      for (String text : jobsPackages) {
        try {
          patterns.add(PackagePattern.parse(text));
        } catch (IllegalArgumentException e) {
          throw new GateConfigException("jobsPackages: " + e.getMessage(), e);
        }
      }
      Catalog catalog = Catalog.bundled();
      for (Path file : catalogFiles) {
        try {
          catalog = catalog.plus(Catalog.load(file));
        } catch (CatalogFormatException e) {
          throw new GateConfigException("catalog file " + e.getMessage(), e);
        }
      }
      return new GateConfig(patterns, catalog);
    }
  }
}
