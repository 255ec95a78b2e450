package dev.retryowner.catalog;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What a check of a call's outcome says, shared by the engines of the RetryLoop shape: methods
 * like {@code response.isSuccessful()}, comparisons of a status or code with a literal
 * ({@code status >= 500}, {@code code == 429}, {@code statusCode != 200}), and comparisons with a
 * constant named for an HTTP status ({@code HttpURLConnection.HTTP_UNAVAILABLE},
 * {@code HttpStatus.TOO_MANY_REQUESTS}, {@code HttpStatus.SC_BAD_GATEWAY}). An engine reads the
 * expression from its own syntax tree and asks here.
 */
public final class StatusCheck {
  /** Methods whose {@code true} means the call succeeded. */
  private static final Set<String> SUCCESS_METHODS =
      Set.of("isSuccessful", "isSuccess", "is2xxSuccessful");
  /** Methods whose {@code true} means the call failed (Spring's {@code HttpStatusCode}). */
  private static final Set<String> ERROR_METHODS =
      Set.of("isError", "is4xxClientError", "is5xxServerError");

  /** Any of those methods. */
  private static final Set<String> METHODS = Stream.concat(SUCCESS_METHODS.stream(),
      ERROR_METHODS.stream()).collect(Collectors.toUnmodifiableSet());

  /**
   * HTTP statuses by the names constants give them: the reason phrase in upper case, after an
   * {@code HTTP_} (the JDK's HttpURLConnection) or {@code SC_} (Apache, servlets) prefix or none
   * (Spring's and JAX-RS's enums); the JDK's few short forms too.
   */
  private static final Map<String, Integer> NAMED_STATUSES = Map.ofEntries(
      Map.entry("OK", 200), Map.entry("CREATED", 201), Map.entry("ACCEPTED", 202),
      Map.entry("NO_CONTENT", 204), Map.entry("BAD_REQUEST", 400),
      Map.entry("UNAUTHORIZED", 401), Map.entry("FORBIDDEN", 403), Map.entry("NOT_FOUND", 404),
      Map.entry("CLIENT_TIMEOUT", 408), Map.entry("REQUEST_TIMEOUT", 408),
      Map.entry("CONFLICT", 409), Map.entry("TOO_MANY_REQUESTS", 429),
      Map.entry("INTERNAL_ERROR", 500), Map.entry("INTERNAL_SERVER_ERROR", 500),
      Map.entry("BAD_GATEWAY", 502), Map.entry("UNAVAILABLE", 503),
      Map.entry("SERVICE_UNAVAILABLE", 503), Map.entry("GATEWAY_TIMEOUT", 504));
  /** What a condition says about the last call's outcome when it is true. */
  public enum Polarity {
    ERROR, SUCCESS, NONE;

    /** The polarity of the negated condition. */
    public Polarity negated() {
      return this == ERROR ? SUCCESS : this == SUCCESS ? ERROR : NONE;
    }
  }

  private StatusCheck() {}

  /**
   * False only if {@code code} can hold no status check: it names none of the methods and no
   * status constant, and has no status or code name or no value a comparison reads. For engines
   * that skip a source file before parsing it.
   */
  public static boolean mayAppearIn(CodeWords code) {
    return code.hasAny(METHODS) || code.hasStatusLikeNumber() && code.anyMatch(
        StatusCheck::isStatusName) || code.anyMatch(word -> namedStatus(word).isPresent());
  }

  /**
   * The status a constant's name stands for ({@code HTTP_UNAVAILABLE} is 503,
   * {@code TOO_MANY_REQUESTS} 429), or empty for any other name.
   */
  public static Optional<Integer> namedStatus(String constantName) {
    String phrase = constantName.startsWith("HTTP_") ? constantName.substring(5)
        : constantName.startsWith("SC_") ? constantName.substring(3) : constantName;
    return Optional.ofNullable(NAMED_STATUSES.get(phrase));
  }

  /** The polarity of a call to a method with no arguments named {@code name}. */
  public static Polarity ofMethod(String name) {
    return SUCCESS_METHODS.contains(name) ? Polarity.SUCCESS
        : ERROR_METHODS.contains(name) ? Polarity.ERROR : Polarity.NONE;
  }

  /** True for a variable, field or no-argument method whose name says status or code. */
  public static boolean isStatusName(String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    return lower.contains("status") || lower.contains("code");
  }

  /**
   * The polarity of {@code status <operator> value} (operators {@code == != < <= > >=}); with
   * {@code literalFirst} the literal is on the left ({@code 500 <= status}).
   */
  public static Polarity ofComparison(String operator, int value, boolean literalFirst) {
    String op = literalFirst ? mirrored(operator) : operator;
    boolean success = value >= 200 && value <= 299;
    boolean error = value >= 400 && value <= 599;
    return switch (op) {
      case "==" -> success ? Polarity.SUCCESS : error ? Polarity.ERROR : Polarity.NONE;
      case "!=" -> success ? Polarity.ERROR : Polarity.NONE;
      case ">=" -> value >= 300 && value <= 599 ? Polarity.ERROR : Polarity.NONE;
      case ">" -> value >= 299 && value <= 599 ? Polarity.ERROR : Polarity.NONE;
      case "<" -> value >= 300 && value <= 599 ? Polarity.SUCCESS : Polarity.NONE;
      case "<=" -> value >= 299 && value <= 599 ? Polarity.SUCCESS : Polarity.NONE;
      default -> Polarity.NONE;
    };
  }

  /**
   * True for {@code status == 401} or {@code status == 407} (the literal on either side): the
   * server asks for credentials. Sending again with fresh credentials answers the challenge; it
   * does not repeat the failure, so the re-send shape takes no failure signal from it.
   */
  public static boolean isCredentialChallenge(String operator, int value) {
    return operator.equals("==") && (value == 401 || value == 407);
  }

  private static String mirrored(String operator) {
    return switch (operator) {
      case ">" -> "<";
      case ">=" -> "<=";
      case "<" -> ">";
      case "<=" -> ">=";
      default -> operator;
    };
  }
}
