package dev.retryowner.archrules;

import com.tngtech.archunit.core.domain.JavaClass;
import dev.retryowner.catalog.CatalogEntry;
import dev.retryowner.catalog.EntryKind;
import dev.retryowner.catalog.LayeringBoundary;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The {@link UseMatcher} of a Layering rule: a type behind the boundary is forbidden by its own
 * name, so are its members and, as an annotation, the type itself. Subtypes are not: a class that
 * extends an internal type is a finding where it does so, and its own users are not.
 */
final class BoundaryMatcher implements UseMatcher {
  private static final String ORIGIN = "gate configuration";

  private final LayeringBoundary boundary;
  private final Map<String, Optional<CatalogEntry>> entriesByType = new HashMap<>();

  BoundaryMatcher(LayeringBoundary boundary) {
    this.boundary = boundary;
  }

  @Override
  public Optional<CatalogEntry> type(JavaClass used) {
    JavaClass base = used.isArray() ? used.getBaseComponentType() : used;
    return entriesByType.computeIfAbsent(base.getName(), name -> forbids(base)
        ? Optional.of(new CatalogEntry(boundary.rule().name(), EntryKind.TYPE, name, "",
            boundary.rule().summary(), "", ORIGIN))
        : Optional.empty());
  }

  @Override
  public Optional<CatalogEntry> method(JavaClass owner, String methodName) {
    return type(owner);
  }

  @Override
  public Optional<CatalogEntry> annotation(JavaClass annotationType) {
    return type(annotationType);
  }

  /** {@code used, which is not part of the jobs API (...)}. */
  @Override
  public String message(String used, JavaClass usedType, CatalogEntry entry) {
    return used + ", " + boundary.notAllowed();
  }

  private boolean forbids(JavaClass type) {
    Map<String, JavaClass> selfAndEnclosing = new HashMap<>();
    for (Optional<JavaClass> c = Optional.of(type); c.isPresent(); c = c.get().getEnclosingClass()) {
      selfAndEnclosing.put(c.get().getName(), c.get());
    }
    return boundary.forbids(type.getName(), (typeName, annotation) ->
        selfAndEnclosing.containsKey(typeName)
            && selfAndEnclosing.get(typeName).isAnnotatedWith(annotation));
  }
}
