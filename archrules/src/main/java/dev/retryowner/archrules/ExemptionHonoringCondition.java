package dev.retryowner.archrules;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvent;
import com.tngtech.archunit.lang.ConditionEvents;
import dev.retryowner.catalog.Exemptions;
import java.util.Collection;
import java.util.Set;

/**
 * A rule's condition with {@code @RetryOwnerExempt} honored: a finding an exemption of its rule
 * covers ({@link Exemptions}) is dropped, everything else passes through. The exemptions are read
 * from all classes of the evaluation, so an exemption on an outer class covers its nested ones.
 */
final class ExemptionHonoringCondition extends ArchCondition<JavaClass> {
  private final ArchCondition<JavaClass> condition;
  private Exemptions exemptions = new Exemptions(Set.of());

  ExemptionHonoringCondition(ArchCondition<JavaClass> condition) {
    super(condition.getDescription());
    this.condition = condition;
  }

  @Override
  public void init(Collection<JavaClass> allClasses) {
    exemptions = ArchExemptions.read(allClasses, Set.of());
    condition.init(allClasses);
  }

  @Override
  public void check(JavaClass type, ConditionEvents events) {
    ConditionEvents own = ConditionEvents.Factory.create();
    condition.check(type, own);
    for (ConditionEvent event : own.getViolating()) {
      if (!(event instanceof FindingEvent finding)
          || exemptions.covering(finding.finding()).isEmpty()) {
        events.add(event);
      }
    }
  }

  @Override
  public void finish(ConditionEvents events) {
    condition.finish(events);
  }
}
