package dev.retryowner.archrules;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import dev.retryowner.catalog.ForbiddenUseScope;
import dev.retryowner.catalog.GateConfig;
import dev.retryowner.catalog.RuleDescriptor;
import java.util.Collection;
import java.util.Optional;

/**
 * The ForbiddenUse shape as an ArchUnit condition: every class in the rule's scope is checked for
 * uses of the rule's catalog entries. The condition sees all classes of the rule (in {@link
 * #init}) so that it can fail a configured package pattern of the scope that matches none of
 * them, and an empty import, whatever {@code archRule.failOnEmptyShould} says. One evaluation at
 * a time.
 */
final class ForbiddenUseCondition extends ArchCondition<JavaClass> {
  private final RuleDescriptor rule;
  private final GateConfig config;
  private final ForbiddenUseScope scope;
  private final PackageCoverage coverage;
  private ForbiddenUses uses;

  ForbiddenUseCondition(RuleDescriptor rule, GateConfig config, String description) {
    super(description);
    this.rule = rule;
    this.config = config;
    this.scope = config.forbiddenUseScope(rule);
    this.coverage = new PackageCoverage(rule.name(), scope.packages());
    this.uses = newUses();
  }

  @Override
  public void init(Collection<JavaClass> allClasses) {
    uses = newUses();
    coverage.init(allClasses);
  }

  @Override
  public void check(JavaClass type, ConditionEvents events) {
    Optional<String> reason = scope.reasonFor(new ArchUnitScopeSubject(type));
    if (reason.isPresent()) {
      String where = scope.namesMembership() ? " " + reason.get() : "";
      uses.in(type, where).forEach(events::add);
    }
  }

  @Override
  public void finish(ConditionEvents events) {
    coverage.finish(events, (pattern, classCount) ->
        scope.unmatchedPackageProblem(rule.name(), pattern, classCount));
  }

  private ForbiddenUses newUses() {
    return new ForbiddenUses(rule.name(),
        new CatalogMatcher(config.catalog().forbiddenUse(rule.name())));
  }
}
