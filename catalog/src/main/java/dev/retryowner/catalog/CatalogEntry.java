package dev.retryowner.catalog;

import java.util.Objects;

/**
 * One line of a catalog: a rule forbids (or requires) something about one type or member.
 *
 * @param rule the rule name this entry feeds, e.g. {@code RetryOutsideJobs}
 * @param kind what the entry names
 * @param typeName the binary name of the type ({@code Outer$Inner} for nested types)
 * @param memberName the method name for the kinds that {@link EntryKind#namesMethod() name a
 *     method}, otherwise empty
 * @param reason why the thing is listed, shown to users next to each finding
 * @param library the library label from the last {@code @library} line, or empty
 * @param origin where the entry was read, as {@code file:line}
 */
public record CatalogEntry(
    String rule,
    EntryKind kind,
    String typeName,
    String memberName,
    String reason,
    String library,
    String origin) {

  public CatalogEntry {
    Objects.requireNonNull(rule, "rule");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(typeName, "typeName");
    Objects.requireNonNull(memberName, "memberName");
    Objects.requireNonNull(reason, "reason");
    Objects.requireNonNull(library, "library");
    Objects.requireNonNull(origin, "origin");
  }

  /** The target as written in a catalog line: {@code pkg.Type} or {@code pkg.Type#method}. */
  public String target() {
    return memberName.isEmpty() ? typeName : typeName + "#" + memberName;
  }

  /** The target as a reader writes it in Java source: nested types with dots. */
  public String displayName() {
    return target().replace('$', '.');
  }
}
