package dev.retryowner.catalog.shape;

import dev.retryowner.catalog.RetryLoopEvidence;
import dev.retryowner.catalog.shape.Code.Assign;
import dev.retryowner.catalog.shape.Code.Binary;
import dev.retryowner.catalog.shape.Code.Call;
import dev.retryowner.catalog.shape.Code.ClassBody;
import dev.retryowner.catalog.shape.Code.Lambda;
import dev.retryowner.catalog.shape.Code.Literal;
import dev.retryowner.catalog.shape.Code.MethodRef;
import dev.retryowner.catalog.shape.Code.Name;
import dev.retryowner.catalog.shape.Code.Jump;
import dev.retryowner.catalog.shape.Code.JumpKind;
import dev.retryowner.catalog.shape.Code.Select;
import dev.retryowner.catalog.shape.Code.Variable;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The shapes that run an operation again without a loop, from code that runs after a failure
 * ({@link AfterFailure}):
 *
 * <ul>
 *   <li><b>re-schedule</b>: a catalog delay call, or a call with one as an argument, handed the
 *       operation again ({@code this}, a method reference to it, or a lambda that calls it);
 *   <li><b>recursion</b>: the operation calls itself, on its own receiver with as many arguments
 *       as it has parameters, stepping a parameter by a literal ({@code attempt + 1}) or passing
 *       at least half of its parameters through unchanged in their places;
 *   <li><b>repeated call</b>: in a catch, a call that repeats a call of its try block: the same
 *       receiver and method, one argument at least, and more than half of the arguments the
 *       same values (a variable the catch declares is another value),
 *       and its result going where the tried call's went (both returned, or both assigned to one
 *       variable);
 *   <li><b>resubscribe</b>: a callback handed a failure (an anonymous class's method handed one,
 *       or the error branch of a method with a parameter of a failure type) passes itself, and not
 *       the failure, to a call on another object that is no message: it subscribes to the
 *       operation again.
 * </ul>
 */
final class ReInvocation {
  private ReInvocation() {}

  /**
   * The finding if {@code call}, after a failure, runs {@code unit}'s operation again.
   *
   * @param parent the node around the call, which says where its result goes
   */
  static Optional<ShapeMatch> find(MethodCode unit, Call call, AfterFailure after, Code parent) {
    if (unit.kind() == MethodCode.Kind.INITIALIZER) {
      return Optional.empty();
    }
    Optional<String> delay = call.callee().delay().or(() -> call.arguments().stream()
        .filter(a -> a instanceof Call).map(a -> ((Call) a).callee().delay())
        .flatMap(Optional::stream).findFirst());
    if (delay.isPresent() && call.arguments().stream().anyMatch(a -> namesOperation(a, unit))) {
      return Optional.of(new ShapeMatch(call.origin(),
          RetryLoopEvidence.reSchedule(unit.name(), delay.get(), after.words()), delay.get()));
    }
    if (unit.kind() == MethodCode.Kind.METHOD && callsItself(call, unit)) {
      if (call.arguments().stream().anyMatch(a -> isCounterStep(a, unit))) {
        return Optional.of(new ShapeMatch(call.origin(),
            RetryLoopEvidence.recursion(unit.name(), after.words(), "an attempt counter"), ""));
      }
      if (passesThrough(call, unit)) {
        return Optional.of(new ShapeMatch(call.origin(),
            RetryLoopEvidence.recursion(unit.name(), after.words(), "the same arguments"), ""));
      }
    }
    if (resubscribes(unit, call, after)) {
      return Optional.of(new ShapeMatch(call.origin(),
          RetryLoopEvidence.resubscribe(call.name(), after.words()), ""));
    }
    if (after.failedTry() != null && repeatsTriedCall(call, parent, after)) {
      return Optional.of(new ShapeMatch(call.origin(),
          RetryLoopEvidence.repeatedCall(call.name(), after.words()), ""));
    }
    return Optional.empty();
  }

  /**
   * A callback handed the failure passes {@code this}, and no failure, to another object: not a
   * report of the failure (that passes the failure) but a new subscription of the callback.
   */
  private static boolean resubscribes(MethodCode unit, Call call, AfterFailure after) {
    boolean inCallback = after == AfterFailure.CALLBACK || after == AfterFailure.ERROR_BRANCH
        && unit.parameters().stream().anyMatch(p -> FailureReading.isFailureType(p.type()));
    return inCallback && !call.onOwnReceiver() && !RetryShapes.isMessage(call)
        && call.arguments().stream().anyMatch(a -> a instanceof Name name
            && name.name().equals("this"))
        && call.arguments().stream().noneMatch(a -> a instanceof Name name
            && (FailureReading.isFailureName(name.name()) || after.handler() != null
                && name.name().equals(after.handler().parameter())));
  }

  private static boolean callsItself(Call call, MethodCode unit) {
    return call.onOwnReceiver() && call.callee().reaches(unit)
        && call.arguments().size() == unit.parameters().size();
  }

  /** {@code this}, a method reference to the operation, or a lambda that calls it. */
  private static boolean namesOperation(Code argument, MethodCode unit) {
    if (argument instanceof Name name && name.name().equals("this")) {
      return true;
    }
    if (argument instanceof MethodRef reference) {
      return unit.kind() == MethodCode.Kind.METHOD && reference.callee().reaches(unit);
    }
    if (argument instanceof Lambda lambda) {
      return unit.kind() == MethodCode.Kind.METHOD && lambda.body()
          .findAll(Call.class, node -> node instanceof ClassBody).stream()
          .anyMatch(c -> callsItself(c, unit));
    }
    return false;
  }

  /** {@code p + 1}, {@code p - 1} (any int literal) for a parameter {@code p} of the method. */
  private static boolean isCounterStep(Code argument, MethodCode unit) {
    if (!(argument instanceof Binary binary)
        || (!binary.operator().equals("+") && !binary.operator().equals("-"))) {
      return false;
    }
    Code stepped = FailureReading.intValue(binary.right()).isPresent() ? binary.left()
        : FailureReading.intValue(binary.left()).isPresent() ? binary.right() : null;
    return stepped instanceof Name name && unit.hasParameter(name.name());
  }

  /** At least half of the parameters (one at least) passed through unchanged, in place. */
  private static boolean passesThrough(Call call, MethodCode unit) {
    List<MethodCode.Parameter> parameters = unit.parameters();
    long unchanged = IntStream.range(0, parameters.size())
        .filter(i -> call.arguments().get(i) instanceof Name name
            && name.name().equals(parameters.get(i).name()))
        .count();
    return parameters.isEmpty() || unchanged * 2 >= parameters.size();
  }

  /**
   * A call of the failed try's block with the same receiver, method and most arguments, whose
   * result goes where this call's result goes: both returned, or both assigned to one variable.
   * The catch then stands in for the call that failed, by making it again.
   */
  private static boolean repeatsTriedCall(Call call, Code parent, AfterFailure after) {
    String destination = destination(call, parent);
    String receiver = call.receiver() == null ? "" : signature(call.receiver());
    if (destination == null || receiver == null || call.arguments().isEmpty()
        || call.callee().delay().isPresent()) {
      return false;
    }
    Set<String> catchLocals = after.handler().body()
        .findAll(Variable.class, FailureReading::startsAnotherBody).stream()
        .map(Variable::name).collect(Collectors.toSet());
    if (call.receiver() != null && names(call.receiver(), catchLocals)) {
      return false;
    }
    return triedCalls(after.failedTry().body(), null).stream().anyMatch(tried ->
        tried.call().name().equals(call.name())
            && tried.call().arguments().size() == call.arguments().size()
            && receiver.equals(tried.call().receiver() == null ? ""
                : signature(tried.call().receiver()))
            && destination.equals(destination(tried.call(), tried.parent()))
            && sameArguments(tried.call(), call, catchLocals));
  }

  /** Where a call's result goes: "return", or "=" and the variable; null elsewhere. */
  private static String destination(Call call, Code parent) {
    if (parent instanceof Jump jump && jump.kind() == JumpKind.RETURN) {
      return "return";
    }
    if (parent instanceof Assign assign && assign.operator().equals("=")
        && assign.value() == call) {
      String target = signature(assign.target());
      return target == null ? null : "=" + target;
    }
    if (parent instanceof Variable variable) {
      return "=" + variable.name();
    }
    return null;
  }

  /** A call in a try block, with the node around it. */
  private record TriedCall(Call call, Code parent) {}

  private static List<TriedCall> triedCalls(Code node, Code parent) {
    List<TriedCall> calls = new ArrayList<>();
    if (node instanceof Call call) {
      calls.add(new TriedCall(call, parent));
    }
    for (Code child : node.children()) {
      if (!FailureReading.startsAnotherBody(child)) {
        calls.addAll(triedCalls(child, node));
      }
    }
    return calls;
  }

  /**
   * More than half of the arguments denote the same values; a variable the catch declares is
   * another value, even under the same name.
   */
  private static boolean sameArguments(Call tried, Call call, Set<String> catchLocals) {
    int size = call.arguments().size();
    long same = IntStream.range(0, size).filter(i -> {
      Code argument = call.arguments().get(i);
      String value = signature(argument);
      return value != null && !names(argument, catchLocals)
          && value.equals(signature(tried.arguments().get(i)));
    }).count();
    return same * 2 > size;
  }

  private static boolean names(Code code, Set<String> variables) {
    return code.findAll(Name.class, node -> false).stream()
        .anyMatch(name -> variables.contains(name.name()));
  }

  /**
   * A text that is equal for two pieces of code that denote the same value: names, fields,
   * literals and calls of those; null for anything else, which is never the same.
   */
  private static String signature(Code code) {
    if (code instanceof Name name) {
      return name.name();
    }
    if (code instanceof Literal literal) {
      return String.valueOf(literal.value());
    }
    if (code instanceof Select select) {
      String scope = signature(select.scope());
      return scope == null ? null : scope + "." + select.name();
    }
    if (code instanceof Call call) {
      String receiver = call.receiver() == null ? "" : signature(call.receiver());
      StringBuilder text = new StringBuilder(receiver == null ? "?" : receiver)
          .append('.').append(call.name()).append('(');
      for (Code argument : call.arguments()) {
        String value = signature(argument);
        if (value == null || receiver == null) {
          return null;
        }
        text.append(value).append(',');
      }
      return text.append(')').toString();
    }
    return null;
  }
}
