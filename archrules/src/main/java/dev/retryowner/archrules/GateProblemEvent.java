package dev.retryowner.archrules;

import com.tngtech.archunit.lang.ConditionEvent;
import java.util.List;

/** A {@link GateProblem} as an ArchUnit event, so the rule fails with the problem's message. */
final class GateProblemEvent implements ConditionEvent {
  private final GateProblem problem;
  private final boolean violation;

  GateProblemEvent(GateProblem problem, boolean violation) {
    this.problem = problem;
    this.violation = violation;
  }

  @Override
  public boolean isViolation() {
    return violation;
  }

  @Override
  public ConditionEvent invert() {
    return new GateProblemEvent(problem, !violation);
  }

  @Override
  public List<String> getDescriptionLines() {
    return List.of(problem.message());
  }

  @Override
  public void handleWith(Handler handler) {
    handler.handle(List.of(problem), problem.message());
  }

  @Override
  public String toString() {
    return getClass().getSimpleName() + "{" + problem.message() + "}";
  }
}
