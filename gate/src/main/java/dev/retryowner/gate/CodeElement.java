package dev.retryowner.gate;

/**
 * The class, or the method, constructor or field in it, that a finding sits in.
 *
 * @param className the binary name of the class
 * @param member the member as the finding names it, e.g. {@code charge(java.lang.String)},
 *     {@code <init>()} or {@code retry}; empty for the class itself
 */
public record CodeElement(String className, String member) {
  /** {@code com.acme.Client.charge(java.lang.String)}, or the class name alone. */
  public String qualifiedName() {
    return member.isEmpty() ? className : className + "." + member;
  }
}
