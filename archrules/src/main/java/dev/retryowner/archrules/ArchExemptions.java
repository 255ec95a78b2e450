package dev.retryowner.archrules;

import com.tngtech.archunit.core.domain.AccessTarget.FieldAccessTarget;
import com.tngtech.archunit.core.domain.JavaAnnotation;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaFieldAccess;
import com.tngtech.archunit.core.domain.JavaFieldAccess.AccessType;
import com.tngtech.archunit.core.domain.JavaMember;
import com.tngtech.archunit.core.domain.properties.HasAnnotations;
import com.tngtech.archunit.lang.ArchCondition;
import dev.retryowner.catalog.Exemption;
import dev.retryowner.catalog.Exemptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * {@code @RetryOwnerExempt} read from bytecode (the annotation has {@code CLASS} retention, which
 * ArchUnit imports like runtime annotations). A member exemption is extended to the local and
 * anonymous classes declared in the member and, for a field, to the lines where the constructors
 * or the static initializer assign it (its initializer). The rules of {@link RetryOwnerRules}
 * honor what this reads; the Maven plugin uses it to filter every engine's findings.
 */
public final class ArchExemptions {
  private ArchExemptions() {}

  /**
   * The exemptions of {@code classes}.
   *
   * @param customRules rule names valid besides the registry's, e.g. teams' custom rules
   */
  public static Exemptions read(Iterable<JavaClass> classes, Set<String> customRules) {
    Exemptions exemptions = new Exemptions(customRules);
    for (JavaClass type : classes) {
      on(type, type, "").forEach(exemptions::add);
      for (JavaMember member : type.getMembers()) {
        for (Exemption exemption : on(member, type, ForbiddenUses.memberName(member))) {
          exemptions.add(exemption);
          if (member instanceof JavaField field) {
            initializerLines(type, field).forEach(access -> exemptions.addInitializerLine(
                exemption, ForbiddenUses.memberName(access.getOrigin()), access.getLineNumber()));
          }
        }
      }
      Optional<JavaCodeUnit> enclosing = type.getEnclosingCodeUnit();
      if (enclosing.isPresent()) {
        JavaCodeUnit declaring = enclosing.get();
        for (Exemption exemption : on(declaring, declaring.getOwner(),
            ForbiddenUses.memberName(declaring))) {
          exemptions.addLocalClass(exemption, type.getName());
        }
      }
    }
    return exemptions;
  }

  /** {@code condition} with the exemptions of the evaluated classes honored. */
  static ArchCondition<JavaClass> honoring(ArchCondition<JavaClass> condition) {
    return new ExemptionHonoringCondition(condition);
  }

  /** The exemptions on a class or member, repeated ones unpacked from their container. */
  static List<Exemption> on(HasAnnotations<?> annotated, JavaClass type, String member) {
    List<Exemption> exemptions = new ArrayList<>();
    for (JavaAnnotation<?> annotation : annotated.getAnnotations()) {
      String name = annotation.getRawType().getName();
      if (name.equals(Exemption.ANNOTATION)) {
        exemptions.add(of(annotation, type, member));
      } else if (name.equals(Exemption.CONTAINER)
          && annotation.get("value").orElse(null) instanceof Object[] repeated) {
        for (Object one : repeated) {
          exemptions.add(of((JavaAnnotation<?>) one, type, member));
        }
      }
    }
    return exemptions;
  }

  private static Exemption of(JavaAnnotation<?> annotation, JavaClass type, String member) {
    return new Exemption(text(annotation, "rule"), text(annotation, "reason"), type.getName(),
        member);
  }

  private static String text(JavaAnnotation<?> annotation, String property) {
    return annotation.get(property).filter(String.class::isInstance).map(String.class::cast)
        .orElse("");
  }

  /** The assignments of a field by its class's constructors or static initializer (no method). */
  private static List<JavaFieldAccess> initializerLines(JavaClass type, JavaField field) {
    return type.getFieldAccessesFromSelf().stream()
        .filter(access -> access.getAccessType() == AccessType.SET)
        .filter(access -> !access.getOrigin().isMethod())
        .filter(access -> isField(access.getTarget(), field))
        .toList();
  }

  private static boolean isField(FieldAccessTarget target, JavaField field) {
    return target.getName().equals(field.getName())
        && target.getOwner().getName().equals(field.getOwner().getName());
  }
}
