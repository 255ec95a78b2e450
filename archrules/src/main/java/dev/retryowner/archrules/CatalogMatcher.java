package dev.retryowner.archrules;

import com.tngtech.archunit.core.domain.JavaAnnotation;
import com.tngtech.archunit.core.domain.JavaClass;
import dev.retryowner.catalog.CatalogEntry;
import dev.retryowner.catalog.ForbiddenUseIndex;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Answers "does the catalog forbid this?" for bytecode types. The catalog only knows exact binary
 * names, so this class walks what the catalog's semantics cover: the type itself, its supertypes,
 * the types it is nested in (a builder nested in a catalog type is part of that type's API) and,
 * for annotations, the meta-annotations, transitively. Not thread-safe: one instance per
 * evaluation.
 */
final class CatalogMatcher implements UseMatcher {
  private final ForbiddenUseIndex index;
  private final Map<String, Optional<CatalogEntry>> annotationsByType = new HashMap<>();

  CatalogMatcher(ForbiddenUseIndex index) {
    this.index = index;
  }

  /**
   * {@code used}, plus the catalog entry it falls under when that names another type (a subtype,
   * a nested type, a meta-annotation).
   */
  @Override
  public String message(String used, JavaClass usedType, CatalogEntry entry) {
    return usedType.getName().equals(entry.typeName()) || used.endsWith("@" + entry.displayName())
        ? used : used + " (catalog entry " + entry.displayName() + ")";
  }

  @Override
  public boolean coversHandedOverTypes() {
    return true;
  }

  /** The type entry covering {@code used}: the type, a supertype or an enclosing type of one. */
  @Override
  public Optional<CatalogEntry> type(JavaClass used) {
    for (JavaClass candidate : selfAndSupertypes(used)) {
      Optional<CatalogEntry> entry = typeOrEnclosing(candidate.getName());
      if (entry.isPresent()) {
        return entry;
      }
    }
    return Optional.empty();
  }

  /** A constructor or type entry on {@code constructed} or a supertype, or an enclosing type one. */
  @Override
  public Optional<CatalogEntry> constructed(JavaClass constructed) {
    for (JavaClass candidate : selfAndSupertypes(constructed)) {
      Optional<CatalogEntry> entry = index.constructor(candidate.getName())
          .or(() -> typeOrEnclosing(candidate.getName()));
      if (entry.isPresent()) {
        return entry;
      }
    }
    return Optional.empty();
  }

  /**
   * The entry covering a method named {@code methodName} called on {@code owner}: a method entry on
   * the owner or a supertype, or a type entry covering the owner.
   */
  @Override
  public Optional<CatalogEntry> method(JavaClass owner, String methodName) {
    for (JavaClass candidate : selfAndSupertypes(owner)) {
      Optional<CatalogEntry> entry = index.method(candidate.getName(), methodName)
          .or(() -> typeOrEnclosing(candidate.getName()));
      if (entry.isPresent()) {
        return entry;
      }
    }
    return Optional.empty();
  }

  /**
   * True if a method named {@code methodName} called on {@code owner} runs work under its
   * retry: a {@code runs} entry on the owner or a supertype.
   */
  @Override
  public boolean runs(JavaClass owner, String methodName) {
    return selfAndSupertypes(owner).stream()
        .anyMatch(candidate -> index.runs(candidate.getName(), methodName));
  }

  /**
   * The annotation entry {@code annotationType} stands for: the catalog annotation itself, or one
   * it is meta-annotated with at any depth.
   */
  @Override
  public Optional<CatalogEntry> annotation(JavaClass annotationType) {
    String name = annotationType.getName();
    Optional<CatalogEntry> known = annotationsByType.get(name);
    if (known != null) {
      return known;
    }
    Optional<CatalogEntry> entry = annotation(annotationType, new HashSet<>());
    annotationsByType.put(name, entry);
    return entry;
  }

  private Optional<CatalogEntry> annotation(JavaClass annotationType, Set<String> visiting) {
    Optional<CatalogEntry> direct = index.annotation(annotationType.getName());
    if (direct.isPresent() || !visiting.add(annotationType.getName())) {
      return direct;
    }
    for (JavaAnnotation<JavaClass> meta : sortedAnnotations(annotationType)) {
      Optional<CatalogEntry> entry = annotation(meta.getRawType(), visiting);
      if (entry.isPresent()) {
        return entry;
      }
    }
    return Optional.empty();
  }

  private Optional<CatalogEntry> typeOrEnclosing(String binaryName) {
    String name = binaryName;
    while (true) {
      Optional<CatalogEntry> entry = index.type(name);
      int nesting = name.lastIndexOf('$');
      if (entry.isPresent() || nesting <= name.lastIndexOf('.') + 1) {
        return entry;
      }
      name = name.substring(0, nesting);
    }
  }

  /** The type first, then its superclasses bottom-up, then the interfaces by name (stable). */
  private static List<JavaClass> selfAndSupertypes(JavaClass type) {
    JavaClass base = type.isArray() ? type.getBaseComponentType() : type;
    Set<JavaClass> ordered = new LinkedHashSet<>();
    ordered.add(base);
    ordered.addAll(base.getAllRawSuperclasses());
    List<JavaClass> interfaces = new ArrayList<>(base.getAllRawInterfaces());
    interfaces.sort(Comparator.comparing(JavaClass::getName));
    ordered.addAll(interfaces);
    return List.copyOf(ordered);
  }

  private static List<JavaAnnotation<JavaClass>> sortedAnnotations(JavaClass type) {
    List<JavaAnnotation<JavaClass>> annotations = new ArrayList<>(type.getAnnotations());
    annotations.sort(Comparator.comparing(a -> a.getRawType().getName()));
    return annotations;
  }
}
