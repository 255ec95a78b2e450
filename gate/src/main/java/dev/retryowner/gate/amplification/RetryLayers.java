package dev.retryowner.gate.amplification;

import dev.retryowner.catalog.Catalog;
import dev.retryowner.catalog.CatalogEntry;
import dev.retryowner.catalog.EntryKind;
import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.RuleRegistry;
import dev.retryowner.catalog.Site;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * The retry layers of the classes read, each with its attempts: the methods that retry what
 * they call (a helper call, a loop), the methods a retry annotation wraps, the clients of each
 * library as the code builds them, and the job handlers' policies. The findings of the site
 * rules say where the layers are; the catalog and the bytecode say how many attempts each makes.
 */
final class RetryLayers {
  static final String HELPERS = RuleRegistry.RETRY_OUTSIDE_JOBS.name();
  static final String LOOPS = RuleRegistry.HAND_ROLLED_RETRY.name();
  static final String CLIENTS = RuleRegistry.HTTP_CLIENT_RETRIES.name();

  private final CallGraph graph;
  private final Catalog catalog;
  /** The methods that retry what they call, and the layer they are. */
  private final Map<MethodId, Layer> retryingMethods = new HashMap<>();
  /** The methods a retry annotation wraps: a call of one runs it again after a failure. */
  private final Map<MethodId, Layer> retriedWhenCalled = new HashMap<>();
  /** The loops of each class, for the clients they are registered on. */
  private final Map<String, List<Layer>> loopsByClass = new HashMap<>();
  /** The methods holding a construction the client rule reports (its retries stay on). */
  private final Map<MethodId, Finding> retryingConstructions = new HashMap<>();
  /** The {@code client-call} entries, by the type they name. */
  private final Map<String, List<CatalogEntry>> clientCalls = new HashMap<>();
  private final Map<String, Map<MethodId, Layer>> constructions = new HashMap<>();
  /** The stores of clients into fields, by field; read on first use. */
  private Map<String, List<StoreSite>> clientStores;

  RetryLayers(CallGraph graph, Catalog catalog, List<Finding> siteFindings) {
    this.graph = graph;
    this.catalog = catalog;
    Map<MethodId, List<Layer>> sites = new LinkedHashMap<>();
    for (Finding finding : siteFindings) {
      if (finding.rule().equals(HELPERS)) {
        helperLayer(finding, sites);
      } else if (finding.rule().equals(LOOPS)) {
        graph.methodAt(finding.className(), finding.member(), finding.line(), m -> true)
            .ifPresent(method -> {
              Layer loop = loopLayer(finding, method);
              sites.computeIfAbsent(method.id(), m -> new ArrayList<>()).add(loop);
              loopsByClass.computeIfAbsent(finding.className(), c -> new ArrayList<>())
                  .add(loop);
            });
      } else if (finding.rule().equals(CLIENTS)) {
        graph.methodAt(finding.className(), finding.member(), finding.line(), m -> true)
            .ifPresent(method -> retryingConstructions.putIfAbsent(method.id(), finding));
      }
    }
    sites.forEach((method, layers) -> retryingMethods.put(method, Layer.largest(layers)));
    for (CatalogEntry entry : catalog.entriesFor(CLIENTS)) {
      if (entry.kind() == EntryKind.CLIENT_CALL) {
        clientCalls.computeIfAbsent(entry.typeName(), t -> new ArrayList<>()).add(entry);
      }
    }
  }

  /** The layer a method is when it retries what it calls, if it does. */
  Optional<Layer> retrying(MethodId method) {
    return Optional.ofNullable(retryingMethods.get(method));
  }

  /**
   * The layer that runs again the work handed to {@code method}: the method's own retry, or the
   * retry of a method it passes one of its parameters to unchanged (one level: a wrapper around
   * a policy).
   */
  Optional<Layer> rerunsHandedWork(MethodId method) {
    Optional<Layer> own = retrying(method);
    if (own.isPresent()) {
      return own;
    }
    List<Layer> passedOn = new ArrayList<>();
    graph.method(method).ifPresent(code -> code.calls().stream()
        .filter(MethodCode.Call::forwardsParameter)
        .forEach(call -> graph.targets(call.target()).forEach(target -> retrying(target)
            .ifPresent(layer -> passedOn.add(new Layer(layer.attempts(), "it hands the work"
                + " on to " + target.shortName() + ": " + layer.what(), false))))));
    return passedOn.isEmpty() ? Optional.empty() : Optional.of(Layer.largest(passedOn));
  }

  /** The layer a call of the method goes through when a retry annotation wraps it. */
  Optional<Layer> retriedWhenCalled(MethodId method) {
    return Optional.ofNullable(retriedWhenCalled.get(method));
  }

  /** The library whose clients a call of {@code method} sends through, if it sends. */
  Optional<String> clientLibrary(MethodId method) {
    return clientCalls.getOrDefault(method.owner(), List.of()).stream()
        .filter(e -> e.memberName().isEmpty() || e.memberName().equals(method.name()))
        .map(CatalogEntry::library).findFirst();
  }

  /**
   * The attempts one send through a client of {@code library} makes at {@code call}: those of
   * the construction its receiver comes from, when the method shows it (built there, read from a
   * field the classes read store a built client in, or returned by a method that builds one);
   * else the most any construction of the library in the classes read makes, unknown when none
   * is there. A construction makes its library's attempts when the client rule reports it, 1
   * when it is built NoRetry, and at least the attempts of a retry loop constructed beside it
   * (an interceptor that sends again).
   */
  Layer client(String library, MethodId caller, MethodCode.Call call) {
    Map<MethodId, Layer> built = constructions.computeIfAbsent(library, this::constructions);
    Set<MethodId> builders = new LinkedHashSet<>(buildersOf(call.receiver(), caller, built));
    for (String field : call.receiver().fields()) {
      for (StoreSite store : storesOf(field)) {
        builders.addAll(buildersOf(store.value(), store.method(), built));
      }
    }
    if (!builders.isEmpty()) {
      return Layer.largest(builders.stream().map(built::get).toList());
    }
    if (built.isEmpty()) {
      return Layer.unknown("no " + library + " client is built in the classes read (built by a"
          + " framework or another module?), so its attempts are unknown");
    }
    Layer any = Layer.largest(built.values());
    return new Layer(any.attempts(), "the client is handed in, so the most any " + library
        + " client built in the classes read makes: " + any.what(), false);
  }

  /**
   * The methods that built a client found in {@code method} with this source: the method itself
   * when the value comes from a library call there (a builder's {@code build()}), the methods of
   * the application it comes from that build one (a factory).
   */
  private Set<MethodId> buildersOf(MethodCode.Source source, MethodId method,
      Map<MethodId, Layer> built) {
    Set<MethodId> builders = new LinkedHashSet<>();
    for (MethodId producer : source.producedBy()) {
      Set<MethodId> targets = graph.targets(producer);
      if (targets.isEmpty() && built.containsKey(method)) {
        builders.add(method);
      }
      targets.stream().filter(built::containsKey).forEach(builders::add);
    }
    return builders;
  }

  /** A store of a client into a field: the storing method and where the client comes from. */
  private record StoreSite(MethodId method, MethodCode.Source value) {}

  private List<StoreSite> storesOf(String field) {
    if (clientStores == null) {
      clientStores = new HashMap<>();
      for (ClassCode type : graph.types()) {
        for (MethodCode method : type.methods()) {
          for (MethodCode.ClientStore store : method.clientStores()) {
            clientStores.computeIfAbsent(store.field(), f -> new ArrayList<>())
                .add(new StoreSite(method.id(), store.value()));
          }
        }
      }
    }
    return clientStores.getOrDefault(field, List.of());
  }

  /** Every method of the classes read that builds a client of {@code library}, with its layer. */
  private Map<MethodId, Layer> constructions(String library) {
    List<CatalogEntry> entries = catalog.entriesFor(CLIENTS).stream()
        .filter(e -> e.library().equals(library))
        .filter(e -> e.kind() == EntryKind.CLIENT_BUILDER || e.kind() == EntryKind.RETRYING_FACTORY
            || e.kind() == EntryKind.RETRYING_CONSTRUCTOR)
        .toList();
    Map<MethodId, Layer> built = new LinkedHashMap<>();
    for (ClassCode type : graph.types()) {
      for (MethodCode method : type.methods()) {
        method.calls().stream()
            .flatMap(call -> entries.stream().filter(e -> constructs(e, call.target())))
            .findFirst()
            .ifPresent(entry -> built.put(method.id(), construction(type, method, entry)));
      }
    }
    return built;
  }

  /** One place that builds a client: NoRetry, or its library's attempts, and the loops beside. */
  private Layer construction(ClassCode type, MethodCode method, CatalogEntry entry) {
    Finding retrying = retryingConstructions.get(method.id());
    String where = Hop.location(type.sourcePath(), type.name(), retrying != null ? retrying.line()
        : method.firstLine());
    Layer base = retrying == null ? Layer.of(1, "built NoRetry at " + where)
        : entry.attempts().isPresent()
            ? Layer.of(entry.attempts().getAsInt(), "built with its retries on at " + where
                + " (" + entry.library() + ": " + entry.attempts().getAsInt() + " attempts)")
            : Layer.unknown("built with its retries on at " + where + " (" + entry.library()
                + ": the catalog does not say how many attempts)");
    List<Layer> layers = new ArrayList<>(List.of(base));
    for (MethodCode.Call call : method.calls()) {
      if (call.target().name().equals("<init>")) {
        for (Layer loop : loopsByClass.getOrDefault(call.target().owner(), List.of())) {
          layers.add(new Layer(loop.attempts(), "with " + Hop.simpleName(call.target().owner())
              + " constructed beside it, " + loop.what(), false));
        }
      }
    }
    return Layer.largest(layers);
  }

  private static boolean constructs(CatalogEntry entry, MethodId target) {
    if (!target.owner().equals(entry.typeName())) {
      return false;
    }
    return entry.memberName().isEmpty() ? target.name().equals("<init>")
        : target.name().equals(entry.memberName());
  }

  /**
   * A helper's layer: the attempts its class sets with a catalog setter of the same library
   * (constants only), else its library's default from the catalog.
   */
  private void helperLayer(Finding finding, Map<MethodId, List<Layer>> sites) {
    Optional<CatalogEntry> entry = entryFor(catalog, finding);
    String library = entry.map(CatalogEntry::library).orElse("");
    String where = finding.rule() + " at " + Hop.location(finding.sourcePath(), finding.className(),
        finding.line());
    List<MethodCode.AttemptSetting> settings = graph.type(finding.className())
        .map(type -> type.methods().stream().flatMap(m -> m.attemptSettings().stream())
            .filter(s -> s.library().equals(library)).toList())
        .orElse(List.of());
    Layer layer;
    if (!settings.isEmpty()) {
      boolean constant = settings.stream().allMatch(s -> s.attempts().isPresent());
      MethodCode.AttemptSetting shown = settings.stream()
          .max(Comparator.comparingInt(s -> s.attempts().orElse(Integer.MAX_VALUE))).get();
      String set = "set at "
          + Hop.location(finding.sourcePath(), finding.className(), shown.line());
      layer = constant ? Layer.of(shown.attempts().getAsInt(), where + ": " + library + ", "
          + shown.attempts().getAsInt() + " attempts " + set)
          : Layer.unknown(where + ": " + library + ", its attempts " + set + " from a value the"
              + " code does not show");
    } else if (entry.isPresent() && entry.get().attempts().isPresent()) {
      layer = Layer.of(entry.get().attempts().getAsInt(), where + ": " + library + ", "
          + entry.get().attempts().getAsInt() + " attempts (its default)");
    } else {
      layer = Layer.unknown(where + ": " + (library.isEmpty() ? "a retry helper" : library)
          + ", attempts not in the catalog");
    }
    if (finding.site() == Site.ANNOTATION) {
      graph.type(finding.className()).ifPresent(type -> type.methods().stream()
          .filter(m -> finding.member().isEmpty() || m.id().member().equals(finding.member()))
          .forEach(m -> retriedWhenCalled.putIfAbsent(m.id(), layer)));
    } else if (finding.site().isInCode()) {
      String owner = entry.map(CatalogEntry::typeName).orElse("");
      graph.methodAt(finding.className(), finding.member(), finding.line(),
              m -> m.calls().stream().anyMatch(call -> call.line() == finding.line()
                  && call.target().owner().startsWith(owner)))
          .ifPresent(method -> sites.computeIfAbsent(method.id(), m -> new ArrayList<>())
              .add(layer));
    }
  }

  /** The catalog entry a finding names: of its rule, the one of the longest matching type. */
  static Optional<CatalogEntry> entryFor(Catalog catalog, Finding finding) {
    String target = finding.target().replace('$', '.');
    return catalog.entriesFor(finding.rule()).stream()
        .filter(e -> {
          String type = e.typeName().replace('$', '.');
          return target.equals(type) || target.startsWith(type + "#")
              || target.startsWith(type + ".") || target.startsWith(type + "(");
        })
        .max(Comparator.comparingInt(e -> e.typeName().length()));
  }

  private static Layer loopLayer(Finding finding, MethodCode method) {
    String where = finding.rule() + " at " + Hop.location(finding.sourcePath(), finding.className(),
        finding.line());
    OptionalInt bound = method.counterBounds().stream().mapToInt(Integer::intValue).max();
    return bound.isPresent()
        ? Layer.of(bound.getAsInt(), where + ": a loop whose counter is bounded by "
            + bound.getAsInt())
        : Layer.unknown(where + ": a retry whose bound the code does not show as a constant");
  }
}
