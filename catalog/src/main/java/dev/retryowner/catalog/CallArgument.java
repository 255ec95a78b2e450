package dev.retryowner.catalog;

import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * One argument of a call, as an engine sees it.
 *
 * @param constantForms the {@link ArgumentPattern#canonical canonical forms} the argument may
 *     stand for (a source engine without a symbol solver may see several candidate owners of a
 *     constant); empty if the argument is not a constant an engine can read
 * @param types binary names the argument's static type may be, for telling overloads apart;
 *     empty if unknown, which matches any parameter type
 * @param sourceText the argument as written, for messages
 * @param constructions the construction the argument is ({@code new T(..)}), once for each type
 *     its written name may stand for, with its own arguments; empty if it is none
 */
public record CallArgument(Set<String> constantForms, Set<String> types, String sourceText,
    List<ClientCall> constructions) {
  public CallArgument {
    constantForms = Set.copyOf(constantForms);
    types = Set.copyOf(types);
    Objects.requireNonNull(sourceText, "sourceText");
    constructions = List.copyOf(constructions);
  }

  /** An argument that is no construction. */
  public CallArgument(Set<String> constantForms, Set<String> types, String sourceText) {
    this(constantForms, types, sourceText, List.of());
  }
}
