package dev.retryowner.catalog;

import java.util.List;
import java.util.Optional;

/**
 * What a call of a {@code retrying-factory} or {@code retrying-constructor} entry must show before
 * it is a finding, written after the entry's target:
 *
 * <ul>
 *   <li>{@code used-as=pkg.Type,..}: its result is cast to one of the types (or a subtype), or
 *       stored in a variable declared as one;
 *   <li>{@code receiver-literal=prefix,..}: its receiver is built, in the same method, from a
 *       string literal that starts with one of the prefixes (ignoring case).
 * </ul>
 *
 * <p>An entry with neither needs no evidence; an entry with both needs either. So
 * {@code retrying-factory java.net.URL#openConnection used-as=java.net.HttpURLConnection
 * receiver-literal=https://} reports the HTTP connections and leaves {@code jar:} and
 * {@code file:} URLs alone.
 *
 * @param usedAs binary names of the types the result must be used as
 * @param receiverLiterals the prefixes a literal the receiver is built from must start with
 */
public record UseEvidence(List<String> usedAs, List<String> receiverLiterals) {
  /** The evidence of an entry without attributes: none is needed. */
  public static final UseEvidence NONE = new UseEvidence(List.of(), List.of());

  public UseEvidence {
    usedAs = List.copyOf(usedAs);
    receiverLiterals = List.copyOf(receiverLiterals);
  }

  /** True if a call is a finding only when its context shows this evidence. */
  public boolean isRequired() {
    return !usedAs.isEmpty() || !receiverLiterals.isEmpty();
  }

  /**
   * The evidence {@code context} shows, as a finding words it ({@code its result is used as
   * javax.net.ssl.HttpsURLConnection}, the type the code names); empty if it shows none. Not
   * needed: an empty phrase.
   */
  public Optional<String> shownBy(CallContext context) {
    if (!isRequired()) {
      return Optional.of("");
    }
    if (context.resultTypes().stream().anyMatch(usedAs::contains)) {
      return Optional.of("its result is used as "
          + context.resultTypes().get(0).replace('$', '.'));
    }
    for (String literal : context.receiverLiterals()) {
      if (receiverLiterals.stream().anyMatch(prefix -> startsWithIgnoringCase(literal, prefix))) {
        return Optional.of("its receiver is built from \"" + literal + "\"");
      }
    }
    return Optional.empty();
  }

  private static boolean startsWithIgnoringCase(String text, String prefix) {
    return text.regionMatches(true, 0, prefix, 0, prefix.length());
  }
}
