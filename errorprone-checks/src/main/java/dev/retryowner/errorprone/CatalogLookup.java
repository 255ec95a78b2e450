package dev.retryowner.errorprone;

import com.sun.tools.javac.code.Attribute;
import com.sun.tools.javac.code.Symbol;
import com.sun.tools.javac.code.Symbol.ClassSymbol;
import com.sun.tools.javac.code.Type;
import com.sun.tools.javac.code.Types;
import com.sun.tools.javac.util.Name;
import dev.retryowner.catalog.CatalogEntry;
import dev.retryowner.catalog.ForbiddenUseIndex;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Answers catalog questions about javac symbols. The catalog only knows exact binary names, so
 * this class walks what javac knows: supertypes (a type entry covers its subtypes), enclosing
 * types (a type entry covers the types nested in it, e.g. a builder) and meta-annotations.
 *
 * <p>Checks ask about the same few classes at every node, so the answers per class symbol (and
 * per method name) are kept for the compilation they belong to ({@link CompilationMemo}).
 */
final class CatalogLookup {
  private final ForbiddenUseIndex index;
  private final CatalogMethodNames methodNames;

  private final CompilationMemo<ClassSymbol, Optional<CatalogEntry>> typeAnswers =
      new CompilationMemo<>();
  private final CompilationMemo<ClassSymbol, Optional<CatalogEntry>> constructedAnswers =
      new CompilationMemo<>();
  private final CompilationMemo<ClassSymbol, Optional<AnnotationMatch>> annotationAnswers =
      new CompilationMemo<>();

  CatalogLookup(ForbiddenUseIndex index) {
    this.index = index;
    this.methodNames = new CatalogMethodNames(index.methodNames());
  }

  /** True if a type entry exists: only then can a field access or a declaration be a use. */
  boolean hasTypes() {
    return index.hasTypes();
  }

  /** True if constructing a type can be a use at all. */
  boolean hasConstructions() {
    return index.hasTypes() || index.hasConstructors();
  }

  /** True if an annotation can be a use at all. */
  boolean hasAnnotations() {
    return index.hasAnnotations();
  }

  /** True if a call of a method of this name can be a use of something, whatever its owner. */
  boolean mayMatchMethod(Name name, Types types) {
    return index.hasTypes() || methodNames.contains(name, types);
  }

  /**
   * The binary names of {@code type} and all its supertypes, the type first: what a catalog
   * entry on a supertype covers.
   */
  static List<String> typeAndSupertypes(ClassSymbol type, Types types) {
    Set<String> names = new LinkedHashSet<>();
    names.add(type.flatName().toString());
    for (Type supertype : types.closure(type.type)) {
      if (supertype.tsym instanceof ClassSymbol symbol) {
        names.add(symbol.flatName().toString());
      }
    }
    return List.copyOf(names);
  }

  /** The type entry covering uses of {@code type}, if any. */
  Optional<CatalogEntry> type(ClassSymbol type, Types types) {
    if (!index.hasTypes()) {
      return Optional.empty();
    }
    return typeAnswers.get(type, types, t -> typeThroughSupertypes(t, types));
  }

  private Optional<CatalogEntry> typeThroughSupertypes(ClassSymbol type, Types types) {
    for (Type supertype : types.closure(type.type)) {
      Optional<CatalogEntry> entry = typeOrEnclosing(supertype.tsym);
      if (entry.isPresent()) {
        return entry;
      }
    }
    return Optional.empty();
  }

  /**
   * The entry covering constructing {@code type}: a constructor or type entry on the type or a
   * supertype, or a type entry on a type one of them is nested in.
   */
  Optional<CatalogEntry> constructed(ClassSymbol type, Types types) {
    if (!hasConstructions()) {
      return Optional.empty();
    }
    return constructedAnswers.get(type, types, t -> constructedThroughSupertypes(t, types));
  }

  private Optional<CatalogEntry> constructedThroughSupertypes(ClassSymbol type, Types types) {
    for (Type supertype : types.closure(type.type)) {
      Optional<CatalogEntry> entry =
          index.constructor(((ClassSymbol) supertype.tsym).flatName().toString())
              .or(() -> typeOrEnclosing(supertype.tsym));
      if (entry.isPresent()) {
        return entry;
      }
    }
    return Optional.empty();
  }

  /**
   * The entry covering a call or reference of method {@code name} through {@code owner}: a method
   * entry on the owner or a supertype, else a type entry covering the owner.
   */
  Optional<CatalogEntry> method(ClassSymbol owner, Name name, Types types) {
    if (methodNames.contains(name, types)) {
      String methodName = name.toString();
      for (Type supertype : types.closure(owner.type)) {
        Optional<CatalogEntry> entry =
            index.method(((ClassSymbol) supertype.tsym).flatName().toString(), methodName);
        if (entry.isPresent()) {
          return entry;
        }
      }
    }
    return type(owner, types);
  }

  /**
   * The catalog annotation {@code annotationType} is or carries, directly or through
   * meta-annotations, with the chain of annotation types that leads to it.
   */
  Optional<AnnotationMatch> annotation(ClassSymbol annotationType, Types types) {
    if (!index.hasAnnotations()) {
      return Optional.empty();
    }
    return annotationAnswers.get(annotationType, types,
        t -> annotation(t, new ArrayList<>(), new HashSet<>()));
  }

  private Optional<AnnotationMatch> annotation(
      ClassSymbol annotationType, List<String> chain, Set<ClassSymbol> seen) {
    if (!seen.add(annotationType)) {
      return Optional.empty();
    }
    Optional<CatalogEntry> direct = index.annotation(annotationType.flatName().toString());
    if (direct.isPresent()) {
      return Optional.of(new AnnotationMatch(direct.get(), List.copyOf(chain)));
    }
    chain.add(annotationType.getQualifiedName().toString());
    for (Attribute.Compound meta : annotationType.getAnnotationMirrors()) {
      if (meta.type.tsym instanceof ClassSymbol metaType) {
        Optional<AnnotationMatch> match = annotation(metaType, chain, seen);
        if (match.isPresent()) {
          return match;
        }
      }
    }
    chain.remove(chain.size() - 1);
    return Optional.empty();
  }

  private Optional<CatalogEntry> typeOrEnclosing(Symbol type) {
    for (Symbol s = type; s instanceof ClassSymbol c; s = c.owner) {
      Optional<CatalogEntry> entry = index.type(c.flatName().toString());
      if (entry.isPresent()) {
        return entry;
      }
    }
    return Optional.empty();
  }

  /**
   * A catalog annotation found on an annotation type.
   *
   * @param entry the catalog entry of the annotation
   * @param via the user annotation types between the used annotation and the catalog one, in
   *     order; empty when the used annotation is itself in the catalog
   */
  record AnnotationMatch(CatalogEntry entry, List<String> via) {}
}
