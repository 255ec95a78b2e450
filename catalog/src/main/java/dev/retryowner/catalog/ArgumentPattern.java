package dev.retryowner.catalog;

import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One argument a {@code no-retry} entry requires, as written in the catalog: {@code *} (any
 * expression), a literal ({@code false}, {@code 0}), a static constant ({@code
 * feign.Retryer#NEVER_RETRY}) or a static no-argument call ({@code
 * software.amazon.awssdk.retries.DefaultRetryStrategy#doNotRetry()}).
 *
 * <p>Engines describe an argument by its {@link #canonical canonical constant forms}, so both
 * sides compare plain strings: literals by value ({@code 0L} and {@code 0x0} are {@code 0}),
 * static members by binary owner name and member name.
 */
public record ArgumentPattern(Kind kind, String text) {
  private static final String IDENTIFIER =
      "[\\p{javaJavaIdentifierStart}][\\p{javaJavaIdentifierPart}]*";
  private static final Pattern STATIC_MEMBER = Pattern.compile(
      "(" + IDENTIFIER + "(?:\\." + IDENTIFIER + ")+)#(" + IDENTIFIER + ")(\\(\\))?");

  /** What an argument pattern accepts. */
  public enum Kind {
    /** Any expression: the argument is checked where it is built, if at all. */
    ANY,
    /** A boolean or integer literal, by value. */
    LITERAL,
    /** A static field of a type, usually a constant such as {@code NEVER_RETRY}. */
    STATIC_FIELD,
    /** A static method called without arguments, such as {@code doNotRetry()}. */
    STATIC_CALL
  }

  /** Reads one pattern; empty if it is none of the accepted forms. */
  static Optional<ArgumentPattern> parse(String written) {
    if (written.equals("*")) {
      return Optional.of(new ArgumentPattern(Kind.ANY, written));
    }
    if (written.equals("true") || written.equals("false")) {
      return Optional.of(new ArgumentPattern(Kind.LITERAL, written));
    }
    if (written.matches("-?[0-9]+")) {
      return Optional.of(new ArgumentPattern(Kind.LITERAL, Long.toString(Long.parseLong(written))));
    }
    Matcher member = STATIC_MEMBER.matcher(written);
    if (member.matches()) {
      return Optional.of(new ArgumentPattern(
          member.group(3) == null ? Kind.STATIC_FIELD : Kind.STATIC_CALL, written));
    }
    return Optional.empty();
  }

  /** The catalog forms a pattern may take, for error messages. */
  static String forms() {
    return "'*', true, false, an integer, pkg.Type#CONSTANT or pkg.Type#method()";
  }

  /** The canonical form of a compile-time constant value: booleans and integers; else empty. */
  public static Optional<String> canonical(Object constantValue) {
    if (constantValue instanceof Boolean
        || constantValue instanceof Integer || constantValue instanceof Long
        || constantValue instanceof Short || constantValue instanceof Byte) {
      return Optional.of(constantValue.toString());
    }
    return Optional.empty();
  }

  /** The canonical form of a static field read: {@code pkg.Type#FIELD}. */
  public static String staticField(String ownerBinaryName, String field) {
    return ownerBinaryName + "#" + field;
  }

  /** The canonical form of a static call without arguments: {@code pkg.Type#method()}. */
  public static String staticCall(String ownerBinaryName, String method) {
    return ownerBinaryName + "#" + method + "()";
  }

  /** True if an argument with these canonical forms (empty: not a constant) is accepted. */
  public boolean accepts(CallArgument argument) {
    return kind == Kind.ANY || argument.constantForms().contains(text);
  }

  /** True unless the pattern is {@code *}: a suggested fix can write it out. */
  public boolean isConstant() {
    return kind != Kind.ANY;
  }

  /** The binary name of the owner of a static member pattern, if it is one. */
  public Optional<String> ownerType() {
    Matcher member = STATIC_MEMBER.matcher(text);
    return member.matches() ? Optional.of(member.group(1)) : Optional.empty();
  }

  /**
   * The pattern as Java source, the owner type written by {@code typeInSource} (which may add an
   * import and return the simple name).
   */
  public String javaSource(UnaryOperator<String> typeInSource) {
    Matcher member = STATIC_MEMBER.matcher(text);
    if (!member.matches()) {
      return text;
    }
    return typeInSource.apply(member.group(1)) + "." + member.group(2)
        + (member.group(3) == null ? "" : "()");
  }

  @Override
  public String toString() {
    return text.replace('$', '.');
  }
}
