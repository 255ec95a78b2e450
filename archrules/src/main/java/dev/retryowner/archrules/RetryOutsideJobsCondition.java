package dev.retryowner.archrules;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import dev.retryowner.catalog.GateConfig;
import dev.retryowner.catalog.PackagePattern;
import dev.retryowner.catalog.RuleDescriptor;
import java.util.Collection;
import java.util.List;

/**
 * "not use retry helpers outside the jobs packages": every class outside the jobs packages is
 * checked for uses of the rule's catalog entries. The condition sees all classes of the rule (in
 * {@link #init}) so that it can fail a jobs package pattern that matches none of them, and an
 * empty import, whatever {@code archRule.failOnEmptyShould} says. One evaluation at a time.
 */
final class RetryOutsideJobsCondition extends ArchCondition<JavaClass> {
  private final RuleDescriptor rule;
  private final GateConfig config;
  private ForbiddenUses uses;
  private List<PackagePattern> unmatchedJobsPackages = List.of();
  private int classCount;

  RetryOutsideJobsCondition(RuleDescriptor rule, GateConfig config) {
    super("not use retry helpers (catalog calls, types, annotations) outside the jobs packages "
        + config.jobsPackages());
    this.rule = rule;
    this.config = config;
    this.uses = newUses();
  }

  @Override
  public void init(Collection<JavaClass> allClasses) {
    uses = newUses();
    classCount = allClasses.size();
    unmatchedJobsPackages = config.jobsPackages().stream()
        .filter(p -> allClasses.stream().noneMatch(c -> p.matchesClass(c.getName())))
        .toList();
  }

  @Override
  public void check(JavaClass type, ConditionEvents events) {
    if (!config.isInJobsPackages(type.getName())) {
      uses.in(type).forEach(events::add);
    }
  }

  @Override
  public void finish(ConditionEvents events) {
    if (classCount == 0) {
      events.add(new GateProblemEvent(GateProblem.emptyImport(rule.name()), true));
      return;
    }
    for (PackagePattern pattern : unmatchedJobsPackages) {
      events.add(new GateProblemEvent(new GateProblem(rule.name() + ": jobs package pattern '"
          + pattern + "' matches none of the " + classCount + " imported classes, so nothing"
          + " is allowed to retry. Fix jobsPackages to name the package that holds your job"
          + " layer (e.g. com.acme.jobs, or com.acme.**.jobs for any depth), or import the"
          + " classes of that package too."), true));
    }
  }

  private ForbiddenUses newUses() {
    return new ForbiddenUses(rule.name(),
        new CatalogMatcher(config.catalog().forbiddenUse(rule.name())));
  }
}
