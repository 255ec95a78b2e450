package dev.retryowner.source;

import java.util.Set;

/**
 * Relations by exact name only, for code that has no bytecode at hand: no checked classes, no
 * supertypes, no annotations beyond the name itself.
 */
class ExactNameRelations implements TypeRelations {
  @Override
  public boolean isCheckedClass(String binaryName) {
    return false;
  }

  @Override
  public Set<String> selfAndSupertypes(String typeName) {
    return Set.of(typeName);
  }

  @Override
  public Set<String> knownTypes() {
    return Set.of();
  }

  @Override
  public boolean isOrCarries(String annotationName, String target) {
    return TypeRelations.names(annotationName, target);
  }

  @Override
  public boolean isAnnotatedWith(String typeName, String annotationName) {
    return false;
  }
}
