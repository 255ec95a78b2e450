package dev.retryowner.source;

import dev.retryowner.catalog.ScopeSubject;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;

/**
 * A class a source file declares, as the bytecode relations describe it, for a rule's scope to
 * decide about. Its enclosing class is the binary name up to the last {@code $}.
 */
public final class RelationsScopeSubject implements ScopeSubject {
  private final String binaryName;
  private final TypeRelations relations;

  public RelationsScopeSubject(String binaryName, TypeRelations relations) {
    this.binaryName = binaryName;
    this.relations = relations;
  }

  @Override
  public String binaryName() {
    return binaryName;
  }

  @Override
  public Set<String> annotationTypes() {
    return relations.annotationTypes(binaryName);
  }

  @Override
  public Set<String> supertypes() {
    Set<String> supertypes = new LinkedHashSet<>(relations.selfAndSupertypes(binaryName));
    supertypes.remove(binaryName);
    return supertypes;
  }

  @Override
  public Optional<ScopeSubject> enclosingClass() {
    int nesting = binaryName.lastIndexOf('$');
    return nesting > binaryName.lastIndexOf('.') + 1
        ? Optional.of(new RelationsScopeSubject(binaryName.substring(0, nesting), relations))
        : Optional.empty();
  }
}
