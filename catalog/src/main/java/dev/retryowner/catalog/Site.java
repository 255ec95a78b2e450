package dev.retryowner.catalog;

/**
 * Where in the code a finding sits. Bytecode knows exact lines only for code in method bodies;
 * for declarations the Maven plugin pins the line down from the source using the site.
 */
public enum Site {
  /** A method call. */
  CALL(true),
  /** A constructor call ({@code new T(...)}). */
  CONSTRUCTOR_CALL(true),
  /** A method reference ({@code T::m}). */
  METHOD_REFERENCE(true),
  /** A field read or write. */
  FIELD_ACCESS(true),
  /** The declared type of a field. */
  FIELD_TYPE(false),
  /** The declared type of a method or constructor parameter. */
  PARAMETER_TYPE(false),
  /** The declared return type of a method. */
  RETURN_TYPE(false),
  /** The declared type of a local variable. */
  LOCAL_TYPE(false),
  /** An {@code extends} or {@code implements} clause. */
  SUPERTYPE(false),
  /** An annotation on a type, method, constructor, field or parameter. */
  ANNOTATION(false),
  /** A class, member or dependency a team's own ArchUnit rule reports, rather than an access. */
  DECLARATION(false);

  private final boolean inCode;

  Site(boolean inCode) {
    this.inCode = inCode;
  }

  /** True if the site is an instruction, whose bytecode line is exact. */
  public boolean isInCode() {
    return inCode;
  }
}
