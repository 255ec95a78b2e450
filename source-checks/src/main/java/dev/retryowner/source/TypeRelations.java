package dev.retryowner.source;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What the bytecode knows about types that a source file names: the source side cannot tell
 * alone whether {@code MyTemplate} extends a catalog type or {@code @Resilient} carries a catalog
 * annotation, nor the type of a receiver it does not declare. Type names are binary names
 * ({@code Outer$Inner}); targets are written as findings write them, nested types joined with
 * dots ({@code Outer.Inner}).
 */
public interface TypeRelations {
  /** True if a class with this binary name belongs to the checked classes. */
  boolean isCheckedClass(String binaryName);

  /**
   * {@code typeName} followed by every supertype known for it (superclasses and interfaces,
   * transitively), as binary names; just {@code typeName} for a type nothing is known about.
   */
  Set<String> selfAndSupertypes(String typeName);

  /** Every type the relations can answer about, by binary name. */
  Set<String> knownTypes();

  /**
   * The annotation types on {@code typeName} and every annotation type they carry, at any depth,
   * as binary names; empty for a type nothing is known about.
   */
  default Set<String> annotationTypes(String typeName) {
    return Set.of();
  }

  /** True if {@code annotationName} is {@code target} or is (transitively) annotated with it. */
  boolean isOrCarries(String annotationName, String target);

  /**
   * True if the type (binary name) itself carries the annotation (binary name) in its class
   * file; false for a type nothing is known about.
   */
  boolean isAnnotatedWith(String typeName, String annotationName);

  /**
   * The method calls compiled from the source file {@code sourcePath} (relative to its source
   * root, with forward slashes: {@code com/acme/Foo.java} holds the classes of package {@code
   * com.acme} whose source file is {@code Foo.java}); empty when no known class was compiled from
   * it.
   */
  default List<CompiledCall> callsCompiledFrom(String sourcePath) {
    return List.of();
  }

  /**
   * Every type the classes compiled from {@code sourcePath} name in their constant pools (the
   * owner of every call among them), if the relations know it without reading code: a cheap
   * test before {@link #callsCompiledFrom}.
   */
  default Optional<Set<String>> typesNamedFrom(String sourcePath) {
    return Optional.empty();
  }

  /** True if {@code typeName} is {@code target} or a subtype of it. */
  default boolean isOrExtends(String typeName, String target) {
    return selfAndSupertypes(typeName).stream().anyMatch(type -> names(type, target));
  }

  /** Relations by exact name only, for code that has no bytecode at hand. */
  static TypeRelations exactNamesOnly() {
    return new ExactNameRelations();
  }

  /** True if the binary name {@code typeName} is the type a finding writes as {@code target}. */
  static boolean names(String typeName, String target) {
    return typeName.replace('$', '.').equals(target);
  }
}
