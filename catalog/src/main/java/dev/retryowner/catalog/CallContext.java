package dev.retryowner.catalog;

import java.util.List;

/**
 * What surrounds a call or construction, for the entries that need {@link UseEvidence}. Engines
 * read it the same way: through parentheses and the branches of {@code ?:}, the result is used as
 * the type it is cast to, or as the declared type of the variable it initializes or is assigned
 * to; the receiver is built from the string literals written in the receiver expression and, for
 * each local variable of the same method it reads, in that variable's initializer and
 * assignments (transitively).
 *
 * @param resultTypes the type the result is used as (the one the code names first), then its
 *     supertypes, binary names; empty when it is neither cast nor stored in a declared variable
 * @param receiverLiterals the values of the string literals the receiver is built from
 */
public record CallContext(List<String> resultTypes, List<String> receiverLiterals) {
  /** Nothing known around the call: a method reference, or an engine that did not look. */
  public static final CallContext NONE = new CallContext(List.of(), List.of());

  public CallContext {
    resultTypes = List.copyOf(resultTypes);
    receiverLiterals = List.copyOf(receiverLiterals);
  }
}
