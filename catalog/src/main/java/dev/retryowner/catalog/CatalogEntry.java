package dev.retryowner.catalog;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * One line of a catalog: a rule forbids (or requires) something about one type or member.
 *
 * @param rule the rule name this entry feeds, e.g. {@code RetryOutsideJobs}
 * @param kind what the entry names
 * @param typeName the binary name of the type ({@code Outer$Inner} for nested types)
 * @param memberName the method name, or empty when the entry names a type or its constructors
 * @param parameters the list written in parentheses after the target, if any: erased parameter
 *     types for {@code retrying-constructor} and {@code retrying-factory} (one overload), argument
 *     patterns for {@code no-retry} (see {@link ArgumentPattern})
 * @param reason why the thing is listed, shown to users next to each finding
 * @param library the library label from the last {@code @library} line, or empty
 * @param unlessJvmProperty the {@code key=value} JVM system property that makes the entry moot
 *     when the gate configuration declares it (from {@code @unless-jvm-property}), or empty
 * @param evidence what a call must show to be a finding ({@code used-as=}, {@code
 *     receiver-literal=} after the target), or {@link UseEvidence#NONE}
 * @param origin where the entry was read, as {@code file:line}
 * @param attempts how many attempts in all (the first one included) the library makes when the
 *     code configures nothing, from the {@code @attempts} line above the entry; empty when the
 *     catalog does not say
 * @param declaredInSubtypes true for a {@code client-builder} or {@code retrying-factory} method
 *     written {@code declared-in=subtypes}: a static method each subtype of the type declares (a
 *     family of generated clients, such as every AWS service client's {@code builder()}), not the
 *     type itself; a call matches through the subtype's supertypes like any other
 */
public record CatalogEntry(
    String rule,
    EntryKind kind,
    String typeName,
    String memberName,
    Optional<List<String>> parameters,
    String reason,
    String library,
    String unlessJvmProperty,
    UseEvidence evidence,
    String origin,
    OptionalInt attempts,
    boolean declaredInSubtypes) {

  public CatalogEntry {
    Objects.requireNonNull(rule, "rule");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(typeName, "typeName");
    Objects.requireNonNull(memberName, "memberName");
    parameters = parameters.map(List::copyOf);
    Objects.requireNonNull(reason, "reason");
    Objects.requireNonNull(library, "library");
    Objects.requireNonNull(unlessJvmProperty, "unlessJvmProperty");
    Objects.requireNonNull(evidence, "evidence");
    Objects.requireNonNull(origin, "origin");
    Objects.requireNonNull(attempts, "attempts");
  }

  /** An entry declared by its type itself. */
  public CatalogEntry(String rule, EntryKind kind, String typeName, String memberName,
      Optional<List<String>> parameters, String reason, String library, String unlessJvmProperty,
      UseEvidence evidence, String origin, OptionalInt attempts) {
    this(rule, kind, typeName, memberName, parameters, reason, library, unlessJvmProperty,
        evidence, origin, attempts, false);
  }

  /** An entry whose catalog says nothing about attempts. */
  public CatalogEntry(String rule, EntryKind kind, String typeName, String memberName,
      Optional<List<String>> parameters, String reason, String library, String unlessJvmProperty,
      UseEvidence evidence, String origin) {
    this(rule, kind, typeName, memberName, parameters, reason, library, unlessJvmProperty,
        evidence, origin, OptionalInt.empty());
  }

  /** An entry that needs no evidence. */
  public CatalogEntry(String rule, EntryKind kind, String typeName, String memberName,
      Optional<List<String>> parameters, String reason, String library, String unlessJvmProperty,
      String origin) {
    this(rule, kind, typeName, memberName, parameters, reason, library, unlessJvmProperty,
        UseEvidence.NONE, origin);
  }

  /** An entry naming a type or all overloads of a member, not moot under any JVM property. */
  public CatalogEntry(String rule, EntryKind kind, String typeName, String memberName,
      String reason, String library, String origin) {
    this(rule, kind, typeName, memberName, Optional.empty(), reason, library, "",
        UseEvidence.NONE, origin);
  }

  /**
   * The target as written in a catalog line: {@code pkg.Type}, {@code pkg.Type#method}, with the
   * parenthesized list if there is one.
   */
  public String target() {
    String member = memberName.isEmpty() ? typeName : typeName + "#" + memberName;
    return member + parameters.map(p -> "(" + String.join(", ", p) + ")").orElse("");
  }

  /**
   * The argument index an {@code attempts-argument} entry names: the {@code N} of {@code
   * pkg.Type#method(N)}.
   */
  public int attemptsArgumentIndex() {
    return Integer.parseInt(parameters.orElseThrow().get(0));
  }

  /**
   * The argument patterns of a {@code no-retry} or {@code redelivery-call} entry, in order; empty
   * when the entry has no parenthesized list.
   */
  public List<ArgumentPattern> argumentPatterns() {
    return parameters.orElse(List.of()).stream()
        .map(p -> ArgumentPattern.parse(p).orElseThrow())
        .toList();
  }

  /** The target as a reader writes it in Java source: nested types with dots. */
  public String displayName() {
    return target().replace('$', '.');
  }
}
