package dev.retryowner.catalog;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What a call of a {@code retrying-factory} or {@code retrying-constructor} entry must show before
 * it is a finding, written after the entry's target:
 *
 * <ul>
 *   <li>{@code used-as=pkg.Type,..}: its result is cast to one of the types (or a subtype), or
 *       stored in a variable declared as one;
 *   <li>{@code receiver-literal=prefix,..}: its receiver is built, in the same method, from a
 *       string literal that starts with one of the prefixes (ignoring case);
 *   <li>{@code receiver-input-through=pkg.Owner#method,..}: its receiver is the caller's or the
 *       configuration's (built from a parameter or a field, as it is or through only the listed
 *       calls and constructions) and no string literal it is built from names a scheme: the code
 *       leaves the scheme to its input, and accepts the prefixes' schemes among others.
 * </ul>
 *
 * <p>An entry with neither needs no evidence; an entry with both needs either. So
 * {@code retrying-factory java.net.URL#openConnection used-as=java.net.HttpURLConnection
 * receiver-literal=https://} reports the HTTP connections and leaves {@code jar:} and
 * {@code file:} URLs alone.
 *
 * @param usedAs binary names of the types the result must be used as
 * @param receiverLiterals the prefixes a literal the receiver is built from must start with
 * @param receiverInputThrough the calls and constructions ({@code pkg.Owner#method}, {@code
 *     pkg.Owner#<init>}) an input may pass through on its way to the receiver; empty when an
 *     input is no evidence
 */
public record UseEvidence(List<String> usedAs, List<String> receiverLiterals,
    List<String> receiverInputThrough) {
  /** The evidence of an entry without attributes: none is needed. */
  public static final UseEvidence NONE = new UseEvidence(List.of(), List.of());

  /** A scheme at the start of a literal: {@code file:}, {@code jar:}, {@code https:}. */
  private static final Pattern SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]*:");

  public UseEvidence {
    usedAs = List.copyOf(usedAs);
    receiverLiterals = List.copyOf(receiverLiterals);
    receiverInputThrough = List.copyOf(receiverInputThrough);
  }

  /** Evidence of the result's use or of the receiver's literals only. */
  public UseEvidence(List<String> usedAs, List<String> receiverLiterals) {
    this(usedAs, receiverLiterals, List.of());
  }

  /** True if a call is a finding only when its context shows this evidence. */
  public boolean isRequired() {
    return !usedAs.isEmpty() || !receiverLiterals.isEmpty() || !receiverInputThrough.isEmpty();
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
    if (leavesSchemeToInput(context)) {
      return Optional.of("its receiver comes from a parameter or field and nothing here fixes"
          + " its scheme, so " + String.join(" and ", receiverLiterals) + " URLs can reach it");
    }
    return Optional.empty();
  }

  /**
   * The receiver is an input passed on only through the listed calls, no literal it is built
   * from names a scheme (a class-loader resource, a file's URL or a {@code jar:} literal would),
   * and the result is cast to no other type than the used-as ones (a cast to a {@code jar:}
   * connection says which scheme the code expects).
   */
  private boolean leavesSchemeToInput(CallContext context) {
    return !receiverInputThrough.isEmpty() && context.receiverReadsInput()
        && !context.resultCast()
        && receiverInputThrough.containsAll(context.receiverCalls())
        && context.receiverLiterals().stream().noneMatch(l -> SCHEME.matcher(l).find());
  }

  private static boolean startsWithIgnoringCase(String text, String prefix) {
    return text.regionMatches(true, 0, prefix, 0, prefix.length());
  }
}
