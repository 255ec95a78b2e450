package dev.retryowner.archrules;

import com.tngtech.archunit.core.domain.JavaAccess;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaConstructorCall;
import com.tngtech.archunit.core.domain.JavaConstructorReference;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import dev.retryowner.catalog.ConstructionOnlyIn;
import dev.retryowner.catalog.EntryViolation;
import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.RuleDescriptor;
import dev.retryowner.catalog.Site;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * The ConstructionOnlyIn shape as an ArchUnit condition: every construction ({@code new}, also of
 * a subclass or an anonymous subclass, and constructor references) of a catalog type, judged by
 * {@link ConstructionOnlyIn}, at the exact bytecode line. Fails an adapter package pattern that
 * matches no imported class and an empty import. One evaluation at a time.
 */
final class ConstructionOnlyInCondition extends ArchCondition<JavaClass> {
  private final RuleDescriptor rule;
  private final ConstructionOnlyIn shape;
  private final PackageCoverage coverage;

  ConstructionOnlyInCondition(RuleDescriptor rule, ConstructionOnlyIn shape, String description) {
    super(description);
    this.rule = rule;
    this.shape = shape;
    this.coverage = new PackageCoverage(rule.name(), shape.adapterPackages());
  }

  @Override
  public void init(Collection<JavaClass> allClasses) {
    coverage.init(allClasses);
  }

  @Override
  public void check(JavaClass type, ConditionEvents events) {
    for (JavaConstructorCall call : type.getConstructorCallsFromSelf()) {
      if (!ForbiddenUses.isChainedConstructorCall(call)
          && !ForbiddenUses.isGenerated(call.getOrigin())) {
        JavaClass constructed = call.getTargetOwner();
        String what = constructed.isAnonymousClass()
            ? "constructs an anonymous subclass of "
                + constructed.getRawSuperclass().map(ForbiddenUses::display).orElse("Object")
            : "constructs " + ForbiddenUses.display(constructed);
        report(type, call, Site.CONSTRUCTOR_CALL, constructed, what, events);
      }
    }
    for (JavaConstructorReference reference : type.getConstructorReferencesFromSelf()) {
      JavaClass constructed = reference.getTargetOwner();
      report(type, reference, Site.METHOD_REFERENCE, constructed,
          "references " + ForbiddenUses.display(constructed) + "::new", events);
    }
  }

  @Override
  public void finish(ConditionEvents events) {
    coverage.finish(events, shape::unmatchedAdapterProblem);
  }

  private void report(JavaClass type, JavaAccess<?> access, Site site, JavaClass constructed,
      String what, ConditionEvents events) {
    Optional<EntryViolation> violation =
        shape.construction(selfAndSupertypes(constructed), what, type.getName());
    violation.ifPresent(v -> events.add(new FindingEvent(access.getOrigin().getDescription(),
        new Finding(rule.name(), type.getName(), ForbiddenUses.memberName(access.getOrigin()),
            ForbiddenUses.sourcePath(type), access.getLineNumber(), site,
            v.entry().displayName(), v.message(), v.entry().reason()),
        true)));
  }

  private static List<String> selfAndSupertypes(JavaClass type) {
    List<String> names = new ArrayList<>();
    names.add(type.getName());
    type.getAllRawSuperclasses().forEach(c -> names.add(c.getName()));
    type.getAllRawInterfaces().forEach(c -> names.add(c.getName()));
    return names;
  }
}
