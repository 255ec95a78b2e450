package dev.retryowner.source;

import java.util.Map;
import java.util.Set;

/**
 * Relations as bytecode would report them, for tests: each key is a checked class that extends
 * (or, for annotations, carries) its value.
 */
record ParentRelations(Map<String, String> parents) implements TypeRelations {
  @Override
  public boolean isCheckedClass(String binaryName) {
    return parents.containsKey(binaryName);
  }

  @Override
  public Set<String> selfAndSupertypes(String typeName) {
    return parents.containsKey(typeName)
        ? Set.of(typeName, parents.get(typeName)) : Set.of(typeName);
  }

  @Override
  public Set<String> knownTypes() {
    return parents.keySet();
  }

  @Override
  public boolean isOrCarries(String annotationName, String target) {
    return isOrExtends(annotationName, target);
  }

  @Override
  public boolean isAnnotatedWith(String typeName, String annotationName) {
    return false;
  }
}
