package dev.retryowner.catalog.shape;

import dev.retryowner.catalog.RetryLoopEvidence;
import dev.retryowner.catalog.shape.Code.Call;
import dev.retryowner.catalog.shape.Code.Lambda;
import dev.retryowner.catalog.shape.Code.MethodRef;
import dev.retryowner.catalog.shape.Code.ClassBody;
import dev.retryowner.catalog.shape.Code.Name;
import dev.retryowner.catalog.shape.Code.New;
import dev.retryowner.catalog.shape.Code.TypeFact;
import dev.retryowner.catalog.shape.Code.Variable;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * A retry spread over several methods of one class and the classes nested in it: after a failure,
 * a call of another method that leads back, through the calls among these classes, to the method
 * that makes it, or to a new instance of the class that method belongs to. An attempt whose catch
 * hands the failure to a handler that schedules the next attempt retries as a recursion does; so
 * does a callback object whose failure handler calls the outer class's method that makes the next
 * callback object and hands it to the transport.
 *
 * <p>A private method <em>handles a failure</em> when it is handed one (a parameter of a failure
 * type) or when every call of it in these classes runs after a failure; a package-private method
 * when both hold (every call of it here hands it the failure). (A public or protected method is a
 * way in for others, or a failure notification such as {@code fail(Throwable)}, that
 * event-driven code reaches from many places: no handler of one attempt.) Its whole body runs
 * after the failure, so the finding is reported there, once, at the call that leads back; a call
 * of a handler is not a finding of its own, nor is a call that hands the failure on (the method
 * it calls deals with the failure, as a notification does). A method that the unit calls after
 * success as well comes round periodically, which is no retry.
 */
final class ReEntry {
  /** How many calls deep a path back is followed; a retry's cycle is short. */
  private static final int MAX_DEPTH = 6;

  private final List<MethodCode> units = new ArrayList<>();
  private final Map<MethodCode, ClassCode> classOf = new IdentityHashMap<>();
  private final Map<String, List<ClassCode>> namedClasses = new HashMap<>();
  private final Map<MethodCode, List<OwnCall>> callsByUnit = new IdentityHashMap<>();
  private final Map<MethodCode, List<MethodCode>> graph = new IdentityHashMap<>();
  private final Map<MethodCode, Set<ClassCode>> handedOnInstances = new IdentityHashMap<>();
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

  /** How a call after a failure comes back to the method that makes it, if it does. */
  private record WayBack(ClassCode newInstanceOf) {
    static final WayBack DIRECT = new WayBack(null);
  }

  ReEntry(List<ClassCode> classes) {
    for (ClassCode type : classes) {
      units.addAll(type.units());
      type.units().forEach(unit -> classOf.put(unit, type));
      if (!type.name().isEmpty()) {
        namedClasses.computeIfAbsent(type.name(), name -> new ArrayList<>()).add(type);
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
    return (node, path, after) -> {
      called(node, classOf.get(unit)).forEach(to -> {
        calls.add(new OwnCall(to, reportAt(node, path), after, passesFailure(node, after)));
        if (!again) {
          graph.computeIfAbsent(unit, u -> new ArrayList<>()).add(to);
        }
      });
      if (!again && node instanceof New creation && isHandedOn(creation, path)) {
        namedClasses.getOrDefault(ClassCode.simpleName(creation.type()), List.of()).forEach(type ->
            handedOnInstances.computeIfAbsent(unit, u -> Collections.newSetFromMap(
                new IdentityHashMap<>())).add(type));
      }
    };
  }

  /** The methods that handle a failure; read once all units were walked. */
  Set<MethodCode> handlers() {
    if (handlers == null) {
      handlers = Collections.newSetFromMap(new IdentityHashMap<>());
      units.stream().filter(unit -> unit.kind() == MethodCode.Kind.METHOD && handles(unit))
          .forEach(handlers::add);
    }
    return handlers;
  }

  /** A private method handed the failure or only called after one; a package-private one both. */
  private boolean handles(MethodCode unit) {
    boolean handedFailure = FailureReading.hasFailureParameter(unit);
    return unit.isPrivate() && (handedFailure || calledOnlyAfterFailure(unit))
        || unit.access() == MethodCode.Access.PACKAGE && handedFailure
            && calledOnlyAfterFailure(unit);
  }

  /** The re-entries in {@code unit} that no other shape reported at the same call. */
  List<ShapeMatch> matches(MethodCode unit, List<ShapeMatch> found) {
    List<ShapeMatch> matches = new ArrayList<>();
    Set<Object> reported = Collections.newSetFromMap(new IdentityHashMap<>());
    found.forEach(match -> reported.add(match.origin()));
    List<OwnCall> calls = callsByUnit.getOrDefault(unit, List.of());
    for (OwnCall call : calls) {
      if (call.after() == null || call.passesFailure() || call.to() == unit
          || handlers().contains(call.to()) || alsoCalledOnSuccess(call.to(), calls)) {
        continue;
      }
      Optional<WayBack> wayBack = wayBack(call.to(), unit);
      if (wayBack.isPresent() && reported.add(call.reportAt().origin())) {
        String method = call.to().name();
        String where = call.after().words();
        matches.add(new ShapeMatch(call.reportAt().origin(), wayBack.get() == WayBack.DIRECT
            ? RetryLoopEvidence.reEntry(method, where)
            : RetryLoopEvidence.reEntryThroughNew(method, where,
                wayBack.get().newInstanceOf().name()), ""));
      }
    }
    return matches;
  }

  /**
   * True if a call passes the failure: the caught exception, or a value of a failure type; where
   * the engine knows no type, a value with a failure's name longer than one letter ({@code
   * cause}, {@code error}; {@code e} is as often an element).
   */
  private static boolean passesFailure(Code node, AfterFailure after) {
    return node instanceof Call call && after != null && call.arguments().stream()
        .anyMatch(argument -> argument instanceof Name name
            && (after.handler() != null && name.name().equals(after.handler().parameter())
                || name.type() == TypeFact.FAILURE
                || name.type() == TypeFact.UNKNOWN && name.name().length() > 1
                    && FailureReading.isFailureName(name.name())));
  }

  /**
   * True if the unit also calls {@code to} where no failure happened: work that comes round
   * after success and failure alike is a period, not a retry.
   */
  private static boolean alsoCalledOnSuccess(MethodCode to, List<OwnCall> calls) {
    return calls.stream().anyMatch(call -> call.to() == to && call.after() == null);
  }

  /**
   * Every call of {@code unit} in these classes runs after a failure, or in a method handed one
   * of the class's own (not a way in, whose failure is its caller's); one at least.
   */
  private boolean calledOnlyAfterFailure(MethodCode unit) {
    boolean called = false;
    for (Map.Entry<MethodCode, List<OwnCall>> entry : callsByUnit.entrySet()) {
      for (OwnCall call : entry.getValue()) {
        if (call.to() == unit && entry.getKey() != unit) {
          MethodCode caller = entry.getKey();
          if (call.after() == null && !(FailureReading.hasFailureParameter(caller)
              && !FailureReading.takesCallersFailure(caller, classOf.get(caller)))) {
            return false;
          }
          called = true;
        }
      }
    }
    return called;
  }

  /**
   * How {@code from} comes back to {@code target}: it calls it, directly or through the methods
   * of these classes, or one of the methods on the way makes a new instance of the named class
   * {@code target} belongs to and hands it on (to a transport, a listener list, an executor), so
   * that its methods run for a new attempt.
   */
  private Optional<WayBack> wayBack(MethodCode from, MethodCode target) {
    ClassCode attemptClass = classOf.get(target);
    Set<MethodCode> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    seen.add(from);
    Deque<MethodCode> level = new ArrayDeque<>(List.of(from));
    for (int depth = 0; depth < MAX_DEPTH && !level.isEmpty(); depth++) {
      Deque<MethodCode> next = new ArrayDeque<>();
      for (MethodCode unit : level) {
        if (handedOnInstances.getOrDefault(unit, Set.of()).contains(attemptClass)) {
          return Optional.of(new WayBack(attemptClass));
        }
        for (MethodCode to : graph.getOrDefault(unit, List.of())) {
          if (to == target) {
            return Optional.of(WayBack.DIRECT);
          }
          if (seen.add(to)) {
            next.add(to);
          }
        }
      }
      level = next;
    }
    return Optional.empty();
  }

  /**
   * True if a new instance is handed on rather than returned or kept: it is an argument or the
   * receiver of a call, or an argument of a constructor, or the local it initializes is. A new
   * value object that a method returns after a failure is a different result, not a new attempt.
   */
  private static boolean isHandedOn(New creation, List<Code> path) {
    if (path.isEmpty()) {
      return false;
    }
    Code parent = path.get(path.size() - 1);
    if (parent instanceof Call call) {
      return call.receiver() == creation || call.arguments().contains(creation);
    }
    if (parent instanceof New outer) {
      return outer.arguments().contains(creation);
    }
    if (parent instanceof Variable local) {
      return path.get(0).findAll(Code.class, node -> node instanceof ClassBody).stream()
          .anyMatch(node -> node instanceof Call call && (isName(call.receiver(), local.name())
                  || call.arguments().stream().anyMatch(a -> isName(a, local.name())))
              || node instanceof New outer
                  && outer.arguments().stream().anyMatch(a -> isName(a, local.name())));
    }
    return false;
  }

  private static boolean isName(Code code, String name) {
    return code instanceof Name reference && reference.name().equals(name);
  }


  /**
   * The methods a call on its own receiver, or a method reference, reaches from a method of
   * {@code from}: those of the innermost class around it that has a method so called, as Java
   * looks a simple method name up.
   */
  private List<MethodCode> called(Code node, ClassCode from) {
    if (node instanceof Call call && call.onOwnReceiver()) {
      return innermost(from, call.name(), unit -> unit.parameters().size()
          == call.arguments().size() && call.callee().reaches(unit));
    }
    if (node instanceof MethodRef reference && (reference.receiver() == null
        || reference.receiver() instanceof Name name && name.name().equals("this"))) {
      return innermost(from, reference.name(), unit -> reference.callee().reaches(unit));
    }
    return List.of();
  }

  static List<MethodCode> innermost(ClassCode from, String name,
      Predicate<MethodCode> reached) {
    for (ClassCode type = from; type != null; type = type.enclosing()) {
      List<MethodCode> found = type.units().stream()
          .filter(unit -> unit.kind() == MethodCode.Kind.METHOD && unit.name().equals(name)
              && reached.test(unit))
          .toList();
      if (!found.isEmpty()) {
        return found;
      }
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
