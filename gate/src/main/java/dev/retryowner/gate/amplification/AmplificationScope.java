package dev.retryowner.gate.amplification;

import dev.retryowner.catalog.Catalog;
import dev.retryowner.catalog.CatalogEntry;
import dev.retryowner.catalog.EntryKind;
import dev.retryowner.catalog.Finding;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The types that bound the classes the map must read: a path it draws runs from an entry point
 * through a retry layer to a request, so only the classes between those need reading.
 *
 * @param layerClasses the classes holding a retry layer: a helper, a loop, a retrying client
 *     construction
 * @param layerTypes the types whose users hold a layer: the job handler and listener types, and
 *     the client types of a library some construction leaves retrying (a call through such a
 *     client is a layer)
 * @param requests the client types whose calls send a request
 * @param always the types whose calls set attempt counts (a job kind's policy), needed wherever
 *     they are
 */
public record AmplificationScope(Set<String> layerClasses, Set<String> layerTypes,
    Set<String> requests, Set<String> always) {
  /** The rules whose findings mark retry layers. */
  private static final Set<String> LAYER_RULES =
      Set.of(RetryLayers.HELPERS, RetryLayers.LOOPS, RetryLayers.CLIENTS);

  public AmplificationScope {
    layerClasses = Set.copyOf(layerClasses);
    layerTypes = Set.copyOf(layerTypes);
    requests = Set.copyOf(requests);
    always = Set.copyOf(always);
  }

  /** The scope of the retry layers {@code siteFindings} show, with {@code catalog}'s entries. */
  public static AmplificationScope of(Catalog catalog, List<Finding> siteFindings) {
    Set<String> layerClasses = new HashSet<>();
    Set<String> layerTypes = new HashSet<>();
    Set<String> retryingLibraries = new HashSet<>();
    for (Finding finding : siteFindings) {
      if (LAYER_RULES.contains(finding.rule())) {
        layerClasses.add(finding.className());
      }
      if (finding.rule().equals(RetryLayers.CLIENTS)) {
        RetryLayers.entryFor(catalog, finding)
            .ifPresent(entry -> retryingLibraries.add(entry.library()));
      }
    }
    Set<String> requests = new HashSet<>();
    Set<String> always = new HashSet<>();
    for (CatalogEntry entry : catalog.entries()) {
      if (entry.kind() == EntryKind.CLIENT_CALL) {
        requests.add(entry.typeName());
        if (retryingLibraries.contains(entry.library())) {
          layerTypes.add(entry.typeName());
        }
      } else if (entry.kind() == EntryKind.ENTRY_TYPE) {
        layerTypes.add(entry.typeName());
      } else if (entry.kind() == EntryKind.ATTEMPTS_ARGUMENT) {
        always.add(entry.typeName());
      }
    }
    return new AmplificationScope(layerClasses, layerTypes, requests, always);
  }
}
