package dev.retryowner.catalog.shape;

import dev.retryowner.catalog.RetryLoopEvidence;
import dev.retryowner.catalog.shape.Code.Assign;
import dev.retryowner.catalog.shape.Code.Binary;
import dev.retryowner.catalog.shape.Code.Block;
import dev.retryowner.catalog.shape.Code.Call;
import dev.retryowner.catalog.shape.Code.ClassBody;
import dev.retryowner.catalog.shape.Code.Lambda;
import dev.retryowner.catalog.shape.Code.Literal;
import dev.retryowner.catalog.shape.Code.MethodRef;
import dev.retryowner.catalog.shape.Code.Name;
import dev.retryowner.catalog.shape.Code.New;
import dev.retryowner.catalog.shape.Code.Jump;
import dev.retryowner.catalog.shape.Code.JumpKind;
import dev.retryowner.catalog.shape.Code.Select;
import dev.retryowner.catalog.shape.Code.Unary;
import dev.retryowner.catalog.shape.Code.Variable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * The shapes that run an operation again without a loop, from code that runs after a failure
 * ({@link AfterFailure}):
 *
 * <ul>
 *   <li><b>re-schedule</b>: a catalog delay call, or a call with one as an argument, handed the
 *       operation again ({@code this}, a method reference to it, or a lambda that calls it);
 *   <li><b>re-enqueue later</b>: a catalog delay call handed a task (a lambda or an anonymous
 *       class) that puts the item the operation was handed, one of its parameters, back into a
 *       collection: whoever takes work from there runs the attempt again. Putting an item
 *       somewhere only after a delay, and only after a failure, is no hand-over to other work;
 *   <li><b>give back</b>: in a catch, the item taken from a source before the try and handed to
 *       the try's work goes back into that source, directly or through a method of the class;
 *   <li><b>recursion</b>: the operation calls itself, on its own receiver with as many arguments
 *       as it has parameters, stepping a parameter by a literal ({@code attempt + 1}), or else
 *       passing each through unchanged in its place but for the failure being handed on (a
 *       part of a parameter, as its cause, is no pass-through: that walks into the argument);
 *   <li><b>recursion through a new instance</b>: a method builds a new instance of its own class
 *       with the count the instance was built with stepped by a literal ({@code new
 *       Download(…, retryCount + 1)}, also through a local that holds the step): the instance's
 *       work is the operation, and the count says it is the next attempt;
 *   <li><b>repeated call</b>: in a catch, a call that repeats a call of its try block: the same
 *       receiver and method, one argument at least, and every argument the
 *       same values (a variable the catch declares is another value),
 *       and its result going where the tried call's went (both returned, both assigned to one
 *       variable declared outside the catch, or both made as statements, the tried one the
 *       try's first statement);
 *   <li><b>resubscribe</b>: a callback handed a failure (an anonymous class's method handed one,
 *       or the error branch of a method with a parameter of a failure type) passes itself, and not
 *       the failure, to a call on another object that is no message: it subscribes to the
 *       operation again.
 * </ul>
 */
final class ReInvocation {
  /** The names a collection or queue takes an element by. */
  private static final Pattern PUT =
      Pattern.compile("^(add|offer|put|push)(First|Last)?$");

  /** Where the result of a call made as a statement goes. */
  private static final String STATEMENT = "statement";

  private ReInvocation() {}

  /**
   * The finding if {@code call}, after a failure, runs {@code unit}'s operation again.
   *
   * @param parent the node around the call, which says where its result goes
   * @param handsOverAgain whether a call goes where a new instance of the class of {@code this}
   *     was first handed
   */
  static Optional<ShapeMatch> find(MethodCode unit, Call call, AfterFailure after, Code parent,
      Predicate<Call> handsOverAgain, Function<Call, Optional<MethodCode>> ownMethod) {
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
    Optional<String> item = delay.isEmpty() ? Optional.empty() : call.arguments().stream()
        .map(a -> itemPutBack(a, unit, after)).flatMap(Optional::stream).findFirst();
    if (item.isPresent()) {
      return Optional.of(new ShapeMatch(call.origin(),
          RetryLoopEvidence.reEnqueue(item.get(), delay.get(), after.words()), delay.get()));
    }
    if (unit.kind() == MethodCode.Kind.METHOD && callsItself(call, unit)
        && !recursesWhereNothingFailed(unit.body(), null, unit, call)) {
      if (call.arguments().stream().anyMatch(a -> isCounterStep(a, unit))) {
        return Optional.of(new ShapeMatch(call.origin(),
            RetryLoopEvidence.recursion(unit.name(), after.words(), "an attempt counter"), ""));
      }
      if (passesThrough(call, unit, after)) {
        return Optional.of(new ShapeMatch(call.origin(),
            RetryLoopEvidence.recursion(unit.name(), after.words(), "the same arguments"), ""));
      }
    }
    if (resubscribes(unit, call, after) && handsOverAgain.test(call)) {
      return Optional.of(new ShapeMatch(call.origin(),
          RetryLoopEvidence.resubscribe(call.name(), after.words()), ""));
    }
    if (after.failedTry() != null && Stream.iterate(after, Objects::nonNull, AfterFailure::enclosing)
        .anyMatch(failed -> repeatsTriedCall(call, parent, failed))) {
      return Optional.of(new ShapeMatch(call.origin(),
          RetryLoopEvidence.repeatedCall(call.name(), after.words()), ""));
    }
    Optional<GivenBack> given = after.failedTry() == null ? Optional.empty()
        : givesBack(unit, call, after, ownMethod);
    if (given.isPresent()) {
      return Optional.of(new ShapeMatch(call.origin(), RetryLoopEvidence.givesBack(
          given.get().item(), given.get().source(), after.words()), ""));
    }
    if (repeatsSubmission(unit, call, after, parent)) {
      return Optional.of(new ShapeMatch(call.origin(),
          RetryLoopEvidence.resubmission(call.name(), after.words()), ""));
    }
    return Optional.empty();
  }

  /**
   * True if a callback handed the failure (a failure method of an anonymous class, a recovery
   * lambda) makes again a call its unit makes outside it: the same method on the same receiver
   * with the same arguments, as written; a recovery lambda also a method of the class, when its
   * result is the value the lambda recovers with ({@code connect(host).onErrorResume(failure ->
   * connect(host))}). The unit handed the work over with that call, or a lambda of no parameters
   * that is that call ({@code Mono.defer(() -> connect(host))}), and the callback that learns it
   * failed hands it over again. A call that passes a failure on, or is
   * itself a failure callback ({@code callback.failed(cause)}), reports the failure instead.
   */
  private static boolean repeatsSubmission(MethodCode unit, Call call, AfterFailure after,
      Code parent) {
    if (after != AfterFailure.CALLBACK && after != AfterFailure.RECOVERY_LAMBDA
        || call.onOwnReceiver() && !(after == AfterFailure.RECOVERY_LAMBDA
            && isRecoveredValue(call, parent))
        || call.arguments().isEmpty() || RetryShapes.isMessage(call)
        || FailureReading.isFailureCallbackName(call.name())
        || call.arguments().stream().anyMatch(argument -> argument instanceof Name name
            && FailureReading.holdsFailure(name))) {
      return false;
    }
    String written = signature(call);
    if (written == null) {
      return false;
    }
    if (unit.body().findAll(Call.class, node -> node instanceof ClassBody
            || node instanceof Lambda).stream()
        .anyMatch(submitted -> submitted != call && written.equals(signature(submitted)))) {
      return true;
    }
    List<Lambda> deferred = unit.body()
        .findAll(Lambda.class, node -> node instanceof ClassBody).stream()
        .filter(lambda -> lambda.parameters().isEmpty() && lambda.body() != call
            && written.equals(signature(lambda.body())))
        .toList();
    // The other callbacks handed to the call the recovery lambda is handed to (a completion
    // beside an error consumer) are alternatives to it, not the first attempt.
    return deferred.stream().anyMatch(lambda -> unit.body()
        .findAll(Call.class, node -> node instanceof ClassBody).stream()
        .noneMatch(holder -> holder.arguments().stream().anyMatch(argument -> argument == lambda)
            && holder.arguments().stream().anyMatch(argument -> argument instanceof Lambda
                && argument.findAll(Call.class, node -> false).stream()
                    .anyMatch(inner -> inner == call))));
  }

  /** True if both calls read the same as written: callee, receiver and arguments. */
  static boolean sameAsWritten(Call one, Call other) {
    String written = signature(one);
    return written != null && written.equals(signature(other));
  }

  /**
   * True if the call's result is what the recovery lambda gives in place of the failed result:
   * the lambda's expression, or a value it returns. A method of the class called there for its
   * effect (giving a connection back, completing a future) is the clean-up both paths do.
   */
  private static boolean isRecoveredValue(Call call, Code parent) {
    return parent instanceof Lambda lambda && lambda.body() == call
        || parent instanceof Jump jump && jump.kind() == JumpKind.RETURN && jump.value() == call;
  }

  /** An item put back where it was taken from: its variable and its source, as written. */
  private record GivenBack(String item, String source) {}

  /**
   * In a catch, the item the unit took from a source before the failed try ({@code E event =
   * deque.takeFirst()}), and whose value the try handed to its work as an argument (directly or
   * through a local computed from it), goes back to that source: by a call on it that puts the
   * item ({@code deque.offerFirst(event)}), or through a method of the class handed the item
   * that does. Whoever takes from the source runs the failed work again. An item the work ran on
   * (a pooled connection given back) is the resource, not the work.
   */
  private static Optional<GivenBack> givesBack(MethodCode unit, Call call, AfterFailure after,
      Function<Call, Optional<MethodCode>> ownMethod) {
    for (int i = 0; i < call.arguments().size(); i++) {
      if (!(call.arguments().get(i) instanceof Name item) || FailureReading.holdsFailure(item)) {
        continue;
      }
      Optional<String> source = takenFrom(unit, item.name(), after)
          .filter(from -> workedOn(item.name(), from, after.failedTry().body(), unit));
      if (source.isEmpty()) {
        continue;
      }
      boolean putBack = puts(call, source.get(), item.name());
      if (!putBack && call.onOwnReceiver()) {
        int index = i;
        putBack = ownMethod.apply(call).filter(m -> m.parameters().size() > index)
            .map(m -> m.body().findAll(Call.class, node -> node instanceof ClassBody).stream()
                .anyMatch(put -> puts(put, source.get(), m.parameters().get(index).name())))
            .orElse(false);
      }
      if (putBack) {
        return Optional.of(new GivenBack(item.name(), source.get()));
      }
    }
    return Optional.empty();
  }

  /** The source a local of the unit outside the catch was taken from: its initializer's receiver. */
  private static Optional<String> takenFrom(MethodCode unit, String item, AfterFailure after) {
    Set<Code> inCatch = Collections.newSetFromMap(new IdentityHashMap<>());
    after.handler().body().walk(node -> false, inCatch::add);
    return unit.body().findAll(Variable.class, node -> node instanceof ClassBody).stream()
        .filter(v -> v.name().equals(item) && !inCatch.contains(v)
            && v.initializer() instanceof Call take && take.receiver() != null)
        .map(v -> receiverOf((Call) v.initializer())).filter(Objects::nonNull).findFirst();
  }

  /** A call that puts {@code item} into {@code source}. */
  private static boolean puts(Call call, String source, String item) {
    return PUT.matcher(call.name()).matches() && source.equals(receiverOf(call))
        && call.arguments().size() == 1
        && call.arguments().get(0) instanceof Name put && put.name().equals(item);
  }

  /** The receiver as written, {@code this.} left off. */
  private static String receiverOf(Call call) {
    String receiver = call.receiver() == null ? null : signature(call.receiver());
    return receiver != null && receiver.startsWith("this.") ? receiver.substring(5) : receiver;
  }

  /**
   * True if {@code item}, or a local of the unit computed from it, is an argument of a call in
   * the try's body other than one on its source: the item is what the work was given.
   */
  private static boolean workedOn(String item, String source, Code tryBody, MethodCode unit) {
    Set<String> values = new HashSet<>(Set.of(item));
    unit.body().findAll(Variable.class, node -> node instanceof ClassBody).stream()
        .filter(v -> v.initializer() != null && reads(v.initializer(), item))
        .forEach(v -> values.add(v.name()));
    return tryBody.findAll(Call.class, node -> node instanceof ClassBody).stream()
        .filter(work -> !source.equals(receiverOf(work)))
        .flatMap(work -> work.arguments().stream())
        .anyMatch(argument -> argument instanceof Name name && values.contains(name.name()));
  }

  private static boolean reads(Code code, String name) {
    return code.findAll(Name.class, node -> false).stream().anyMatch(n -> n.name().equals(name));
  }

  /**
   * The finding if {@code creation}, after a failure, builds the next attempt: an instance of
   * the unit's own class whose constructor stores the argument at some place in the field that
   * argument steps by a literal ({@code new Transfer(attempt + 1)} where the constructor does
   * {@code this.attempt = p}).
   */
  static Optional<ShapeMatch> findNew(MethodCode unit, New creation, AfterFailure after,
      List<MethodCode> constructors) {
    if (unit.kind() != MethodCode.Kind.METHOD) {
      return Optional.empty();
    }
    String type = ClassCode.simpleName(creation.type());
    List<Code> arguments = creation.arguments();
    boolean nextAttempt = constructors.stream().filter(c -> c.name().equals(type)
            && c.parameters().size() == arguments.size())
        .anyMatch(c -> IntStream.range(0, arguments.size()).anyMatch(i ->
            stepOf(arguments.get(i), unit)
                .filter(field -> stores(c, c.parameters().get(i).name(), field)).isPresent()));
    return nextAttempt ? Optional.of(new ShapeMatch(creation.origin(),
        RetryLoopEvidence.recursion(unit.name(), after.words(),
            "a new instance of its class, the attempt count stepped"), ""))
        : Optional.empty();
  }

  /** True if {@code constructor} assigns its {@code parameter} to {@code field}. */
  private static boolean stores(MethodCode constructor, String parameter, String field) {
    return constructor.body().findAll(Assign.class, FailureReading::startsAnotherBody).stream()
        .anyMatch(assign -> assign.operator().equals("=")
            && assign.value() instanceof Name value && value.name().equals(parameter)
            && FailureReading.nameOf(assign.target()).filter(field::equals).isPresent());
  }

  /**
   * The name an argument steps by a literal ({@code n + 1}), directly or through a local of the
   * unit initialized with the step.
   */
  private static Optional<String> stepOf(Code argument, MethodCode unit) {
    return valueOf(argument, unit).flatMap(ReInvocation::stepped);
  }

  /**
   * What an argument holds: itself, or for a name, the initializer of the unit's local of that
   * name (empty when the unit declares none with one).
   */
  private static Optional<Code> valueOf(Code argument, MethodCode unit) {
    if (argument instanceof Name local) {
      return unit.body().findAll(Variable.class, node -> node instanceof ClassBody).stream()
          .filter(v -> v.name().equals(local.name()) && v.initializer() != null)
          .map(Variable::initializer).findFirst();
    }
    return Optional.of(argument);
  }

  /** {@code n + 1}, {@code n - 1}, {@code 1 + n} (any int literal): {@code n}. */
  private static Optional<String> stepped(Code code) {
    if (!(code instanceof Binary binary)
        || (!binary.operator().equals("+") && !binary.operator().equals("-"))) {
      return Optional.empty();
    }
    Code stepped = FailureReading.intValue(binary.right()).isPresent() ? binary.left()
        : FailureReading.intValue(binary.left()).isPresent() ? binary.right() : null;
    return stepped instanceof Name name ? Optional.of(name.name()) : Optional.empty();
  }


  /**
   * A callback handed the failure passes {@code this}, and no failure, to another object: not a
   * report of the failure (that passes the failure) but a new subscription of the callback, when
   * the caller also finds that it goes to the receiver and method a new instance of the callback's
   * class was first handed to ({@link HandOvers}).
   */
  private static boolean resubscribes(MethodCode unit, Call call, AfterFailure after) {
    boolean inCallback = after == AfterFailure.CALLBACK || after == AfterFailure.ERROR_BRANCH
        && unit.parameters().stream().anyMatch(p -> FailureReading.isFailureType(p.type()));
    return inCallback && !call.onOwnReceiver() && !RetryShapes.isMessage(call)
        && call.arguments().stream().anyMatch(a -> a instanceof Name name
            && name.name().equals("this"))
        && call.arguments().stream().noneMatch(a -> a instanceof Name name
            && (FailureReading.holdsFailure(name) || after.handler() != null
                && name.name().equals(after.handler().parameter())));
  }

  private static boolean callsItself(Call call, MethodCode unit) {
    return call.onOwnReceiver() && call.callee().reaches(unit)
        && call.arguments().size() == unit.parameters().size();
  }

  /**
   * True if the unit makes the same call of itself where nothing failed as well: outside its
   * catches and the lambdas a failure is handed to ({@code thenAccept(done -> next())} beside
   * {@code exceptionally(failure -> next())}). Work that comes round after success and failure
   * alike is the next pass of a period or a queue, not a retry.
   */
  private static boolean recursesWhereNothingFailed(Code node, Code parent, MethodCode unit,
      Call call) {
    if (node instanceof ClassBody || node instanceof Code.Catch
        || node instanceof Lambda lambda && FailureReading.isHandedFailure(lambda, parent)) {
      return false;
    }
    String written = signature(call);
    if (node instanceof Call other && other != call && callsItself(other, unit)
        && written != null && written.equals(signature(other))) {
      return true;
    }
    return node.children().stream()
        .anyMatch(child -> recursesWhereNothingFailed(child, node, unit, call));
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

  /**
   * The parameter of {@code unit} that a task (a lambda, or an anonymous class) puts into a
   * collection with a one-argument call named for it ({@code add}, {@code offer}, {@code put},
   * {@code push} and their {@code First}/{@code Last} forms); the failure itself is no item.
   */
  private static Optional<String> itemPutBack(Code task, MethodCode unit, AfterFailure after) {
    List<Code> bodies = task instanceof Lambda lambda ? List.of(lambda.body())
        : task instanceof New creation && creation.body() != null
            ? creation.body().methods().stream().map(MethodCode::body).map(Code.class::cast)
                .toList()
            : List.of();
    return bodies.stream()
        .flatMap(body -> body.findAll(Call.class, node -> node instanceof ClassBody).stream())
        .filter(put -> put.receiver() != null && PUT.matcher(put.name()).matches()
            && put.arguments().size() == 1)
        .map(put -> put.arguments().get(0))
        .filter(argument -> argument instanceof Name name && unit.hasParameter(name.name())
            && !FailureReading.holdsFailure(name)
            && (after.handler() == null || !name.name().equals(after.handler().parameter())))
        .map(argument -> ((Name) argument).name())
        .findFirst();
  }

  /**
   * {@code p + 1}, {@code p - 1} (any int literal), {@code ++p} or {@code --p} for a parameter
   * {@code p} of the method, directly or through a local initialized with it ({@code int next =
   * p + 1}). ({@code p--} passes the value unchanged, as the same arguments do.)
   */
  private static boolean isCounterStep(Code argument, MethodCode unit) {
    boolean preStep = argument instanceof Unary unary
        && (unary.operator().equals(Unary.PRE_INCREMENT)
            || unary.operator().equals(Unary.PRE_DECREMENT))
        && unary.operand() instanceof Name name && unit.hasParameter(name.name());
    return preStep || stepOf(argument, unit).filter(unit::hasParameter).isPresent();
  }

  /**
   * The same values again: every parameter passed through unchanged, in its place, but for the
   * failure being handed on (the catch's exception, or any value in a parameter of a failure
   * type but one read from that parameter). An argument computed from a parameter ({@code
   * e.getCause()}, {@code prefix + name}) is other work: walking a cause chain, or a part of the
   * input.
   */
  private static boolean passesThrough(Call call, MethodCode unit, AfterFailure after) {
    List<MethodCode.Parameter> parameters = unit.parameters();
    String caught = after.handler() == null ? null : after.handler().parameter();
    boolean anyUnchanged = false;
    for (int i = 0; i < parameters.size(); i++) {
      MethodCode.Parameter parameter = parameters.get(i);
      Code argument = call.arguments().get(i);
      boolean unchanged = argument instanceof Name name && name.name().equals(parameter.name());
      boolean walksCauses = isPartOf(argument, parameter.name(), unit);
      boolean failureHandedOn = FailureReading.isFailureType(parameter.type()) && !walksCauses
          || argument instanceof Name name && name.name().equals(caught);
      if (!unchanged && !failureHandedOn) {
        return false;
      }
      anyUnchanged |= unchanged && !FailureReading.isFailureType(parameter.type());
    }
    return parameters.isEmpty() || anyUnchanged;
  }

  /**
   * True if {@code argument} is a part of the parameter's value: a call on the parameter
   * ({@code e.getCause()}), or a local of the unit initialized with an expression that makes one
   * ({@code Throwable cause = e.getCause()}). A recursion on it walks into the argument.
   */
  private static boolean isPartOf(Code argument, String parameter, MethodCode unit) {
    return valueOf(argument, unit).filter(value -> value.findAll(Call.class, node -> false)
        .stream().anyMatch(call -> call.receiver() instanceof Name of
            && of.name().equals(parameter))).isPresent();
  }

  /**
   * A call of the failed try's block with the same receiver, method and most arguments, whose
   * result goes where this call's result goes: both returned, or both assigned to one variable.
   * The catch then stands in for the call that failed, by making it again.
   */
  private static boolean repeatsTriedCall(Call call, Code parent, AfterFailure after) {
    String destination = destination(call, parent);
    String receiver = call.receiver() == null ? "" : signature(call.receiver());
    // A local the catch declares is a place of its own: a value computed for the catch's use
    // (a key to record a wait under) does not stand in for the try's result.
    if (destination == null || parent instanceof Variable || receiver == null
        || call.arguments().isEmpty() || call.callee().delay().isPresent()) {
      return false;
    }
    // A variable the catch declares or assigns holds another value than the try's, even under
    // the same name: the call on it is made with other input.
    Set<String> catchLocals = after.handler().body()
        .findAll(Variable.class, FailureReading::startsAnotherBody).stream()
        .map(Variable::name).collect(Collectors.toSet());
    after.handler().body().findAll(Assign.class, FailureReading::startsAnotherBody).stream()
        .filter(assign -> assign.operator().equals("="))
        .forEach(assign -> FailureReading.nameOf(assign.target()).ifPresent(catchLocals::add));
    if (call.receiver() != null && names(call.receiver(), catchLocals)) {
      return false;
    }
    // A call whose result goes nowhere repeats the try's work only when the try makes it first:
    // the same call after other work in the try (giving a resource back, removing an entry) is
    // the clean-up both paths do.
    Code firstStatement = firstStatement(after.failedTry().body());
    return triedCalls(after.failedTry().body(), null).stream().anyMatch(tried ->
        tried.call().name().equals(call.name())
            && tried.call().arguments().size() == call.arguments().size()
            && receiver.equals(tried.call().receiver() == null ? ""
                : signature(tried.call().receiver()))
            && destination.equals(triedDestination(tried, after.failedTry().body()))
            && (!destination.equals(STATEMENT) || firstStatement == tried.call())
            && sameArguments(tried.call(), call, catchLocals));
  }

  /** The first statement a block runs: in a block that opens with a try, its block's first. */
  private static Code firstStatement(Block block) {
    Code first = block.statements().isEmpty() ? null : block.statements().get(0);
    return first instanceof Code.Try inner ? firstStatement(inner.body()) : first;
  }

  /**
   * Where a tried call's result goes, as the catch would have to send its own: a local that the
   * try block ends by returning is the try's result, as a return is.
   */
  private static String triedDestination(TriedCall tried, Block tryBlock) {
    String destination = destination(tried.call(), tried.parent());
    List<Code> statements = tryBlock.statements();
    if (destination != null && destination.startsWith("=") && !statements.isEmpty()
        && statements.get(statements.size() - 1) instanceof Jump jump
        && jump.kind() == JumpKind.RETURN && jump.value() instanceof Name returned
        && destination.equals("=" + returned.name())) {
      return "return";
    }
    return destination;
  }

  /**
   * Where a call's result goes: "return", "=" and the variable, or nowhere for a call made as a
   * statement; null elsewhere.
   */
  private static String destination(Call call, Code parent) {
    if (parent instanceof Jump jump && jump.kind() == JumpKind.RETURN) {
      return "return";
    }
    if (parent instanceof Block) {
      return STATEMENT;
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
   * Every argument denotes the same value (an overload called with other arguments is another
   * operation); a variable the catch declares is another value, even under the same name.
   */
  private static boolean sameArguments(Call tried, Call call, Set<String> catchLocals) {
    int size = call.arguments().size();
    return IntStream.range(0, size).allMatch(i -> {
      Code argument = call.arguments().get(i);
      String value = signature(argument);
      return value != null && !names(argument, catchLocals)
          && value.equals(signature(tried.arguments().get(i)));
    });
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
    // A cast changes the static type, not the value.
    if (code instanceof Code.Cast cast) {
      return signature(cast.operand());
    }
    if (code instanceof Select select) {
      String scope = signature(select.scope());
      return scope == null ? null : scope + "." + select.name();
    }
    if (code instanceof New creation && creation.body() == null) {
      return arguments(new StringBuilder("new ").append(creation.type()).append('('),
          creation.arguments());
    }
    if (code instanceof Call call) {
      String receiver = call.receiver() == null ? "" : signature(call.receiver());
      if (receiver == null && !call.arguments().isEmpty()) {
        return null;
      }
      return arguments(new StringBuilder(receiver == null ? "?" : receiver)
          .append('.').append(call.name()).append('('), call.arguments());
    }
    return null;
  }

  /** {@code text} with the arguments' signatures and a closing parenthesis; null if one has none. */
  private static String arguments(StringBuilder text, List<Code> arguments) {
    for (Code argument : arguments) {
      String value = signature(argument);
      if (value == null) {
        return null;
      }
      text.append(value).append(',');
    }
    return text.append(')').toString();
  }
}
