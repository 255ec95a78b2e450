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
  private static final String HELPERS = RuleRegistry.RETRY_OUTSIDE_JOBS.name();
  private static final String LOOPS = RuleRegistry.HAND_ROLLED_RETRY.name();
  private static final String CLIENTS = RuleRegistry.HTTP_CLIENT_RETRIES.name();

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
  private final Map<String, String> libraryOfClientType = new HashMap<>();
  private final Map<String, Layer> clientLayers = new HashMap<>();

  RetryLayers(CallGraph graph, Catalog catalog, List<Finding> siteFindings) {
    this.graph = graph;
    this.catalog = catalog;
    Map<MethodId, List<Layer>> sites = new LinkedHashMap<>();
    for (Finding finding : siteFindings) {
      if (finding.rule().equals(HELPERS)) {
        helperLayer(finding, sites);
      } else if (finding.rule().equals(LOOPS)) {
        graph.methodAt(finding.className(), finding.line()).ifPresent(method -> {
          Layer loop = loopLayer(finding, method);
          sites.computeIfAbsent(method.id(), m -> new ArrayList<>()).add(loop);
          loopsByClass.computeIfAbsent(finding.className(), c -> new ArrayList<>()).add(loop);
        });
      } else if (finding.rule().equals(CLIENTS)) {
        graph.methodAt(finding.className(), finding.line())
            .ifPresent(method -> retryingConstructions.putIfAbsent(method.id(), finding));
      }
    }
    sites.forEach((method, layers) -> retryingMethods.put(method, Layer.largest(layers)));
    for (CatalogEntry entry : catalog.entriesFor(CLIENTS)) {
      if (entry.kind() == EntryKind.CLIENT_CALL) {
        libraryOfClientType.putIfAbsent(entry.typeName(), entry.library());
      }
    }
  }

  /** The layer a method is when it retries what it calls, if it does. */
  Optional<Layer> retrying(MethodId method) {
    return Optional.ofNullable(retryingMethods.get(method));
  }

  /** The layer a call of the method goes through when a retry annotation wraps it. */
  Optional<Layer> retriedWhenCalled(MethodId method) {
    return Optional.ofNullable(retriedWhenCalled.get(method));
  }

  /** The library whose clients a call of a method of {@code type} sends through, if any. */
  Optional<String> clientLibrary(String type) {
    return Optional.ofNullable(libraryOfClientType.get(type));
  }

  /**
   * The attempts one send through a client of {@code library} makes, as the classes read build
   * such clients: the most any construction makes (its library's default when the client rule
   * reports it, 1 when it is built NoRetry), with the retry loops constructed beside it (an
   * interceptor that sends again); unknown when no construction is in the classes read.
   */
  Layer client(String library) {
    return clientLayers.computeIfAbsent(library, this::clientLayer);
  }

  private Layer clientLayer(String library) {
    List<CatalogEntry> constructions = catalog.entriesFor(CLIENTS).stream()
        .filter(e -> e.library().equals(library))
        .filter(e -> e.kind() == EntryKind.CLIENT_BUILDER || e.kind() == EntryKind.RETRYING_FACTORY
            || e.kind() == EntryKind.RETRYING_CONSTRUCTOR)
        .toList();
    List<Layer> built = new ArrayList<>();
    for (ClassCode type : graph.types()) {
      for (MethodCode method : type.methods()) {
        Optional<CatalogEntry> construction = method.calls().stream()
            .flatMap(call -> constructions.stream().filter(e -> constructs(e, call.target())))
            .findFirst();
        if (construction.isPresent()) {
          built.add(construction(type, method, construction.get()));
        }
      }
    }
    if (built.isEmpty()) {
      return Layer.unknown("no " + library + " client is built in the classes read (built by a"
          + " framework or another module?), so its attempts are unknown");
    }
    return Layer.largest(built);
  }

  /** One place that builds a client: NoRetry, or its library's attempts, and the loops beside. */
  private Layer construction(ClassCode type, MethodCode method, CatalogEntry entry) {
    Finding retrying = retryingConstructions.get(method.id());
    String where = where(type.sourcePath(), type.name(), retrying != null ? retrying.line()
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
          layers.add(new Layer(loop.attempts(), "with " + simpleName(call.target().owner())
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
    Optional<CatalogEntry> entry = entryFor(finding);
    String library = entry.map(CatalogEntry::library).orElse("");
    String where = finding.rule() + " at " + where(finding.sourcePath(), finding.className(),
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
      String set = "set at " + where(finding.sourcePath(), finding.className(), shown.line());
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
      graph.methodAt(finding.className(), finding.line()).ifPresent(
          method -> sites.computeIfAbsent(method.id(), m -> new ArrayList<>()).add(layer));
    }
  }

  /** The catalog entry a helper finding names: the one of the longest matching type. */
  private Optional<CatalogEntry> entryFor(Finding finding) {
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
    String where = finding.rule() + " at " + where(finding.sourcePath(), finding.className(),
        finding.line());
    OptionalInt bound = method.counterBounds().stream().mapToInt(Integer::intValue).max();
    return bound.isPresent()
        ? Layer.of(bound.getAsInt(), where + ": a loop whose counter is bounded by "
            + bound.getAsInt())
        : Layer.unknown(where + ": a retry whose bound the code does not show as a constant");
  }

  static String where(String sourcePath, String className, int line) {
    String file = sourcePath.isEmpty() ? simpleName(className) + ".class"
        : sourcePath.substring(sourcePath.lastIndexOf('/') + 1);
    return line > 0 ? file + ":" + line : file;
  }

  static String simpleName(String binaryName) {
    return binaryName.substring(binaryName.lastIndexOf('.') + 1);
  }

  /** The classes that hold a retry layer, for the classes a path search must read. */
  static Set<String> classesOf(List<Finding> siteFindings) {
    Set<String> classes = new java.util.HashSet<>();
    siteFindings.forEach(f -> classes.add(f.className()));
    return classes;
  }
}
