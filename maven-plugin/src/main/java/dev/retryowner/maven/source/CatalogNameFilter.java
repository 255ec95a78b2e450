package dev.retryowner.maven.source;

import dev.retryowner.catalog.ForbiddenUseIndex;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The cheap text test run before a file is parsed: a file can declare something of a forbidden
 * type only if its text names, as a whole identifier, a forbidden type, a type it is nested in,
 * or (for catalog types) a known subtype of one; it can call a catalog method only if it names
 * the method. Every segment of a nested name counts ({@code Builder} of
 * {@code RetryConfig$Builder} may be written alone after an import or in a subclass).
 */
final class CatalogNameFilter {
  private final Pattern names;

  private CatalogNameFilter(Set<String> simpleNames) {
    this.names = simpleNames.isEmpty() ? null : Pattern.compile("(?<![\\w$])(?:"
        + simpleNames.stream().map(Pattern::quote).collect(Collectors.joining("|"))
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
    for (String known : relations.knownTypes()) {
      boolean forbiddenSubtype = relations.selfAndSupertypes(known).stream()
          .anyMatch(type -> forbidden.type(type).isPresent());
      if (forbiddenSubtype) {
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
    return names != null && names.matcher(text).find();
  }

  /**
   * {@code a.b.Outer$1Local$Inner} → {@code Outer}, {@code Local}, {@code Inner}: the names
   * source can write; anonymous classes ({@code $1}) have none.
   */
  private static Set<String> simpleNames(String binaryName) {
    Set<String> names = new TreeSet<>();
    for (String segment : binaryName.substring(binaryName.lastIndexOf('.') + 1).split("\\$")) {
      String name = segment.replaceFirst("^\\d+", "");
      if (!name.isEmpty()) {
        names.add(name);
      }
    }
    return names;
  }
}
