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
 * <p>And what keeps it from being one:
 *
 * <ul>
 *   <li>{@code unless-setting=key:value}: an argument is a map or {@code Properties} that the same
 *       method sets {@code key} to {@code value} in ({@code props.put("retries", 0)}); {@code
 *       setting-keys=pkg.Owner#NAME,..} names the constants the code may write for the key
 *       ({@code ProducerConfig.RETRIES_CONFIG}). A client configured by a settings map is built
 *       with its retries on unless that map, where the code builds it, turns them off.
 * </ul>
 *
 * <p>An entry with neither of the first three needs no evidence; an entry with several needs one. So
 * {@code retrying-factory java.net.URL#openConnection used-as=java.net.HttpURLConnection
 * receiver-literal=https://} reports the HTTP connections and leaves {@code jar:} and
 * {@code file:} URLs alone.
 *
 * @param usedAs binary names of the types the result must be used as
 * @param receiverLiterals the prefixes a literal the receiver is built from must start with
 * @param receiverInputThrough the calls and constructions ({@code pkg.Owner#method}, {@code
 *     pkg.Owner#<init>}) an input may pass through on its way to the receiver; empty when an
 *     input is no evidence
 * @param unlessSetting the {@code key:value} setting of an argument that keeps the call from being
 *     a finding, or empty
 * @param settingKeys the constants ({@code pkg.Owner#NAME}) that stand for the setting's key
 */
public record UseEvidence(List<String> usedAs, List<String> receiverLiterals,
    List<String> receiverInputThrough, Optional<String> unlessSetting, List<String> settingKeys) {
  /** The evidence of an entry without attributes: none is needed. */
  public static final UseEvidence NONE = new UseEvidence(List.of(), List.of());

  /** A scheme at the start of a literal: {@code file:}, {@code jar:}, {@code https:}. */
  private static final Pattern SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]*:");

  public UseEvidence {
    usedAs = List.copyOf(usedAs);
    receiverLiterals = List.copyOf(receiverLiterals);
    receiverInputThrough = List.copyOf(receiverInputThrough);
    settingKeys = List.copyOf(settingKeys);
  }

  /** Evidence of the result's use or of the receiver's literals only. */
  public UseEvidence(List<String> usedAs, List<String> receiverLiterals) {
    this(usedAs, receiverLiterals, List.of(), Optional.empty(), List.of());
  }

  /** True if a call is a finding only when its context shows this evidence. */
  public boolean isRequired() {
    return !usedAs.isEmpty() || !receiverLiterals.isEmpty() || !receiverInputThrough.isEmpty();
  }

  /** True if whether a call is a finding depends on its context. */
  public boolean readsContext() {
    return isRequired() || unlessSetting.isPresent();
  }

  /**
   * The evidence {@code context} shows, as a finding words it ({@code its result is used as
   * javax.net.ssl.HttpsURLConnection}, the type the code names); empty if it shows none, or
   * shows the setting that keeps the call from being a finding. Not needed: an empty phrase.
   */
  public Optional<String> shownBy(CallContext context) {
    if (unlessSetting.isPresent() && setsOff(context)) {
      return Optional.empty();
    }
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

  /** True if an argument's settings give the key, or a constant standing for it, the value. */
  private boolean setsOff(CallContext context) {
    String setting = unlessSetting.orElseThrow();
    int colon = setting.indexOf(':');
    String key = setting.substring(0, colon);
    String value = setting.substring(colon + 1);
    return context.argumentSettings().stream().anyMatch(set -> {
      int equals = set.lastIndexOf('=');
      String written = set.substring(0, equals);
      return set.substring(equals + 1).equals(value)
          && (written.equals(key) || settingKeys.contains(written));
    });
  }

  private static boolean startsWithIgnoringCase(String text, String prefix) {
    return text.regionMatches(true, 0, prefix, 0, prefix.length());
  }
}
