package dev.retryowner.gate.amplification;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Finds, from a method, the worst path to each outgoing request it can reach: the one whose
 * steps multiply to the most requests. Every method is searched once and its answer kept; a call
 * back into a method still being searched (recursion) is not followed again, and a path stops
 * after {@link #MAX_DEPTH} calls.
 */
final class PathSearch {
  /** Deeper call chains are not followed: the search must stay bounded on any input. */
  static final int MAX_DEPTH = 48;
  /** The worst paths a method keeps, one per request it reaches. */
  private static final int REQUESTS_KEPT = 16;
  private static final Comparator<Tail> WORST_FIRST = Comparator
      .comparingLong(Tail::leastProduct).thenComparingInt(Tail::unknownFactors).reversed();

  private final CallGraph graph;
  private final RetryLayers layers;
  /** The job kinds' policies, by the handler methods the job layer runs under them. */
  private final Map<MethodId, Layer> handlerPolicies;
  private final Map<MethodId, List<Tail>> searched = new HashMap<>();
  private final Set<MethodId> onPath = new HashSet<>();

  PathSearch(CallGraph graph, RetryLayers layers, Map<MethodId, Layer> handlerPolicies) {
    this.graph = graph;
    this.layers = layers;
    this.handlerPolicies = handlerPolicies;
  }

  /**
   * The steps from a method on to an outgoing request: a step, then the tail after it (shared by
   * every path that goes on the same way), with the product worked out as the steps are added.
   *
   * @param request which request: the method, line and library of the call that sends it
   * @param hop the first step
   * @param rest the steps after it, null after the step that sends the request
   * @param leastProduct the fewest requests the steps make together (unknown counts as 2)
   * @param unknownFactors how many of the steps have an unknown count
   */
  record Tail(String request, Hop hop, Tail rest, long leastProduct, int unknownFactors) {
    /** The tail made of {@code hop} followed by {@code rest} (null: the request's own step). */
    static Tail of(String request, Hop hop, Tail rest) {
      long least = rest == null ? 1 : rest.leastProduct();
      int unknown = rest == null ? 0 : rest.unknownFactors();
      int factor = hop.attempts().isPresent() ? hop.attempts().getAsInt() : 2;
      return new Tail(request, hop, rest, AmplifiedPath.multiply(least, factor),
          unknown + (hop.attempts().isEmpty() ? 1 : 0));
    }

    /** The steps in order. */
    List<Hop> hops() {
      List<Hop> hops = new ArrayList<>();
      for (Tail tail = this; tail != null; tail = tail.rest()) {
        hops.add(tail.hop());
      }
      return hops;
    }
  }

  /** The worst path from {@code method} to an outgoing request, if it reaches one. */
  Optional<Tail> worst(MethodId method) {
    return tails(method, 0).stream().findFirst();
  }

  private List<Tail> tails(MethodId id, int depth) {
    List<Tail> known = searched.get(id);
    if (known != null) {
      return known;
    }
    Optional<MethodCode> found = graph.method(id);
    if (found.isEmpty() || depth > MAX_DEPTH || !onPath.add(id)) {
      return List.of();
    }
    MethodCode method = found.get();
    ClassCode owner = graph.type(id.owner()).orElseThrow();
    Optional<Layer> retrying = layers.retrying(id);
    Map<String, Tail> worst = new HashMap<>();
    for (MethodCode.Call call : method.calls()) {
      List<Hop> prefix = retrying.map(layer -> List.of(hop(owner, method, call.line(), layer,
          "retries the calls it makes: " + layer.what()))).orElse(List.of());
      if (call.created()) {
        Hop step = hop(owner, method, call.line(), Layer.ONCE, "creates "
            + call.target().shortName());
        follow(call.target(), prefix, step, depth, worst);
        continue;
      }
      Optional<String> library = call.onInstance()
          ? layers.clientLibrary(call.target()) : Optional.empty();
      if (library.isPresent()) {
        Layer client = layers.client(library.get(), id, call);
        Hop send = hop(owner, method, call.line(), client, "sends through "
            + call.target().owner() + "#" + call.target().name() + ": " + library.get() + ", "
            + client.what());
        offer(worst, join(prefix, Tail.of(id + "@" + call.line() + "@" + library.get(), send,
            null)));
        continue;
      }
      Set<MethodId> targets = graph.targets(call.target());
      for (MethodId target : targets) {
        Optional<Layer> policy = Optional.ofNullable(handlerPolicies.get(target));
        Optional<Layer> wrapped = layers.retriedWhenCalled(target);
        Hop step = hop(owner, method, call.line(), policy.or(() -> wrapped).orElse(Layer.ONCE),
            "calls " + target.shortName() + policy.map(p -> ", a job handler: " + p.what())
                .or(() -> wrapped.map(w -> ", which a retry annotation wraps: " + w.what()))
                .orElse(""));
        follow(target, prefix, step, depth, worst);
      }
      if (!call.callbacks().isEmpty()) {
        List<Layer> retriers = targets.stream().map(layers::rerunsHandedWork)
            .flatMap(Optional::stream).toList();
        Layer handedTo = retriers.isEmpty() ? Layer.ONCE : Layer.largest(retriers);
        for (MethodId callback : call.callbacks()) {
          Hop step = hop(owner, method, call.line(), handedTo, "hands "
              + callback.shortName() + " to " + call.target().shortName()
              + (retriers.isEmpty() ? "" : ", which runs it again after a failure: "
                  + handedTo.what()));
          follow(callback, prefix, step, depth, worst);
        }
      }
    }
    onPath.remove(id);
    List<Tail> kept = worst.values().stream().sorted(WORST_FIRST).limit(REQUESTS_KEPT).toList();
    searched.put(id, kept);
    return kept;
  }

  private void follow(MethodId target, List<Hop> prefix, Hop step, int depth,
      Map<String, Tail> worst) {
    for (Tail tail : tails(target, depth + 1)) {
      offer(worst, join(prefix, Tail.of(tail.request(), step, tail)));
    }
  }

  private static void offer(Map<String, Tail> worst, Tail tail) {
    worst.merge(tail.request(), tail, (a, b) -> WORST_FIRST.compare(a, b) <= 0 ? a : b);
  }

  /** {@code tail} after the steps of {@code prefix} (a retrying method's own step). */
  private static Tail join(List<Hop> prefix, Tail tail) {
    Tail joined = tail;
    for (int i = prefix.size() - 1; i >= 0; i--) {
      joined = Tail.of(tail.request(), prefix.get(i), joined);
    }
    return joined;
  }

  static Hop hop(ClassCode owner, MethodCode method, int line, Layer layer, String what) {
    return new Hop(owner.name(), method.id().member(), method.id().shortName(),
        owner.sourcePath(), line, layer.attempts(), what, layer.jobPolicy());
  }
}
