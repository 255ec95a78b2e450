package dev.retryowner.archrules;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ConditionEvents;
import dev.retryowner.catalog.PackagePattern;
import java.util.Collection;
import java.util.List;
import java.util.function.BiFunction;

/**
 * Whether a condition's configured package patterns and its import make sense: a pattern that
 * matches none of the imported classes, or an empty import, would otherwise pass silently. A
 * condition calls {@link #init} with all classes and {@link #finish} at its end.
 */
final class PackageCoverage {
  private final String rule;
  private final List<PackagePattern> patterns;
  private List<PackagePattern> unmatched = List.of();
  private int classCount;

  PackageCoverage(String rule, List<PackagePattern> patterns) {
    this.rule = rule;
    this.patterns = patterns;
  }

  void init(Collection<JavaClass> allClasses) {
    classCount = allClasses.size();
    unmatched = patterns.stream()
        .filter(p -> allClasses.stream().noneMatch(c -> p.matchesClass(c.getName())))
        .toList();
  }

  /**
   * Adds a gate problem for an empty import, or one per unmatched pattern, worded by {@code
   * problem} from the pattern and the number of imported classes.
   */
  void finish(ConditionEvents events, BiFunction<PackagePattern, Integer, String> problem) {
    if (classCount == 0) {
      events.add(new GateProblemEvent(GateProblem.emptyImport(rule), true));
      return;
    }
    for (PackagePattern pattern : unmatched) {
      events.add(new GateProblemEvent(new GateProblem(problem.apply(pattern, classCount)), true));
    }
  }
}
