package dev.retryowner.errorprone;

import com.sun.tools.javac.code.Attribute;
import com.sun.tools.javac.code.Symbol;
import com.sun.tools.javac.code.Symbol.ClassSymbol;
import com.sun.tools.javac.code.Type;
import com.sun.tools.javac.code.Types;
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
 */
final class CatalogLookup {
  private final ForbiddenUseIndex index;

  CatalogLookup(ForbiddenUseIndex index) {
    this.index = index;
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
  Optional<CatalogEntry> method(ClassSymbol owner, String name, Types types) {
    for (Type supertype : types.closure(owner.type)) {
      Optional<CatalogEntry> entry =
          index.method(((ClassSymbol) supertype.tsym).flatName().toString(), name);
      if (entry.isPresent()) {
        return entry;
      }
    }
    return type(owner, types);
  }

  /**
   * The catalog annotation {@code annotationType} is or carries, directly or through
   * meta-annotations, with the chain of annotation types that leads to it.
   */
  Optional<AnnotationMatch> annotation(ClassSymbol annotationType) {
    return annotation(annotationType, new ArrayList<>(), new HashSet<>());
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
