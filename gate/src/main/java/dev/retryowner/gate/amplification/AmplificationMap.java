package dev.retryowner.gate.amplification;

import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.GateConfig;
import dev.retryowner.catalog.RuleRegistry;
import dev.retryowner.catalog.Site;
import dev.retryowner.source.TypeRelations;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * How many requests one failure can become, path by path: from each entry point of the checked
 * classes, the worst call path to an outgoing request and the product of the attempts of the
 * retry layers along it (the retry amplification map). RetryAmplification reports the paths
 * whose layers beside a job kind's policy multiply beyond {@code maxAmplification}.
 *
 * <p>A path that meets no retry layer makes one request per failure and is left out: the map
 * shows where retries are, and reads only the classes such a path can run through.
 *
 * <p>The call graph follows calls, lambdas and method references as the bytecode names them,
 * and overrides among the classes read. It does not follow reflection, dynamic proxies, or
 * objects a dependency-injection container wires together; a library's callbacks (an HTTP
 * client's interceptor) count where the code builds the client.
 *
 * @param paths the worst path of each entry point that reaches a request through a retry layer
 *     (or from a job handler, whose kind's policy is one), worst first
 * @param classesRead how many classes the search read (those from which a request can be
 *     reached, and those holding a retry layer)
 * @param entryPoints how many entry points it searched from
 */
public record AmplificationMap(List<AmplifiedPath> paths, int classesRead, int entryPoints) {
  private static final Comparator<AmplifiedPath> WORST_FIRST = Comparator
      .comparingLong(AmplifiedPath::leastProduct).thenComparingInt(AmplifiedPath::unknownFactors)
      .reversed().thenComparing(path -> path.entry().className())
      .thenComparingInt(path -> path.entry().line());

  public AmplificationMap {
    paths = List.copyOf(paths);
  }

  /** The map of a run that did not draw it (RetryAmplification is off). */
  public static final AmplificationMap NONE = new AmplificationMap(List.of(), 0, 0);

  /**
   * Draws the map.
   *
   * @param classes the classes read ({@link ClassCodeReader}), checked and context ones
   * @param siteFindings the findings of the rules that mark retry layers (helpers, loops,
   *     clients), exempted ones included: an exempted retry still multiplies
   * @param config the gate's configuration: catalog, request-path packages, threshold
   * @param relations the supertypes and annotations of the classes and the library types
   * @param checked tells the classes whose entry points the map starts from
   */
  public static AmplificationMap of(List<ClassCode> classes, List<Finding> siteFindings,
      GateConfig config, TypeRelations relations, Predicate<String> checked) {
    CallGraph graph = new CallGraph(classes);
    RetryLayers layers = new RetryLayers(graph, config.catalog(), siteFindings);
    List<EntryPoints.Entry> entries = EntryPoints.of(graph, config, relations, checked);
    Map<MethodId, Layer> handlerPolicies = new HashMap<>();
    entries.stream().filter(entry -> entry.policy().jobPolicy())
        .forEach(entry -> handlerPolicies.put(entry.method(), entry.policy()));
    PathSearch search = new PathSearch(graph, layers, handlerPolicies);
    List<AmplifiedPath> paths = new ArrayList<>();
    for (EntryPoints.Entry entry : entries) {
      search.worst(entry.method())
          .filter(tail -> entry.policy().jobPolicy() || tail.hops().stream().anyMatch(Hop::retries))
          .ifPresent(tail -> {
        ClassCode owner = graph.type(entry.method().owner()).orElseThrow();
        MethodCode method = graph.method(entry.method()).orElseThrow();
        List<Hop> hops = new ArrayList<>();
        hops.add(PathSearch.hop(owner, method, method.firstLine(), entry.policy(),
            "entry point, " + entry.kind() + (entry.policy().what().isEmpty() ? ""
                : ": " + entry.policy().what())));
        hops.addAll(tail.hops());
        paths.add(new AmplifiedPath(entry.kind(), hops, config.maxAmplification()));
      });
    }
    paths.sort(WORST_FIRST);
    return new AmplificationMap(paths, graph.types().size(), entries.size());
  }

  /** The paths RetryAmplification reports. */
  public List<AmplifiedPath> exceeding() {
    return paths.stream().filter(AmplifiedPath::exceedsLimit).toList();
  }

  /** RetryAmplification's findings: one per path above the threshold, at its entry point. */
  public List<Finding> findings() {
    List<Finding> findings = new ArrayList<>();
    for (AmplifiedPath path : exceeding()) {
      Hop entry = path.entry();
      Hop request = path.request();
      String unknown = path.unknownFactors() > 0
          ? " (a count marked ? cannot be read from the code, so the path cannot be verified)"
          : "";
      findings.add(new Finding(RuleRegistry.RETRY_AMPLIFICATION.name(), entry.className(),
          entry.member(), entry.sourcePath(), entry.line(), Site.CALL,
          request.className() + "#" + request.member(),
          "one failure can become " + path.productText() + " requests on the path from "
              + entry.method() + " to the request at " + request.location() + " ("
              + path.factorsText() + ")" + unknown + ", above maxAmplification "
              + path.maxAmplification() + (path.hops().stream().anyMatch(Hop::jobPolicy)
                  ? " times the job kind's attempts" : "") + ": "
              + path.shortText(),
          "retry layers multiply: 3 layers of 3 attempts send 27 requests for one failure"));
    }
    return findings;
  }
}
