package dev.retryowner.catalog.shape;

import dev.retryowner.catalog.RetryLoopEvidence;
import dev.retryowner.catalog.shape.Code.Call;
import dev.retryowner.catalog.shape.Code.Lambda;
import dev.retryowner.catalog.shape.Code.MethodRef;
import dev.retryowner.catalog.shape.Code.Name;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A retry spread over several methods of one class: after a failure, a call of another method of
 * the class that leads back, through the class's own calls, to the method that makes it. An
 * attempt whose catch hands the failure to a handler that schedules the next attempt retries as
 * a recursion does.
 *
 * <p>A private method <em>handles a failure</em> when it is handed one (a parameter of a failure
 * type) or when every call of it in the class runs after a failure. (A method others may call is
 * a public way in, or a failure notification such as {@code fail(Throwable)}, that event-driven
 * code reaches from many places: no handler of one attempt.) Its whole body runs after the
 * failure, so the finding is reported there, once, at the call that leads back; a call of a
 * handler is not a finding of its own, nor is a call that hands the failure on (the method it
 * calls deals with the failure, as a notification does). A method that the unit calls after
 * success as well comes round periodically, which is no retry.
 */
final class ReEntry {
  /** How many calls deep a path back is followed; a retry's cycle is short. */
  private static final int MAX_DEPTH = 6;

  private final List<MethodCode> units;
  private final Map<String, List<MethodCode>> methodsByName = new HashMap<>();
  private final Map<MethodCode, List<OwnCall>> callsByUnit = new IdentityHashMap<>();
  private final Map<MethodCode, List<MethodCode>> graph = new IdentityHashMap<>();
  private Set<MethodCode> handlers;

  /**
   * A call of a method of the class, the node a finding names, where it runs, and whether it
   * hands the failure on.
   */
  private record OwnCall(MethodCode to, Code reportAt, AfterFailure after,
      boolean passesFailure) {}

  /** Records the calls of the class's own methods that one walk of a unit meets. */
  interface Calls {
    /** Called for every node the walk visits, with the path above it and where it runs. */
    void record(Code node, List<Code> path, AfterFailure after);
  }

  ReEntry(List<MethodCode> units) {
    this.units = units;
    for (MethodCode unit : units) {
      if (unit.kind() == MethodCode.Kind.METHOD) {
        methodsByName.computeIfAbsent(unit.name(), name -> new ArrayList<>()).add(unit);
      }
    }
  }

  /**
   * The recorder for a walk of {@code unit}. A second walk (of a handler, from the start after
   * a failure) replaces what the first recorded; the calls it meets are the same.
   */
  Calls callsFrom(MethodCode unit, boolean again) {
    List<OwnCall> calls = new ArrayList<>();
    callsByUnit.put(unit, calls);
    return (node, path, after) -> called(node).forEach(to -> {
      calls.add(new OwnCall(to, reportAt(node, path), after, passesFailure(node, after)));
      if (!again) {
        graph.computeIfAbsent(unit, u -> new ArrayList<>()).add(to);
      }
    });
  }

  /** The methods that handle a failure; read once all units were walked. */
  Set<MethodCode> handlers() {
    if (handlers == null) {
      handlers = Collections.newSetFromMap(new IdentityHashMap<>());
      units.stream().filter(unit -> unit.kind() == MethodCode.Kind.METHOD && unit.isPrivate()
              && (unit.parameters().stream().anyMatch(p -> FailureReading.isFailureType(p.type()))
                  || calledOnlyAfterFailure(unit)))
          .forEach(handlers::add);
    }
    return handlers;
  }

  /** The re-entries in {@code unit} that no other shape reported at the same call. */
  List<ShapeMatch> matches(MethodCode unit, List<ShapeMatch> found) {
    List<ShapeMatch> matches = new ArrayList<>();
    Set<Object> reported = Collections.newSetFromMap(new IdentityHashMap<>());
    found.forEach(match -> reported.add(match.origin()));
    List<OwnCall> calls = callsByUnit.getOrDefault(unit, List.of());
    for (OwnCall call : calls) {
      if (call.after() != null && !call.passesFailure() && call.to() != unit
          && !handlers().contains(call.to()) && !alsoCalledOnSuccess(call.to(), calls)
          && leadsTo(call.to(), unit) && reported.add(call.reportAt().origin())) {
        matches.add(new ShapeMatch(call.reportAt().origin(),
            RetryLoopEvidence.reEntry(call.to().name(), call.after().words()), ""));
      }
    }
    return matches;
  }

  /**
   * True if a call passes the failure: the caught exception, or a value with a failure's name
   * longer than one letter ({@code cause}, {@code error}; {@code e} is as often an element).
   */
  private static boolean passesFailure(Code node, AfterFailure after) {
    return node instanceof Call call && after != null && call.arguments().stream()
        .anyMatch(argument -> argument instanceof Name name
            && (after.handler() != null && name.name().equals(after.handler().parameter())
                || name.name().length() > 1 && FailureReading.isFailureName(name.name())));
  }

  /**
   * True if the unit also calls {@code to} where no failure happened: work that comes round
   * after success and failure alike is a period, not a retry.
   */
  private static boolean alsoCalledOnSuccess(MethodCode to, List<OwnCall> calls) {
    return calls.stream().anyMatch(call -> call.to() == to && call.after() == null);
  }

  /** Every call of {@code unit} in the class runs after a failure; one at least. */
  private boolean calledOnlyAfterFailure(MethodCode unit) {
    boolean called = false;
    for (Map.Entry<MethodCode, List<OwnCall>> entry : callsByUnit.entrySet()) {
      for (OwnCall call : entry.getValue()) {
        if (call.to() == unit && entry.getKey() != unit) {
          if (call.after() == null) {
            return false;
          }
          called = true;
        }
      }
    }
    return called;
  }

  /** True if {@code from} calls {@code target}, directly or through the class's own methods. */
  private boolean leadsTo(MethodCode from, MethodCode target) {
    Set<MethodCode> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    Deque<MethodCode> level = new ArrayDeque<>(List.of(from));
    for (int depth = 0; depth < MAX_DEPTH && !level.isEmpty(); depth++) {
      Deque<MethodCode> next = new ArrayDeque<>();
      for (MethodCode unit : level) {
        for (MethodCode to : graph.getOrDefault(unit, List.of())) {
          if (to == target) {
            return true;
          }
          if (seen.add(to)) {
            next.add(to);
          }
        }
      }
      level = next;
    }
    return false;
  }

  /** The methods of the class a call on its own receiver, or a method reference, reaches. */
  private List<MethodCode> called(Code node) {
    if (node instanceof Call call && call.onOwnReceiver()) {
      return methodsByName.getOrDefault(call.name(), List.of()).stream()
          .filter(unit -> unit.parameters().size() == call.arguments().size()
              && call.callee().reaches(unit))
          .toList();
    }
    if (node instanceof MethodRef reference && (reference.receiver() == null
        || reference.receiver() instanceof Name name && name.name().equals("this"))) {
      return methodsByName.getOrDefault(reference.name(), List.of()).stream()
          .filter(unit -> reference.callee().reaches(unit)).toList();
    }
    return List.of();
  }

  /**
   * The call a finding names: the call itself, or the call that a lambda which is just this call
   * is handed to ({@code scheduler.schedule(() -> attempt(), delay)}).
   */
  private static Code reportAt(Code node, List<Code> path) {
    int last = path.size() - 1;
    boolean handedOver = node instanceof MethodRef
        || last > 0 && path.get(last) instanceof Lambda lambda && lambda.body() == node;
    int above = node instanceof MethodRef ? last : last - 1;
    return handedOver && above >= 0 && path.get(above) instanceof Call handedTo ? handedTo : node;
  }
}
