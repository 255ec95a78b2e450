package dev.retryowner.source;

import dev.retryowner.catalog.ForbiddenUseIndex;
import java.util.HashSet;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The cheap text test run before a file is parsed: a file can declare something of a forbidden
 * type only if its text names, as a whole identifier, a forbidden type, a type it is nested in,
 * or (for catalog types) a known subtype of one; it can call a catalog method only if it names
 * the method. A nested type counts by its top-level type's name: {@code Builder} of {@code
 * RetryConfig$Builder} is written alone only after an import, or in a subclass, of {@code
 * RetryConfig}, and both name it (a subclass's own name is among the known subtypes).
 */
final class CatalogNameFilter {
  /** Names written only with these characters are looked up by scanning the text's words. */
  private static final Pattern WORD_NAME = Pattern.compile("[A-Za-z0-9_]+");

  private final Set<String> wordNames;
  private final int longestWordName;
  /** The other names (e.g. with non-ASCII letters), found as whole identifiers by a regex. */
  private final Pattern otherNames;

  private CatalogNameFilter(Set<String> simpleNames) {
    Set<String> words = new HashSet<>();
    Set<String> others = new TreeSet<>();
    simpleNames.forEach(name -> (WORD_NAME.matcher(name).matches() ? words : others).add(name));
    this.wordNames = Set.copyOf(words);
    this.longestWordName = words.stream().mapToInt(String::length).max().orElse(0);
    this.otherNames = others.isEmpty() ? null : Pattern.compile("(?<![\\w$])(?:"
        + others.stream().map(Pattern::quote).collect(Collectors.joining("|"))
        + ")(?![\\w$])");
  }

  /** The filter for the types {@code forbidden} lists and the known subtypes of them. */
  static CatalogNameFilter of(ForbiddenUseIndex forbidden, TypeRelations relations) {
    Set<String> types = new TreeSet<>();
    for (String type : forbidden.mentionedTypeNames()) {
      if (forbidden.type(type).isPresent()) {
        types.add(type);
      }
    }
    return ofTypesAndSubtypes(types, relations);
  }

  /** The filter for these types (binary names) and the known subtypes of them. */
  static CatalogNameFilter ofTypesAndSubtypes(Set<String> binaryNames, TypeRelations relations) {
    Set<String> types = new TreeSet<>(binaryNames);
    for (String known : relations.knownTypes()) {
      if (relations.selfAndSupertypes(known).stream().anyMatch(binaryNames::contains)) {
        types.add(known);
      }
    }
    return ofTypes(types);
  }

  /** The filter for exactly these types (binary names). */
  static CatalogNameFilter ofTypes(Set<String> binaryNames) {
    return ofTypesAndMembers(binaryNames, Set.of());
  }

  /** The filter for these types (binary names) and these member names. */
  static CatalogNameFilter ofTypesAndMembers(Set<String> binaryNames, Set<String> memberNames) {
    Set<String> simpleNames = new TreeSet<>(memberNames);
    binaryNames.forEach(type -> simpleNames.addAll(simpleNames(type)));
    return new CatalogNameFilter(simpleNames);
  }

  boolean mayMatch(String text) {
    return containsWordName(text) || (otherNames != null && otherNames.matcher(text).find());
  }

  /**
   * True if a maximal run of {@code [A-Za-z0-9_$]} characters is one of the word names: for a
   * name of word characters the same as finding {@code (?<![\w$])name(?![\w$])}, in one pass
   * instead of trying every name at every position of the text.
   */
  private boolean containsWordName(String text) {
    if (wordNames.isEmpty()) {
      return false;
    }
    int start = -1;
    for (int i = 0; i <= text.length(); i++) {
      boolean inWord = i < text.length() && isWordPart(text.charAt(i));
      if (inWord && start < 0) {
        start = i;
      } else if (!inWord && start >= 0) {
        if (i - start <= longestWordName && wordNames.contains(text.substring(start, i))) {
          return true;
        }
        start = -1;
      }
    }
    return false;
  }

  private static boolean isWordPart(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'
        || c == '$';
  }

  /**
   * {@code a.b.Outer$1Local$Inner} → {@code Outer}, {@code Local}, {@code Inner}: the names
   * source can write; anonymous classes ({@code $1}) have none.
   */
  private static Set<String> simpleNames(String binaryName) {
    String simple = binaryName.substring(binaryName.lastIndexOf('.') + 1);
    int nested = simple.indexOf('$');
    return Set.of(nested < 0 ? simple : simple.substring(0, nested));
  }
}
