package dev.retryowner.maven.source;

import java.util.List;
import java.util.Set;

/** Relations by exact name only, with the calls javac compiled from one source file, for tests. */
record CompiledCallRelations(String sourcePath, List<CompiledCall> calls)
    implements TypeRelations {
  @Override
  public List<CompiledCall> callsCompiledFrom(String path) {
    return path.equals(sourcePath) ? calls : List.of();
  }

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
