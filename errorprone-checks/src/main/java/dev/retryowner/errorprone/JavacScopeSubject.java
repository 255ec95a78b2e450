package dev.retryowner.errorprone;

import com.sun.tools.javac.code.Attribute;
import com.sun.tools.javac.code.Symbol.ClassSymbol;
import com.sun.tools.javac.code.Type;
import com.sun.tools.javac.code.Types;
import dev.retryowner.catalog.ScopeSubject;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;

/** A class as javac knows it, for a rule's scope to decide about; sets are built on first use. */
final class JavacScopeSubject implements ScopeSubject {
  private final ClassSymbol type;
  private final Types types;

  JavacScopeSubject(ClassSymbol type, Types types) {
    this.type = type;
    this.types = types;
  }

  @Override
  public String binaryName() {
    return type.flatName().toString();
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
    for (Type supertype : types.closure(type.type)) {
      if (supertype.tsym != type && supertype.tsym instanceof ClassSymbol c) {
        names.add(c.flatName().toString());
      }
    }
    return names;
  }

  @Override
  public Optional<ScopeSubject> enclosingClass() {
    ClassSymbol enclosing = type.owner == null ? null : type.owner.enclClass();
    return enclosing == null ? Optional.empty()
        : Optional.of(new JavacScopeSubject(enclosing, types));
  }

  /** The annotations on {@code annotated} and, transitively, on their annotation types. */
  private static void collectAnnotations(ClassSymbol annotated, Set<String> names) {
    for (Attribute.Compound annotation : annotated.getAnnotationMirrors()) {
      if (annotation.type.tsym instanceof ClassSymbol annotationType
          && names.add(annotationType.flatName().toString())) {
        collectAnnotations(annotationType, names);
      }
    }
  }
}
