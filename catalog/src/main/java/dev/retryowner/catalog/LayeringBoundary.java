package dev.retryowner.catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BiPredicate;

/**
 * The boundary a Layering rule draws: which classes it checks and which types those classes may
 * not use. The bytecode and the source engines share this one definition; types are binary names
 * ({@code Outer$Inner}).
 *
 * <ul>
 *   <li>{@code JobsInternalsOutsideJobs}: classes outside the jobs packages may not use a type of
 *       the jobs packages unless it is API: it lies in {@code jobsApiPackages}, or it or a type it
 *       is nested in carries {@code jobsApiAnnotation}.
 *   <li>{@code QueueEngineOutsideAdapter}: classes outside {@code queueAdapterPackages} (and
 *       outside the engine itself) may not use a type of {@code queueEnginePackages}.
 * </ul>
 */
public final class LayeringBoundary {
  private final RuleDescriptor rule;
  private final List<PackagePattern> unchecked;
  private final List<PackagePattern> guarded;
  private final List<PackagePattern> apiPackages;
  private final Optional<String> apiAnnotation;
  private final String notAllowed;

  private LayeringBoundary(RuleDescriptor rule, List<PackagePattern> unchecked,
      List<PackagePattern> guarded, List<PackagePattern> apiPackages,
      Optional<String> apiAnnotation, String notAllowed) {
    this.rule = rule;
    this.unchecked = List.copyOf(unchecked);
    this.guarded = List.copyOf(guarded);
    this.apiPackages = apiPackages;
    this.apiAnnotation = apiAnnotation;
    this.notAllowed = notAllowed;
  }

  /** True if the rule has the Layering shape, so {@link #of} gives its boundary. */
  public static boolean isLayering(RuleDescriptor rule) {
    return rule.equals(RuleRegistry.JOBS_INTERNALS_OUTSIDE_JOBS)
        || rule.equals(RuleRegistry.QUEUE_ENGINE_OUTSIDE_ADAPTER);
  }

  /**
   * The boundary of a Layering rule under {@code config}.
   *
   * @throws GateConfigException if the rule is inactive under {@code config} (the message says
   *     what to configure), or is not a Layering rule
   */
  public static LayeringBoundary of(RuleDescriptor rule, GateConfig config) {
    Optional<String> inactive = config.whyInactive(rule);
    if (inactive.isPresent()) {
      throw new GateConfigException(inactive.get());
    }
    if (rule.equals(RuleRegistry.JOBS_INTERNALS_OUTSIDE_JOBS)) {
      return new LayeringBoundary(rule, config.jobsPackages(), config.jobsPackages(),
          config.jobsApiPackages(), config.jobsApiAnnotation(),
          "which is not part of the jobs API (" + apiSurface(config) + ")");
    }
    if (rule.equals(RuleRegistry.QUEUE_ENGINE_OUTSIDE_ADAPTER)) {
      List<PackagePattern> unchecked = new ArrayList<>(config.queueAdapterPackages());
      unchecked.addAll(config.queueEnginePackages());
      return new LayeringBoundary(rule, unchecked, config.queueEnginePackages(), List.of(),
          Optional.empty(), "which belongs to the queue engine (queueEnginePackages "
              + config.queueEnginePackages() + ") that only its adapter (queueAdapterPackages "
              + config.queueAdapterPackages() + ") may use");
    }
    throw new GateConfigException(rule.name() + " is not a Layering rule");
  }

  /**
   * The configured jobs API surface as a reader sees it, e.g. {@code jobsApiPackages
   * [com.acme.jobs.api], jobsApiAnnotation @com.acme.jobs.JobsApi}.
   */
  public static String apiSurface(GateConfig config) {
    List<String> surface = new ArrayList<>();
    if (!config.jobsApiPackages().isEmpty()) {
      surface.add("jobsApiPackages " + config.jobsApiPackages());
    }
    config.jobsApiAnnotation().ifPresent(a -> surface.add("jobsApiAnnotation @" + a));
    return String.join(", ", surface);
  }

  public RuleDescriptor rule() {
    return rule;
  }

  /** True if the rule checks the class (binary name), e.g. it lies outside the jobs packages. */
  public boolean checks(String className) {
    return unchecked.stream().noneMatch(p -> p.matchesClass(className));
  }

  /** True if the class (binary name) lies in the packages whose use the rule restricts. */
  public boolean guards(String className) {
    return guarded.stream().anyMatch(p -> p.matchesClass(className));
  }

  /** True if the rule checks the classes of this package. */
  public boolean checksPackage(String packageName) {
    return unchecked.stream().noneMatch(p -> p.matchesPackage(packageName));
  }

  /**
   * True if a checked class may not use {@code typeName}.
   *
   * @param isAnnotatedWith answers whether a type (binary name) carries an annotation (binary
   *     name); asked for {@code typeName} and the types it is nested in
   */
  public boolean forbids(String typeName, BiPredicate<String, String> isAnnotatedWith) {
    if (guarded.stream().noneMatch(p -> p.matchesClass(typeName))
        || apiPackages.stream().anyMatch(p -> p.matchesClass(typeName))) {
      return false;
    }
    if (apiAnnotation.isEmpty()) {
      return true;
    }
    String name = typeName;
    while (true) {
      if (isAnnotatedWith.test(name, apiAnnotation.get())) {
        return false;
      }
      int nesting = name.lastIndexOf('$');
      if (nesting <= name.lastIndexOf('.') + 1) {
        return true;
      }
      name = name.substring(0, nesting);
    }
  }

  /**
   * What a use of a forbidden type breaks, completing "uses X, ...", e.g. "which is not part of
   * the jobs API (jobsApiPackages [com.acme.jobs.api])".
   */
  public String notAllowed() {
    return notAllowed;
  }
}
