package dev.retryowner.catalog;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Lookups for the RetryLoop shape of one rule: the catalog's {@code method} entries are the calls
 * that wait (sleep, park, schedule later). Engines walk the receiver's supertypes themselves and
 * ask about each; matching is by binary name only.
 */
public final class DelayCalls {
  private final Map<String, Map<String, CatalogEntry>> methodsByOwner = new HashMap<>();

  DelayCalls(List<CatalogEntry> entries) {
    for (CatalogEntry entry : entries) {
      if (entry.kind() == EntryKind.METHOD) {
        methodsByOwner.computeIfAbsent(entry.typeName(), t -> new HashMap<>())
            .putIfAbsent(entry.memberName(), entry);
      }
    }
  }

  /** The entry for a method named {@code methodName} declared on {@code ownerBinaryName}. */
  public Optional<CatalogEntry> method(String ownerBinaryName, String methodName) {
    Map<String, CatalogEntry> methods = methodsByOwner.get(ownerBinaryName);
    return Optional.ofNullable(methods == null ? null : methods.get(methodName));
  }

  /** The method names of every delay call, whatever the owner: a cheap pre-filter for sources. */
  public Set<String> methodNames() {
    return methodsByOwner.values().stream().flatMap(m -> m.keySet().stream())
        .collect(Collectors.toUnmodifiableSet());
  }
}
