package dev.retryowner.maven.source;

/**
 * What the bytecode knows about types that a source file names: the source side cannot tell
 * alone whether {@code MyTemplate} extends a catalog type or {@code @Resilient} carries a catalog
 * annotation. Type names are binary names ({@code Outer$Inner}); targets are written as findings
 * write them, nested types joined with dots ({@code Outer.Inner}).
 */
public interface TypeRelations {
  /** True if a class with this binary name belongs to the checked classes. */
  boolean isCheckedClass(String binaryName);

  /** True if {@code typeName} is {@code target} or a subtype of it. */
  boolean isOrExtends(String typeName, String target);

  /** True if {@code annotationName} is {@code target} or is (transitively) annotated with it. */
  boolean isOrCarries(String annotationName, String target);

  /** Relations by exact name only, for code that has no bytecode at hand. */
  static TypeRelations exactNamesOnly() {
    return new TypeRelations() {
      @Override
      public boolean isCheckedClass(String binaryName) {
        return false;
      }

      @Override
      public boolean isOrExtends(String typeName, String target) {
        return names(typeName, target);
      }

      @Override
      public boolean isOrCarries(String annotationName, String target) {
        return names(annotationName, target);
      }
    };
  }

  /** True if the binary name {@code typeName} is the type a finding writes as {@code target}. */
  static boolean names(String typeName, String target) {
    return typeName.replace('$', '.').equals(target);
  }
}
