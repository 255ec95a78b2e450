package dev.retryowner.archrules;

import com.tngtech.archunit.core.domain.JavaClass;
import dev.retryowner.catalog.GateConfig;
import dev.retryowner.catalog.PackagePattern;
import dev.retryowner.catalog.RuleDescriptor;
import dev.retryowner.catalog.RuleRegistry;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.Predicate;

/**
 * The Layering settings checked against the imported classes: a setting that names nothing the
 * code has is a typo or a stale name, and would make the rule flag everything or nothing.
 */
final class LayeringSettings {
  private LayeringSettings() {}

  /** Each jobs API package must hold a jobs class; the API annotation must mark one. */
  static List<GateProblem> jobsApiProblems(GateConfig config, Collection<JavaClass> classes) {
    RuleDescriptor rule = RuleRegistry.JOBS_INTERNALS_OUTSIDE_JOBS;
    List<JavaClass> jobsClasses = classes.stream()
        .filter(c -> config.isInJobsPackages(c.getName())).toList();
    String seen = " of the " + jobsClasses.size() + " imported classes in the jobs packages "
        + config.jobsPackagesText();
    List<GateProblem> problems = new ArrayList<>();
    for (PackagePattern pattern : config.jobsApiPackages()) {
      if (jobsClasses.stream().noneMatch(c -> pattern.matchesClass(c.getName()))) {
        problems.add(new GateProblem(rule.name() + ": jobs API package pattern '" + pattern
            + "' matches none" + seen + ", so it opens nothing. Fix jobsApiPackages to name the"
            + " package(s) of the jobs layer's public API inside the jobs packages (e.g."
            + " com.acme.jobs.api), or import the classes of that package too."));
      }
    }
    config.jobsApiAnnotation().ifPresent(annotation -> {
      if (jobsClasses.stream().noneMatch(c -> c.isAnnotatedWith(annotation))) {
        problems.add(new GateProblem(rule.name() + ": jobsApiAnnotation @" + annotation
            + " is on none" + seen + ", so it opens nothing. Fix jobsApiAnnotation to the binary"
            + " name of the annotation on the API types (it needs CLASS or RUNTIME retention:"
            + " bytecode keeps no SOURCE annotation), or drop it."));
      }
    });
    return problems;
  }

  /**
   * Each adapter package must hold a class; each engine package must hold a class the code has
   * or uses (the engine is usually a library that is not imported).
   */
  static List<GateProblem> queueProblems(GateConfig config, Collection<JavaClass> classes) {
    RuleDescriptor rule = RuleRegistry.QUEUE_ENGINE_OUTSIDE_ADAPTER;
    List<GateProblem> problems = new ArrayList<>();
    for (PackagePattern pattern : config.queueAdapterPackages()) {
      if (classes.stream().noneMatch(c -> pattern.matchesClass(c.getName()))) {
        problems.add(new GateProblem(rule.name() + ": queue adapter package pattern '" + pattern
            + "' matches none of the " + classes.size() + " imported classes. Fix"
            + " queueAdapterPackages to name the package of the adapter that uses the queue"
            + " engine (e.g. com.acme.queue.quartz), or import its classes too."));
      }
    }
    for (PackagePattern pattern : config.queueEnginePackages()) {
      if (!hasOrUses(classes, c -> pattern.matchesClass(c.getName()))) {
        problems.add(new GateProblem(rule.name() + ": queue engine package pattern '" + pattern
            + "' matches no class that the " + classes.size() + " imported classes hold or use."
            + " Fix queueEnginePackages to name the queue engine library's package(s) (e.g."
            + " org.quartz), or drop queueEnginePackages and queueAdapterPackages if the code"
            + " uses no queue engine."));
      }
    }
    return problems;
  }

  private static boolean hasOrUses(Collection<JavaClass> classes, Predicate<JavaClass> matches) {
    return classes.stream().anyMatch(c -> matches.test(c)
        || c.getDirectDependenciesFromSelf().stream()
            .anyMatch(d -> matches.test(d.getTargetClass().getBaseComponentType())));
  }
}
