package dev.retryowner.archrules;

import com.tngtech.archunit.core.domain.JavaAnnotation;
import com.tngtech.archunit.core.domain.JavaClass;
import dev.retryowner.catalog.ScopeSubject;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;

/**
 * A class as ArchUnit imported it, for a rule's scope to decide about; public for the Maven
 * plugin, whose source checks see the same imported classes.
 */
public final class ArchUnitScopeSubject implements ScopeSubject {
  private final JavaClass type;

  public ArchUnitScopeSubject(JavaClass type) {
    this.type = type;
  }

  @Override
  public String binaryName() {
    return type.getName();
  }

  @Override
  public Set<String> annotationTypes() {
    Set<String> names = new LinkedHashSet<>();
    collectAnnotations(type, names);
    return names;
  }

  @Override
  public Set<String> supertypes() {
    Set<String> names = new LinkedHashSet<>();
    type.getAllRawSuperclasses().forEach(c -> names.add(c.getName()));
    type.getAllRawInterfaces().forEach(c -> names.add(c.getName()));
    return names;
  }

  @Override
  public Optional<ScopeSubject> enclosingClass() {
    return type.getEnclosingClass().map(ArchUnitScopeSubject::new);
  }

  /** The annotations on {@code annotated} and, transitively, on their annotation types. */
  private static void collectAnnotations(JavaClass annotated, Set<String> names) {
    for (JavaAnnotation<JavaClass> annotation : annotated.getAnnotations()) {
      JavaClass annotationType = annotation.getRawType();
      if (names.add(annotationType.getName())) {
        collectAnnotations(annotationType, names);
      }
    }
  }
}
