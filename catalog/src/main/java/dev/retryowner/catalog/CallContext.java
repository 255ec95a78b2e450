package dev.retryowner.catalog;

import java.util.List;
import java.util.Set;

/**
 * What surrounds a call or construction, for the entries that need {@link UseEvidence}. Engines
 * read it the same way: through parentheses and the branches of {@code ?:}, the result is used as
 * the type it is cast to, or as the declared type of the variable it initializes or is assigned
 * to; the receiver is built from the string literals written in the receiver expression and, for
 * each local variable of the same method it reads, in that variable's initializer and
 * assignments (transitively), and for each parameter of a private method it reads, in the
 * arguments the calls of that method in the file pass (its callers are the class's own code); in
 * the same expressions, the calls and constructions it is built with, and whether it reads an
 * input: a field, or a parameter of a method that is not private (what a caller or the
 * configuration gave). A lambda's parameter and a loop's element are no input.
 *
 * @param resultTypes the type the result is used as (the one the code names first), then its
 *     supertypes, binary names; empty when it is neither cast nor stored in a declared variable
 * @param resultCast whether that type is one the result is cast to
 * @param receiverLiterals the values of the string literals the receiver is built from
 * @param receiverCalls the calls and constructions the receiver is built with, as {@code
 *     pkg.Owner#method} and {@code pkg.Owner#<init>} ({@code ?} for an owner the engine cannot
 *     tell)
 * @param receiverReadsInput whether the receiver is built from an input
 * @param argumentSettings the settings put, in the same method, into a map or {@code Properties}
 *     the call is handed as an argument (a local variable: {@code props.put(k, v)}, {@code
 *     props.setProperty(k, v)}, or its initializer {@code Map.of(k, v, ..)}), as {@code key=value}:
 *     the key as its string literal's value, or as the constant it names ({@code
 *     pkg.Owner#NAME}, and its value too where the engine knows it); the value as its literal's
 *     text ({@code 0} for {@code 0} and {@code "0"}), {@code ?} for any other expression
 */
public record CallContext(List<String> resultTypes, boolean resultCast,
    List<String> receiverLiterals, List<String> receiverCalls, boolean receiverReadsInput,
    List<String> argumentSettings) {
  /** The calls that put one setting into a map or {@code Properties}, read into argumentSettings. */
  public static final Set<String> SETTING_PUTS = Set.of("put", "putIfAbsent", "setProperty");

  /** The type whose static {@code of(k, v, ..)} initializes a map of settings. */
  public static final String SETTINGS_MAP = "java.util.Map";

  /** Nothing known around the call: a method reference, or an engine that did not look. */
  public static final CallContext NONE = new CallContext(List.of(), List.of());

  public CallContext {
    resultTypes = List.copyOf(resultTypes);
    receiverLiterals = List.copyOf(receiverLiterals);
    receiverCalls = List.copyOf(receiverCalls);
    argumentSettings = List.copyOf(argumentSettings);
  }

  /**
   * A setting as {@code argumentSettings} lists it: {@code key=value}, {@code ?} for a value that
   * is no literal.
   */
  public static String setting(String key, String value) {
    return key + "=" + (value == null ? "?" : value);
  }

  /** What surrounds a call, without the settings of its arguments. */
  public CallContext(List<String> resultTypes, boolean resultCast,
      List<String> receiverLiterals, List<String> receiverCalls, boolean receiverReadsInput) {
    this(resultTypes, resultCast, receiverLiterals, receiverCalls, receiverReadsInput,
        List.of());
  }

  /** What surrounds a construction, or a call whose receiver is built from no call or input. */
  public CallContext(List<String> resultTypes, List<String> receiverLiterals) {
    this(resultTypes, false, receiverLiterals, List.of(), false);
  }
}
