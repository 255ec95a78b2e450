package dev.retryowner.catalog;

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
 */
public record CallArgument(Set<String> constantForms, Set<String> types, String sourceText) {
  public CallArgument {
    constantForms = Set.copyOf(constantForms);
    types = Set.copyOf(types);
    Objects.requireNonNull(sourceText, "sourceText");
  }
}
