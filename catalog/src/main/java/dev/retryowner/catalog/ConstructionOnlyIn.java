package dev.retryowner.catalog;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The ConstructionOnlyIn shape of one rule, shared by every engine: the catalog's {@code
 * construct-only-in} types may be constructed only inside the rule's adapter packages, and a
 * {@code retrying-constructor} type cannot be constructed NoRetry at all, so its construction is
 * a finding inside the adapter too. Engines find the constructions (with the constructed type's
 * supertypes) and ask {@link #construction}; matching is by binary name only.
 *
 * <p>Without adapter packages every construction of a listed type is a finding whose message
 * says to configure them; code that constructs none of them has nothing to check.
 */
public final class ConstructionOnlyIn {
  private static final String SETTING = "searchAdapterPackages";

  private final RuleDescriptor rule;
  private final List<PackagePattern> adapterPackages;
  private final Map<String, CatalogEntry> onlyInAdapter = new HashMap<>();
  private final Map<String, CatalogEntry> retrying = new HashMap<>();

  private ConstructionOnlyIn(RuleDescriptor rule, List<PackagePattern> adapterPackages,
      List<CatalogEntry> entries) {
    this.rule = rule;
    this.adapterPackages = adapterPackages;
    for (CatalogEntry entry : entries) {
      if (entry.kind() == EntryKind.CONSTRUCT_ONLY_IN) {
        onlyInAdapter.putIfAbsent(entry.typeName(), entry);
      } else if (entry.kind() == EntryKind.RETRYING_CONSTRUCTOR) {
        retrying.putIfAbsent(entry.typeName(), entry);
      }
    }
  }

  /**
   * The shape of {@code rule} under {@code config}.
   *
   * @throws IllegalArgumentException if the rule is not of the ConstructionOnlyIn shape
   */
  public static ConstructionOnlyIn of(RuleDescriptor rule, GateConfig config) {
    if (!rule.equals(RuleRegistry.MEILI_CLIENT_RETRIES)) {
      throw new IllegalArgumentException(rule.name() + " is not a ConstructionOnlyIn rule");
    }
    return new ConstructionOnlyIn(rule, config.searchAdapterPackages(),
        config.catalog().entriesFor(rule.name()));
  }

  /** The packages that alone may construct the listed types; empty when not configured. */
  public List<PackagePattern> adapterPackages() {
    return adapterPackages;
  }

  /**
   * What is wrong with constructing a type in class {@code constructingClass}, if anything.
   *
   * @param constructedAndSupertypes binary names of the constructed type, then its supertypes
   *     (for an anonymous class: the anonymous class, then the type it extends)
   * @param what the construction as the message starts, e.g. {@code constructs pkg.Type}
   * @param constructingClass binary name of the class whose code constructs it
   */
  public Optional<EntryViolation> construction(List<String> constructedAndSupertypes, String what,
      String constructingClass) {
    Optional<CatalogEntry> onlyIn = first(onlyInAdapter, constructedAndSupertypes);
    if (onlyIn.isEmpty()) {
      return Optional.empty();
    }
    String used = what + coveredBy(onlyIn.get(), what);
    if (adapterPackages.isEmpty()) {
      return Optional.of(new EntryViolation(onlyIn.get(), used + ", but no search adapter is"
          + " configured: set " + SETTING + " (e.g. com.acme.search.meili) to the package that"
          + " alone builds the Meilisearch client, and build it only there"));
    }
    if (!isInAdapter(constructingClass)) {
      return Optional.of(new EntryViolation(onlyIn.get(), used + " outside the search adapter ("
          + SETTING + " " + adapterPackages + ")"));
    }
    return first(retrying, constructedAndSupertypes).map(entry -> new EntryViolation(entry,
        what + coveredBy(entry, what) + " in the search adapter, but every constructor builds a"
            + " retrying client, so the transport cannot be verified NoRetry"));
  }

  /**
   * True if constructing a type with these binary names (the type and its supertypes) is
   * restricted at all: {@link #construction} finds nothing for any other type.
   */
  public boolean restricts(List<String> constructedAndSupertypes) {
    return first(onlyInAdapter, constructedAndSupertypes).isPresent();
  }

  /** True if the class lies in one of the adapter packages. */
  public boolean isInAdapter(String binaryClassName) {
    return adapterPackages.stream().anyMatch(p -> p.matchesClass(binaryClassName));
  }

  /** The problem of an adapter pattern that matches none of the {@code classCount} classes. */
  public String unmatchedAdapterProblem(PackagePattern pattern, int classCount) {
    return rule.name() + ": " + SETTING + " pattern '" + pattern + "' matches none of the "
        + classCount + " imported classes, so no construction could ever be allowed. Fix "
        + SETTING + " to name the package of the search adapter that builds the Meilisearch"
        + " client, or import the classes of that package too.";
  }

  private static Optional<CatalogEntry> first(Map<String, CatalogEntry> entries,
      List<String> names) {
    return names.stream().map(entries::get).filter(e -> e != null).findFirst();
  }

  private static String coveredBy(CatalogEntry entry, String what) {
    return what.contains(entry.displayName()) ? "" : " (catalog entry " + entry.displayName() + ")";
  }
}
