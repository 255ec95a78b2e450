package dev.retryowner.catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * One argument a {@code no-retry} entry requires, as written in the catalog: {@code *} (any
 * expression), a literal ({@code false}, {@code 0}), a static constant ({@code
 * feign.Retryer#NEVER_RETRY}), a static no-argument call ({@code
 * software.amazon.awssdk.retries.DefaultRetryStrategy#doNotRetry()}) or a construction whose
 * arguments are patterns again ({@code
 * org.apache.hc.client5.http.impl.DefaultHttpRequestRetryStrategy(0, *)}: a zero-retry strategy).
 *
 * <p>Engines describe an argument by its {@link #canonical canonical constant forms}, so both
 * sides compare plain strings: literals by value ({@code 0L} and {@code 0x0} are {@code 0}),
 * static members by binary owner name and member name; and a construction by the calls in
 * {@link CallArgument#constructions}.
 *
 * @param kind what the pattern accepts
 * @param text the pattern in its canonical catalog form, e.g. {@code a.B(0,*)}
 * @param arguments the patterns of a construction's arguments; empty for the other kinds
 */
public record ArgumentPattern(Kind kind, String text, List<ArgumentPattern> arguments) {
  private static final String IDENTIFIER =
      "[\\p{javaJavaIdentifierStart}][\\p{javaJavaIdentifierPart}]*";
  private static final String TYPE_NAME = IDENTIFIER + "(?:\\." + IDENTIFIER + ")+";
  private static final Pattern STATIC_MEMBER = Pattern.compile(
      "(" + TYPE_NAME + ")#(" + IDENTIFIER + ")(\\(\\))?");
  private static final Pattern CONSTRUCTION =
      Pattern.compile("(" + TYPE_NAME + ")\\((.*)\\)", Pattern.DOTALL);

  public ArgumentPattern {
    arguments = List.copyOf(arguments);
  }

  private ArgumentPattern(Kind kind, String text) {
    this(kind, text, List.of());
  }

  /** What an argument pattern accepts. */
  public enum Kind {
    /** Any expression: the argument is checked where it is built, if at all. */
    ANY,
    /** A boolean or integer literal, by value. */
    LITERAL,
    /** A static field of a type, usually a constant such as {@code NEVER_RETRY}. */
    STATIC_FIELD,
    /** A static method called without arguments, such as {@code doNotRetry()}. */
    STATIC_CALL,
    /** A construction of exactly the type, its arguments matched positionally. */
    CONSTRUCTION
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
    Matcher construction = CONSTRUCTION.matcher(written);
    if (construction.matches()) {
      List<ArgumentPattern> arguments = new ArrayList<>();
      String inside = construction.group(2).strip();
      for (String argument : inside.isEmpty() ? List.<String>of() : splitArguments(inside)) {
        Optional<ArgumentPattern> parsed = parse(argument.strip());
        if (parsed.isEmpty()) {
          return Optional.empty();
        }
        arguments.add(parsed.get());
      }
      String text = construction.group(1) + "(" + arguments.stream().map(ArgumentPattern::text)
          .collect(Collectors.joining(",")) + ")";
      return Optional.of(new ArgumentPattern(Kind.CONSTRUCTION, text, arguments));
    }
    return Optional.empty();
  }

  /**
   * Splits a parameter list at its top-level commas: {@code a.B(0,*),true} is two arguments.
   * Unbalanced parentheses leave the rest in the last part, which then parses as no pattern.
   */
  static List<String> splitArguments(String list) {
    List<String> parts = new ArrayList<>();
    int depth = 0;
    int start = 0;
    for (int i = 0; i < list.length(); i++) {
      char c = list.charAt(i);
      if (c == '(') {
        depth++;
      } else if (c == ')') {
        depth--;
      } else if (c == ',' && depth == 0) {
        parts.add(list.substring(start, i));
        start = i + 1;
      }
    }
    parts.add(list.substring(start));
    return parts;
  }

  /** The catalog forms a pattern may take, for error messages. */
  static String forms() {
    return "'*', true, false, an integer, pkg.Type#CONSTANT, pkg.Type#method() or a construction"
        + " pkg.Type(patterns)";
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

  /** True if the argument is one this pattern accepts. */
  public boolean accepts(CallArgument argument) {
    return switch (kind) {
      case ANY -> true;
      case CONSTRUCTION -> argument.constructions().stream().anyMatch(this::acceptsConstruction);
      default -> argument.constantForms().contains(text);
    };
  }

  /**
   * True if the argument shows enough to tell whether this pattern accepts it: a constant for a
   * constant pattern; for a construction pattern a constant or a construction, whose arguments
   * show enough where it is one of the pattern's type. Otherwise the call cannot be verified.
   */
  public boolean sees(CallArgument argument) {
    return switch (kind) {
      case ANY -> true;
      case CONSTRUCTION -> !argument.constantForms().isEmpty()
          || (!argument.constructions().isEmpty() && argument.constructions().stream()
              .filter(this::constructsThisType)
              .allMatch(c -> seesAll(c.arguments())));
      default -> !argument.constantForms().isEmpty();
    };
  }

  /** True unless the pattern is or holds {@code *}: a suggested fix can write it out. */
  public boolean isConstant() {
    return kind != Kind.ANY && arguments.stream().allMatch(ArgumentPattern::isConstant);
  }

  private boolean acceptsConstruction(ClientCall construction) {
    if (!constructsThisType(construction)) {
      return false;
    }
    for (int i = 0; i < arguments.size(); i++) {
      if (!arguments.get(i).accepts(construction.arguments().get(i))) {
        return false;
      }
    }
    return true;
  }

  private boolean seesAll(List<CallArgument> constructionArguments) {
    for (int i = 0; i < arguments.size(); i++) {
      if (!arguments.get(i).sees(constructionArguments.get(i))) {
        return false;
      }
    }
    return true;
  }

  /** A construction of exactly this pattern's type with as many arguments. */
  private boolean constructsThisType(ClientCall construction) {
    return construction.method().isEmpty()
        && construction.ownerTypes().get(0).equals(constructedType())
        && construction.arguments().size() == arguments.size();
  }

  private String constructedType() {
    return text.substring(0, text.indexOf('('));
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
    if (kind == Kind.CONSTRUCTION) {
      return "new " + typeInSource.apply(constructedType()) + "(" + arguments.stream()
          .map(argument -> argument.javaSource(typeInSource))
          .collect(Collectors.joining(", ")) + ")";
    }
    Matcher member = STATIC_MEMBER.matcher(text);
    if (!member.matches()) {
      return text;
    }
    return typeInSource.apply(member.group(1)) + "." + member.group(2)
        + (member.group(3) == null ? "" : "()");
  }

  /** The pattern as a reader writes it: {@code new a.B.C(0, …)}, {@code a.B.C#NONE}. */
  @Override
  public String toString() {
    return switch (kind) {
      case ANY -> "…";
      case CONSTRUCTION -> "new " + constructedType().replace('$', '.') + "("
          + arguments.stream().map(ArgumentPattern::toString).collect(Collectors.joining(", "))
          + ")";
      default -> text.replace('$', '.');
    };
  }
}
