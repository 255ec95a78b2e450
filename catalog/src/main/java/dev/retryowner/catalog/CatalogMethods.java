package dev.retryowner.catalog;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * The catalog entries of some method kinds for one rule, looked up by owner and method name: for
 * the retry shapes the delay calls ({@code method} entries: sleep, park, schedule later), the
 * calls that send a request ({@code resend-call}), hand a message back to its broker ({@code
 * redelivery-call}) or ask a back-off schedule for the next wait ({@code backoff-call}).
 * Engines walk the receiver's supertypes themselves and ask about each; matching is by binary
 * name only.
 */
public final class CatalogMethods {
  private final Map<String, Map<String, CatalogEntry>> methodsByOwner = new HashMap<>();

  CatalogMethods(List<CatalogEntry> entries, Predicate<EntryKind> kinds) {
    for (CatalogEntry entry : entries) {
      if (kinds.test(entry.kind())) {
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

  /** The method names of every entry, whatever the owner: a cheap pre-filter for sources. */
  public Set<String> methodNames() {
    return methodsByOwner.values().stream().flatMap(m -> m.keySet().stream())
        .collect(Collectors.toUnmodifiableSet());
  }
}
