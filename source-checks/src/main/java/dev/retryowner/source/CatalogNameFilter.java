package dev.retryowner.source;

import dev.retryowner.catalog.CodeWords;
import dev.retryowner.catalog.ForbiddenUseIndex;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The cheap text test run before a file is parsed: a file can declare something of a forbidden
 * type only if its text names, as a whole identifier, a forbidden type, a type it is nested in,
 * or (for catalog types) a known subtype of one; it can call a catalog method only if it names
 * the method. A nested type counts by its top-level type's name: {@code Builder} of {@code
 * RetryConfig$Builder} is written alone only after an import, or in a subclass, of {@code
 * RetryConfig}, and both name it (a subclass's own name is among the known subtypes).
 */
final class CatalogNameFilter {
  private final Set<String> names;

  private CatalogNameFilter(Set<String> simpleNames) {
    this.names = Set.copyOf(simpleNames);
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

  /**
   * One filter for each of these types (binary names), for the type and the known subtypes of
   * it; one pass over the known types for all of them.
   */
  static Map<String, CatalogNameFilter> eachWithSubtypes(Set<String> binaryNames,
      TypeRelations relations) {
    Map<String, Set<String>> subtypes = new HashMap<>();
    binaryNames.forEach(type -> subtypes.put(type, new TreeSet<>(Set.of(type))));
    for (String known : relations.knownTypes()) {
      for (String supertype : relations.selfAndSupertypes(known)) {
        Set<String> of = subtypes.get(supertype);
        if (of != null) {
          of.add(known);
        }
      }
    }
    Map<String, CatalogNameFilter> filters = new HashMap<>();
    subtypes.forEach((type, types) -> filters.put(type, ofTypes(types)));
    return filters;
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

  /** True if the code has one of the names as a whole identifier. */
  boolean mayMatch(CodeWords code) {
    return code.hasAny(names);
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
