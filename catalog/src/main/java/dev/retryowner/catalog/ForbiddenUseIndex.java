package dev.retryowner.catalog;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Lookups for the ForbiddenUse shape of one rule. Engines walk the type hierarchy themselves and
 * ask about each supertype; matching is by binary name only, never by simple name.
 */
public final class ForbiddenUseIndex {
  private final Map<String, CatalogEntry> types = new HashMap<>();
  private final Map<String, CatalogEntry> constructors = new HashMap<>();
  private final Map<String, CatalogEntry> annotations = new HashMap<>();
  private final Map<String, Map<String, CatalogEntry>> methodsByOwner = new HashMap<>();
  private final Map<String, Set<String>> runsByOwner = new HashMap<>();

  ForbiddenUseIndex(List<CatalogEntry> entries) {
    for (CatalogEntry entry : entries) {
      switch (entry.kind()) {
        case TYPE -> types.putIfAbsent(entry.typeName(), entry);
        case CONSTRUCTOR -> constructors.putIfAbsent(entry.typeName(), entry);
        case ANNOTATION -> annotations.putIfAbsent(entry.typeName(), entry);
        case METHOD -> methodsByOwner.computeIfAbsent(entry.typeName(), t -> new HashMap<>())
            .putIfAbsent(entry.memberName(), entry);
        // Scope entries say where the rule applies, not what it forbids.
        case SCOPE_ANNOTATION, SCOPE_TYPE -> { }
        // Construction entries feed ConstructionOnlyIn, not a ForbiddenUse rule.
        case CONSTRUCT_ONLY_IN, RETRYING_CONSTRUCTOR, CLIENT_BUILDER, NO_RETRY, RETRYING_FACTORY,
            RETRYING_CALL, SWITCH_ON -> { }
        // Re-sending, redelivery, back-off, state-query and address-lookup calls feed the retry
        // shapes, which read them in their place; a call alone is no violation.
        case RESEND_CALL, REDELIVERY_CALL, BACKOFF_CALL, STATE_QUERY, ADDRESS_LOOKUP -> { }
        // The amplification map's entries say where requests go, where paths start and how many
        // attempts a retry makes; none is a use to forbid.
        case CLIENT_CALL, ENTRY_TYPE, ATTEMPTS_ARGUMENT -> { }
        case RUNS -> runsByOwner.computeIfAbsent(entry.typeName(), t -> new HashSet<>())
            .add(entry.memberName());
      }
    }
  }

  /**
   * The entry forbidding this type, if any: an entry for the type itself or for a type it is
   * nested in ({@code RetryConfig$Builder} is part of the {@code RetryConfig} API).
   */
  public Optional<CatalogEntry> type(String binaryName) {
    for (String name = binaryName; ; name = name.substring(0, name.lastIndexOf('$'))) {
      CatalogEntry entry = types.get(name);
      if (entry != null) {
        return Optional.of(entry);
      }
      if (name.lastIndexOf('$') < 0) {
        return Optional.empty();
      }
    }
  }

  /**
   * The entry forbidding constructing this exact type: a constructor entry, or the type entry
   * when the whole type is forbidden. Engines ask again for each supertype.
   */
  public Optional<CatalogEntry> constructor(String binaryName) {
    CatalogEntry entry = constructors.get(binaryName);
    return entry != null ? Optional.of(entry) : type(binaryName);
  }

  /** The entry forbidding this exact annotation type, if any. */
  public Optional<CatalogEntry> annotation(String binaryName) {
    return Optional.ofNullable(annotations.get(binaryName));
  }

  /**
   * The entry forbidding a method named {@code methodName} declared on (or inherited through)
   * {@code ownerBinaryName}: a method entry, or the type entry when the whole type is forbidden.
   */
  public Optional<CatalogEntry> method(String ownerBinaryName, String methodName) {
    Map<String, CatalogEntry> methods = methodsByOwner.get(ownerBinaryName);
    CatalogEntry entry = methods == null ? null : methods.get(methodName);
    return entry != null ? Optional.of(entry) : type(ownerBinaryName);
  }

  /**
   * True if a method named {@code methodName} declared on {@code ownerBinaryName} runs work under
   * its retry (a {@code runs} entry); engines ask again for each supertype.
   */
  public boolean runs(String ownerBinaryName, String methodName) {
    return runsByOwner.getOrDefault(ownerBinaryName, Set.of()).contains(methodName);
  }

  /** Every type name this rule mentions: types, annotations and method owners. */
  public Set<String> mentionedTypeNames() {
    Set<String> names = new HashSet<>(types.keySet());
    names.addAll(constructors.keySet());
    names.addAll(annotations.keySet());
    names.addAll(methodsByOwner.keySet());
    return Set.copyOf(names);
  }

  /**
   * The method names of every method entry, whatever the owner: a call of any other name can only
   * be a use through a type entry.
   */
  public Set<String> methodNames() {
    Set<String> names = new HashSet<>();
    methodsByOwner.values().forEach(methods -> names.addAll(methods.keySet()));
    return Set.copyOf(names);
  }

  /** True if the rule forbids whole types: only then can a field or a declaration be a use. */
  public boolean hasTypes() {
    return !types.isEmpty();
  }

  /** True if the rule forbids constructing some type without forbidding the whole type. */
  public boolean hasConstructors() {
    return !constructors.isEmpty();
  }

  /** True if the rule forbids annotations. */
  public boolean hasAnnotations() {
    return !annotations.isEmpty();
  }

  public boolean isEmpty() {
    return types.isEmpty() && constructors.isEmpty() && annotations.isEmpty()
        && methodsByOwner.isEmpty();
  }
}
