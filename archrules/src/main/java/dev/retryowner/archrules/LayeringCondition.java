package dev.retryowner.archrules;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import dev.retryowner.catalog.LayeringBoundary;
import java.util.Collection;
import java.util.List;
import java.util.function.Function;

/**
 * "not use what lies behind the boundary": every class the boundary checks is searched for uses
 * of the types it guards, with the same notion of a use as the catalog rules. The condition sees
 * all classes (in {@link #init}) so that it can fail settings that match none of them, and an
 * empty import. One evaluation at a time.
 */
final class LayeringCondition extends ArchCondition<JavaClass> {
  private final LayeringBoundary boundary;
  private final Function<Collection<JavaClass>, List<GateProblem>> configurationProblems;
  private ForbiddenUses uses;
  private List<GateProblem> problems = List.of();
  private int classCount;

  /**
   * @param configurationProblems the settings that the imported classes show to be wrong
   */
  LayeringCondition(String description, LayeringBoundary boundary,
      Function<Collection<JavaClass>, List<GateProblem>> configurationProblems) {
    super(description);
    this.boundary = boundary;
    this.configurationProblems = configurationProblems;
    this.uses = newUses();
  }

  @Override
  public void init(Collection<JavaClass> allClasses) {
    uses = newUses();
    classCount = allClasses.size();
    problems = classCount == 0 ? List.of() : configurationProblems.apply(allClasses);
  }

  @Override
  public void check(JavaClass type, ConditionEvents events) {
    if (boundary.checks(type.getName())) {
      uses.in(type, "").forEach(events::add);
    }
  }

  @Override
  public void finish(ConditionEvents events) {
    if (classCount == 0) {
      events.add(new GateProblemEvent(GateProblem.emptyImport(boundary.rule().name()), true));
      return;
    }
    problems.forEach(problem -> events.add(new GateProblemEvent(problem, true)));
  }

  private ForbiddenUses newUses() {
    return new ForbiddenUses(boundary.rule().name(), new BoundaryMatcher(boundary));
  }
}
