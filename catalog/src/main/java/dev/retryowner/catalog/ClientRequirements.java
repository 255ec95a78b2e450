package dev.retryowner.catalog;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The BuilderRequirement shape of one rule, shared by every engine. Engines find the calls and
 * constructions, describe them as a {@link ClientCall}, and ask:
 *
 * <ul>
 *   <li>{@link #check}: a {@code no-retry} call without its NoRetry arguments (a different
 *       constant turns retries back on; a non-constant cannot be verified), a {@code
 *       retrying-factory} or {@code retrying-constructor} (with the evidence its entry asks for,
 *       if any: {@link UseEvidence}), or a {@code retrying-call};
 *   <li>{@link #origins} and {@link #builtWithout}: a client flow that starts at a {@code
 *       client-builder} and never calls one of its block's {@code no-retry} methods (in a block
 *       with {@code switch-on} entries, a flow that calls one of those too).
 * </ul>
 *
 * <p>Entries moot under a JVM property the configuration declares are left out.
 */
public final class ClientRequirements {
  private final List<CatalogEntry> entries;
  private final Set<String> methodNames = new HashSet<>();
  private final Set<String> constructedTypes = new HashSet<>();
  private final Set<String> typeNames = new HashSet<>();

  private ClientRequirements(List<CatalogEntry> entries) {
    this.entries = List.copyOf(entries);
    for (CatalogEntry entry : this.entries) {
      typeNames.add(entry.typeName());
      if (entry.memberName().isEmpty()) {
        constructedTypes.add(entry.typeName());
      } else {
        methodNames.add(entry.memberName());
      }
    }
  }

  /** The shape of {@code rule} under {@code config}. */
  public static ClientRequirements of(RuleDescriptor rule, GateConfig config) {
    return of(rule, config.catalog(), config.jvmProperties());
  }

  /**
   * The shape of {@code rule} from {@code catalog}, leaving out the entries one of the declared
   * {@code jvmProperties} ({@code key=value}) makes moot; for front ends that need no other
   * configuration.
   */
  public static ClientRequirements of(RuleDescriptor rule, Catalog catalog,
      Collection<String> jvmProperties) {
    Set<String> declared = Set.copyOf(jvmProperties);
    return new ClientRequirements(catalog.entriesFor(rule.name()).stream()
        .filter(e -> !declared.contains(e.unlessJvmProperty()))
        .toList());
  }

  /** The entries, each a client's method, factory or constructor. */
  public List<CatalogEntry> entries() {
    return entries;
  }

  /** Method names any entry names: a call of another name never matters. */
  public Set<String> methodNames() {
    return methodNames;
  }

  /**
   * Every type an entry names, as the owner of a method or as constructed: a call or construction
   * matters only on one of them or a subtype.
   */
  public Set<String> typeNames() {
    return typeNames;
  }

  /** Types whose construction some entry names: another construction never matters. */
  public Set<String> constructedTypes() {
    return constructedTypes;
  }

  /**
   * The most parameters or arguments any entry lists: an engine that cannot see which overload a
   * method reference stands for asks about each argument count up to this one.
   */
  public int maxArguments() {
    return entries.stream().mapToInt(e -> e.parameters().map(List::size).orElse(0)).max()
        .orElse(0);
  }

  /**
   * The {@code client-builder} entries a call or construction starts a client flow at, one a
   * block: a construction of exactly the entry's type, or a call of the entry's static method
   * (declared by the type or, {@code declared-in=subtypes}, by the subtype called). Two blocks
   * that start at the same call each ask for their own NoRetry call.
   */
  public List<CatalogEntry> origins(ClientCall call) {
    return entries.stream()
        .filter(e -> e.kind() == EntryKind.CLIENT_BUILDER && names(e, call))
        .toList();
  }

  /**
   * What is wrong with the call itself, if anything: a NoRetry call with other arguments, a
   * retrying factory or constructor, a call that turns retries on.
   */
  public Optional<EntryViolation> check(ClientCall call) {
    List<CatalogEntry> noRetry = entries.stream()
        .filter(e -> e.kind() == EntryKind.NO_RETRY && names(e, call)
            && e.parameters().orElseThrow().size() == call.arguments().size())
        .toList();
    if (!noRetry.isEmpty()) {
      return noRetryArguments(noRetry, call);
    }
    for (CatalogEntry e : retryingEntriesNaming(call)) {
      Optional<String> evidence = e.evidence().shownBy(call.context());
      if (evidence.isPresent()) {
        return Optional.of(new EntryViolation(e, call.describe(e.typeName()) + switch (e.kind()) {
          case RETRYING_CALL -> ", which turns the client's retries on";
          case RETRYING_CONSTRUCTOR -> ", which builds a client with its retries on";
          default -> ", which returns a client with its retries on";
        } + (evidence.get().isEmpty() ? "" : " (" + evidence.get() + ")")));
      }
    }
    return Optional.empty();
  }

  /**
   * True if {@link #check} reads the call's {@link ClientCall#context context}: an entry that
   * names it is a finding only with evidence ({@code used-as=}, {@code receiver-literal=}).
   * Engines describe what surrounds a call only then.
   */
  public boolean needsContext(ClientCall call) {
    return retryingEntriesNaming(call).stream().anyMatch(e -> e.evidence().readsContext());
  }

  private List<CatalogEntry> retryingEntriesNaming(ClientCall call) {
    return entries.stream()
        .filter(e -> (e.kind() == EntryKind.RETRYING_FACTORY
            || e.kind() == EntryKind.RETRYING_CONSTRUCTOR
            || e.kind() == EntryKind.RETRYING_CALL)
            && names(e, call) && overloadMatches(e, call))
        .toList();
  }

  /**
   * The finding for a client flow that started at {@code origin} and called only {@code
   * methodsInFlow}, if none of them is one of the NoRetry methods of the origin's block.
   */
  public Optional<EntryViolation> builtWithout(CatalogEntry origin, ClientCall originCall,
      Collection<String> methodsInFlow) {
    List<CatalogEntry> switches = noRetryMethodsOf(origin);
    boolean switchedOff = switches.stream().anyMatch(e -> methodsInFlow.contains(e.memberName()));
    if (switchedOff) {
      return Optional.empty();
    }
    List<CatalogEntry> switchesOn = blockEntries(origin, EntryKind.SWITCH_ON);
    Optional<CatalogEntry> switchedOn = switchesOn.stream()
        .filter(e -> methodsInFlow.contains(e.memberName())).findFirst();
    if (!switchesOn.isEmpty() && switchedOn.isEmpty()) {
      return Optional.empty();
    }
    String alternatives = switches.stream().map(ClientRequirements::callText).distinct()
        .collect(Collectors.joining(" or "));
    return Optional.of(new EntryViolation(origin, originCall.describe(origin.typeName())
        + switchedOn.map(on -> ", switches its retries on with " + on.memberName() + "(..)")
            .orElse("")
        + " and never calls " + alternatives + " on it in this method, so its retries stay on"));
  }

  /**
   * The types whose methods configure a client flow from {@code origin}, as far as the catalog
   * tells: the types of its block's {@code no-retry} and {@code retrying-call} methods. An engine
   * that cannot read what a static origin such as {@code Clients.custom()} returns takes the calls
   * chained on it as calls on one of these (not on the origin's own class, whose static methods,
   * such as a retrying factory, a builder may share names with).
   */
  public Set<String> flowTypes(CatalogEntry origin) {
    Set<String> types = new LinkedHashSet<>();
    entries.stream()
        .filter(e -> (e.kind() == EntryKind.NO_RETRY || e.kind() == EntryKind.RETRYING_CALL
            || e.kind() == EntryKind.SWITCH_ON)
            && !e.memberName().isEmpty() && e.library().equals(origin.library()))
        .forEach(e -> types.add(e.typeName()));
    return types;
  }

  /**
   * The NoRetry call a suggested fix inserts into a flow from {@code origin} whose value has the
   * types {@code originTypes} (binary names, supertypes included): the first of its block that
   * is declared on one of them and whose arguments can all be written out. A switch made on a
   * nested builder (in a lambda the flow passes it to) is never inserted into the flow itself.
   */
  public Optional<CatalogEntry> fixFor(CatalogEntry origin, Collection<String> originTypes) {
    return noRetryMethodsOf(origin).stream()
        .filter(e -> originTypes.contains(e.typeName())
            && e.argumentPatterns().stream().allMatch(ArgumentPattern::isConstant))
        .findFirst();
  }

  private List<CatalogEntry> noRetryMethodsOf(CatalogEntry origin) {
    return blockEntries(origin, EntryKind.NO_RETRY);
  }

  /** The method entries of {@code kind} in {@code origin}'s {@code @library} block. */
  private List<CatalogEntry> blockEntries(CatalogEntry origin, EntryKind kind) {
    return entries.stream()
        .filter(e -> e.kind() == kind && !e.memberName().isEmpty()
            && e.library().equals(origin.library()))
        .toList();
  }

  private static Optional<EntryViolation> noRetryArguments(List<CatalogEntry> noRetry,
      ClientCall call) {
    for (CatalogEntry entry : noRetry) {
      List<ArgumentPattern> patterns = entry.argumentPatterns();
      boolean accepted = true;
      for (int i = 0; i < patterns.size(); i++) {
        accepted &= patterns.get(i).accepts(call.arguments().get(i));
      }
      if (accepted) {
        return Optional.empty();
      }
    }
    CatalogEntry first = noRetry.get(0);
    String described = call.describe(first.typeName());
    List<ArgumentPattern> patterns = first.argumentPatterns();
    boolean unverifiable = false;
    for (int i = 0; i < patterns.size(); i++) {
      unverifiable |= !patterns.get(i).sees(call.arguments().get(i));
    }
    String wanted = noRetry.stream().map(ClientRequirements::callText).distinct()
        .collect(Collectors.joining(" or "));
    String message = unverifiable
        ? described + " with an argument that is not a constant, so its retries cannot be"
            + " verified off; write " + wanted
        : described + ", which leaves its retries on; NoRetry is " + wanted;
    return Optional.of(new EntryViolation(first, message));
  }

  private static boolean names(CatalogEntry entry, ClientCall call) {
    return entry.memberName().equals(call.method())
        && (call.method().isEmpty()
            ? call.ownerTypes().get(0).equals(entry.typeName())
            : call.ownerTypes().contains(entry.typeName()));
  }

  private static boolean overloadMatches(CatalogEntry entry, ClientCall call) {
    if (entry.parameters().isEmpty()) {
      return true;
    }
    List<String> parameterTypes = entry.parameters().get();
    if (parameterTypes.size() != call.arguments().size()) {
      return false;
    }
    for (int i = 0; i < parameterTypes.size(); i++) {
      Set<String> types = call.arguments().get(i).types();
      if (!types.isEmpty() && !types.contains(parameterTypes.get(i))) {
        return false;
      }
    }
    return true;
  }

  /** A {@code no-retry} entry as a reader writes it: {@code retryOnConnectionFailure(false)}. */
  private static String callText(CatalogEntry noRetry) {
    List<String> arguments = new ArrayList<>();
    for (ArgumentPattern pattern : noRetry.argumentPatterns()) {
      arguments.add(pattern.toString());
    }
    String name = noRetry.memberName().isEmpty()
        ? "new " + noRetry.typeName().replace('$', '.') : noRetry.memberName();
    return name + "(" + String.join(", ", arguments) + ")";
  }
}
