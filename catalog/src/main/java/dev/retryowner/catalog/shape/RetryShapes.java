package dev.retryowner.catalog.shape;

import static dev.retryowner.catalog.shape.FailureReading.nameOf;

import dev.retryowner.catalog.CatalogEntry;
import dev.retryowner.catalog.RetryLoopEvidence;
import dev.retryowner.catalog.StatusCheck.Polarity;
import dev.retryowner.catalog.shape.Code.ArrayAccess;
import dev.retryowner.catalog.shape.Code.Assign;
import dev.retryowner.catalog.shape.Code.Binary;
import dev.retryowner.catalog.shape.Code.Call;
import dev.retryowner.catalog.shape.Code.Block;
import dev.retryowner.catalog.shape.Code.Catch;
import dev.retryowner.catalog.shape.Code.ClassBody;
import dev.retryowner.catalog.shape.Code.If;
import dev.retryowner.catalog.shape.Code.Jump;
import dev.retryowner.catalog.shape.Code.JumpKind;
import dev.retryowner.catalog.shape.Code.Lambda;
import dev.retryowner.catalog.shape.Code.Literal;
import dev.retryowner.catalog.shape.Code.Loop;
import dev.retryowner.catalog.shape.Code.LoopKind;
import dev.retryowner.catalog.shape.Code.Name;
import dev.retryowner.catalog.shape.Code.New;
import dev.retryowner.catalog.shape.Code.Select;
import dev.retryowner.catalog.shape.Code.Try;
import dev.retryowner.catalog.shape.Code.Unary;
import dev.retryowner.catalog.shape.Code.Variable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The decision procedure of HandRolledRetry, written once on {@link Code}: a loop, recursion or
 * re-schedule that runs an operation again after a failure signal. Both engines adapt their trees
 * and report what this finds; {@code docs/rules/HandRolledRetry.md} describes the shapes.
 */
public final class RetryShapes {
  private RetryShapes() {}

  /**
   * The shapes in the class bodies of one file (their methods, constructors and initializers), by
   * unit. The bodies are read together because a retry may run through several units: a failure
   * handler that calls back into the method that failed, or into the outer class's method that
   * makes the next callback object ({@link ReEntry}).
   */
  public static ClassMatches find(List<ClassCode> classes) {
    ReEntry reEntry = new ReEntry(classes);
    HandOvers handOvers = new HandOvers(classes);
    ResolvedAddresses addresses = new ResolvedAddresses(classes);
    Map<MethodCode, Walk> walks = new IdentityHashMap<>();
    Map<MethodCode, ClassCode> classOf = new IdentityHashMap<>();
    Map<MethodCode, List<MethodCode>> constructorsOf = new IdentityHashMap<>();
    for (ClassCode type : classes) {
      List<MethodCode> constructors = type.units().stream()
          .filter(unit -> unit.kind() == MethodCode.Kind.CONSTRUCTOR).toList();
      for (MethodCode unit : type.units()) {
        constructorsOf.put(unit, constructors);
        classOf.put(unit, type);
        walks.put(unit, walk(unit, null, reEntry, constructors, type, handOvers, addresses));
      }
    }
    for (MethodCode handler : reEntry.handlers()) {
      walks.put(handler, walk(handler, AfterFailure.HANDLER, reEntry, constructorsOf.get(handler),
          classOf.get(handler), handOvers, addresses));
    }
    Map<MethodCode, List<ShapeMatch>> matches = new IdentityHashMap<>();
    List<Object> callsAfterFailure = new ArrayList<>();
    for (ClassCode type : classes) {
      for (MethodCode unit : type.units()) {
        Walk walk = walks.get(unit);
        List<ShapeMatch> found = new ArrayList<>(walk.matches);
        reEntry.matches(unit, found).forEach(found::add);
        matches.put(unit, found);
        callsAfterFailure.addAll(walk.callsAfterFailure);
      }
    }
    return new ClassMatches(matches, callsAfterFailure);
  }

  /** The shapes of a file's class bodies, by unit, and the calls they make after a failure. */
  public static final class ClassMatches {
    private final Map<MethodCode, List<ShapeMatch>> matches;
    private final List<Object> callsAfterFailure;

    private ClassMatches(Map<MethodCode, List<ShapeMatch>> matches,
        List<Object> callsAfterFailure) {
      this.matches = matches;
      this.callsAfterFailure = List.copyOf(callsAfterFailure);
    }

    /** The shapes in {@code unit}, one of the units the classes were read with. */
    public List<ShapeMatch> in(MethodCode unit) {
      return matches.getOrDefault(unit, List.of());
    }

    /**
     * The engine's nodes of the calls made after a failure (in a catch, a failure callback or
     * an error branch). A call of another class's retrying method there hands the failed work
     * to that retry: only a whole-program engine can tell, and asks this.
     */
    public List<Object> callsAfterFailure() {
      return callsAfterFailure;
    }
  }

  private static Walk walk(MethodCode unit, AfterFailure start, ReEntry reEntry,
      List<MethodCode> constructors, ClassCode self, HandOvers handOvers,
      ResolvedAddresses addresses) {
    Walk walk = new Walk(unit, false, reEntry.callsFrom(unit, start != null), constructors, self,
        handOvers, addresses);
    walk.visit(unit.body(), start);
    return walk;
  }

  /**
   * One pass over a unit, with the path from its body down to the node visited, and where the
   * code runs after a failure. A pass over a failure callback of a local or anonymous class looks
   * only for re-invocations of the enclosing unit: that class's own shapes are its own units'.
   */
  private static final class Walk {
    private final MethodCode unit;
    private final boolean callbackOnly;
    private final ReEntry.Calls ownCalls;
    private final List<MethodCode> constructors;
    /** The class whose instance {@code this} is where the walk is. */
    private final ClassCode self;
    private final HandOvers handOvers;
    private final ResolvedAddresses addresses;
    private final List<ShapeMatch> matches = new ArrayList<>();
    private final List<Object> callsAfterFailure = new ArrayList<>();
    private final List<Code> path = new ArrayList<>();
    private RepeatedSend.SourceOrder order;

    Walk(MethodCode unit, boolean callbackOnly, ReEntry.Calls ownCalls,
        List<MethodCode> constructors, ClassCode self, HandOvers handOvers,
        ResolvedAddresses addresses) {
      this.unit = unit;
      this.callbackOnly = callbackOnly;
      this.ownCalls = ownCalls;
      this.constructors = constructors;
      this.self = self;
      this.handOvers = handOvers;
      this.addresses = addresses;
    }

    /** The value the class's own method a call reaches answers to say its attempt failed. */
    private Optional<Boolean> failureResult(Call call) {
      return call.onOwnReceiver() ? self.units().stream()
          .filter(own -> own.kind() == MethodCode.Kind.METHOD && call.callee().reaches(own))
          .findFirst().flatMap(FailureResult::of) : Optional.empty();
    }

    void visit(Code node, AfterFailure reached) {
      if (node instanceof ClassBody body) {
        failureCallbacks(body, reached);
        return;
      }
      AfterFailure after = node instanceof Lambda lambda && FailureReading.isHandedFailure(lambda,
          path.isEmpty() ? null : path.get(path.size() - 1))
          ? AfterFailure.RECOVERY_LAMBDA : reached;
      ownCalls.record(node, path, after);
      if (!callbackOnly && node instanceof Loop loop && !addresses.walkedBy(loop, unit)) {
        LoopBody parts = LoopBody.of(loop.body(), loop.condition(), this::failureResult);
        retryLoop(unit, loop, parts, handOffDecides(parts), workEndsLoop(loop, parts))
            .or(() -> failover(loop, parts))
            .or(() -> OutcomeLoop.find(loop)).or(() -> namedRetryBound(loop, parts))
            .or(() -> FailureCountLoop.find(loop))
            .ifPresent(matches::add);
      }
      if (node instanceof Call call) {
        if (after != null && after != AfterFailure.HANDLER) {
          callsAfterFailure.add(call.origin());
        }
        Optional<ShapeMatch> match = !callbackOnly && call.callee().redelivery().isPresent()
            ? Redelivery.find(unit, call, call.callee().redelivery().get())
            : !callbackOnly && call.callee().backOff().isPresent()
            ? backOffDecision(unit, call, call.callee().backOff().get(), after, path)
            : !callbackOnly && call.callee().resend().isPresent()
            ? RepeatedSend.find(unit, call, path, order())
            : after != null && after != AfterFailure.HANDLER ? ReInvocation.find(unit, call, after,
                path.isEmpty() ? null : path.get(path.size() - 1),
                handedOn -> handOvers.handsOverAgain(handedOn, self),
                helper -> self.units().stream().filter(helper.callee()::reaches).findFirst())
            : Optional.empty();
        match.ifPresent(matches::add);
      }
      if (!callbackOnly && node instanceof New creation && after != null
          && after != AfterFailure.HANDLER) {
        ReInvocation.findNew(unit, creation, after, constructors).ifPresent(matches::add);
      }
      path.add(node);
      if (node instanceof Try tryNode) {
        tryNode.resources().forEach(r -> visit(r, after));
        visit(tryNode.body(), after);
        // An interruption is no failure of the work: a catch of it alone keeps waiting, as in a
        // loop (LoopBody), so what it runs again waits again, and is no retry.
        tryNode.catches().forEach(c -> visit(c, FailureReading.catchesOnlyInterruption(c)
            ? after : AfterFailure.catchOf(tryNode, c, after)));
        if (tryNode.finallyBlock() != null) {
          visit(tryNode.finallyBlock(), after);
        }
      } else if (node instanceof If ifNode) {
        Polarity polarity = branchPolarity(ifNode);
        visit(ifNode.condition(), after);
        visit(ifNode.then(), polarity == Polarity.ERROR ? errorBranch(after) : after);
        if (ifNode.otherwise() != null) {
          visit(ifNode.otherwise(), polarity == Polarity.SUCCESS ? errorBranch(after) : after);
        }
      } else if (node instanceof Block block) {
        AfterFailure current = after;
        for (Code statement : block.statements()) {
          visit(statement, current);
          if (statement instanceof If ifNode && !ifNode.expression()
              && branchPolarity(ifNode) == Polarity.SUCCESS
              && FailureReading.leaves(ifNode.then())) {
            current = errorBranch(current);
          }
        }
      } else {
        node.children().forEach(child -> visit(child, after));
      }
      path.remove(path.size() - 1);
    }

    /**
     * Whether a branch is taken on an error or on success. A branch on a failure parameter that
     * is the caller's ({@link FailureReading#takesCallersFailure}) branches on the method's
     * input, not on a failure of the class's own work.
     */
    private Polarity branchPolarity(If ifNode) {
      Polarity polarity = FailureReading.branchPolarity(ifNode.condition());
      if (polarity == Polarity.NONE || !FailureReading.takesCallersFailure(unit, self)
          || !(ifNode.condition() instanceof Binary test)) {
        return polarity;
      }
      Code tested = test.right() instanceof Literal ? test.left() : test.right();
      return tested instanceof Name name && unit.hasParameter(name.name())
          && FailureReading.holdsFailure(name) ? Polarity.NONE : polarity;
    }

    /**
     * Where an error branch runs: inside a catch it is still after that catch's failure, whose
     * try holds the work a call there may repeat; elsewhere it is after the error status.
     */
    private static AfterFailure errorBranch(AfterFailure after) {
      return after != null && after.failedTry() != null ? after : AfterFailure.ERROR_BRANCH;
    }

    /**
     * The methods of a local or anonymous class, as callbacks of the unit: the whole body of one
     * that is handed a failure, or is named for one, runs after it, and so do error branches of
     * the others (a completion callback that finds an error status), and every method of a class
     * created after a failure (a task a catch schedules).
     */
    private void failureCallbacks(ClassBody body, AfterFailure after) {
      for (MethodCode method : body.methods()) {
        boolean handedFailure = FailureReading.isHandedFailure(method);
        Walk callback = new Walk(unit, true, ownCalls, constructors, handOvers.classOf(body),
            handOvers, addresses);
        callback.visit(method.body(), handedFailure ? AfterFailure.CALLBACK : after);
        matches.addAll(callback.matches);
        callsAfterFailure.addAll(callback.callsAfterFailure);
      }
    }

    /**
     * True if a failure catch of the loop hands the caught failure to a method of these classes
     * that gives up on some failures (it throws on a branch, not always) and success or a
     * condition of the work's result leaves the loop: the helper decides whether to go round
     * again, as {@code if (!shouldRetry(e)) throw e;} in the catch would.
     */
    /**
     * True if the loop's condition is a flag of the class ({@code while (!shutdown)}) that a
     * method of the class, called from the block of a try the loop guards, sets to end the loop
     * (directly or through the class's methods it calls, three calls deep): the work's success
     * ends the loop, and a failure its catch swallows goes round again, as a reconnector's
     * {@code while (!shutdown) { sleep(delay); reconnect(); }} whose {@code connect} sets {@code
     * shutdown = true}.
     */
    private boolean workEndsLoop(Loop loop, LoopBody parts) {
      Code condition = loop.condition();
      boolean negated = condition instanceof Unary not && not.operator().equals("!");
      Optional<String> flag = nameOf(negated ? ((Unary) condition).operand() : condition);
      if (flag.isEmpty() || condition == null) {
        return false;
      }
      List<Call> work = parts.guardedTries.stream()
          .flatMap(tried -> tried.body().findAll(Call.class, RetryShapes::isNested).stream())
          .toList();
      Set<MethodCode> seen = Collections.newSetFromMap(new IdentityHashMap<>());
      for (int depth = 0; depth < 3 && !work.isEmpty(); depth++) {
        List<MethodCode> called = work.stream().filter(Call::onOwnReceiver)
            .flatMap(call -> self.units().stream().filter(call.callee()::reaches))
            .filter(seen::add).toList();
        if (called.stream().anyMatch(method -> assigns(method.body(), flag.get(), negated))) {
          return true;
        }
        work = called.stream().flatMap(method ->
            method.body().findAll(Call.class, node -> node instanceof ClassBody).stream()).toList();
      }
      return false;
    }

    /** True if {@code body} sets {@code flag} to the boolean literal {@code value}. */
    private static boolean assigns(Code body, String flag, boolean value) {
      return body.findAll(Assign.class, node -> node instanceof ClassBody).stream()
          .anyMatch(assign -> assign.operator().equals("=")
              && nameOf(assign.target()).filter(flag::equals).isPresent()
              && assign.value() instanceof Literal literal
              && Boolean.valueOf(value).equals(literal.value()));
    }

    private boolean handOffDecides(LoopBody parts) {
      return (parts.exitsOnSuccess || parts.exitsOnResult) && parts.failureHandOffs.stream()
          .filter(Call::onOwnReceiver)
          .flatMap(call -> ReEntry.innermost(self, call.name(), helper ->
              helper.parameters().size() == call.arguments().size()
                  && call.callee().reaches(helper)).stream())
          .anyMatch(RetryShapes::givesUpOnSome);
    }

    private RepeatedSend.SourceOrder order() {
      if (order == null) {
        order = new RepeatedSend.SourceOrder(unit.body());
      }
      return order;
    }
  }

  /**
   * A back-off decision: a call that asks a back-off schedule for the next wait (a catalog {@code
   * backoff-call}), made after a failure (in a catch, a failure callback, an error branch, a
   * method or constructor handed the failure, or a method named for one: not a constructor of a
   * class so named) and outside any loop of the unit (a loop that asks is the retry loop
   * shape's). Asked anywhere else, a schedule is only read.
   */
  private static Optional<ShapeMatch> backOffDecision(MethodCode unit, Call call,
      CatalogEntry entry, AfterFailure after, List<Code> path) {
    if (after == null && !FailureReading.isHandedFailure(unit)
        || path.stream().anyMatch(Loop.class::isInstance)) {
      return Optional.empty();
    }
    String where = after != null ? after.words() : "in a method handed the failure";
    return Optional.of(new ShapeMatch(call.origin(),
        RetryLoopEvidence.backOffDecision(entry.displayName(), where), entry.displayName()));
  }

  /**
   * A failover loop: a for loop, or a while loop over an iterator, that tries the same operation
   * on each target in turn (each node, address or pool), swallows a failure worth trying
   * elsewhere, and leaves on the first success. Trying the next target after a failure sends the
   * same request again. Another while loop that leaves on success is a reconnect or a poll unless
   * the retry loop shape says otherwise.
   */
  private static Optional<ShapeMatch> failover(Loop loop, LoopBody parts) {
    boolean walksTargets = loop.kind() == LoopKind.FOR_EACH || loop.kind() == LoopKind.FOR
        || loop.kind() == LoopKind.WHILE && loop.condition() instanceof Call hasNext
            && hasNext.name().equals("hasNext") && hasNext.arguments().isEmpty();
    if (!walksTargets) {
      return Optional.empty();
    }
    if (!parts.leavesFromGuardedTry || !parts.swallowsTransientFailure
        || asksEachCandidate(loop, parts)) {
      return Optional.empty();
    }
    return Optional.of(new ShapeMatch(loop.origin(), RetryLoopEvidence.failover(
        loop.kind().words(), delayNote(loop.body())), ""));
  }

  /**
   * True for a for-each whose guarded work is one call, with no arguments, on the element itself
   * ({@code for (Provider p : chain) { try { return p.credentials(); } catch … }}): each pass
   * asks another object for a value and sends nothing that came from outside the loop, a
   * fallback over suppliers, not the same request sent to the next endpoint.
   */
  private static boolean asksEachCandidate(Loop loop, LoopBody parts) {
    if (loop.kind() != LoopKind.FOR_EACH || loop.initializers().isEmpty()
        || !(loop.initializers().get(0) instanceof Variable element)) {
      return false;
    }
    return parts.guardedTries.stream().allMatch(tried -> {
      List<Call> calls = tried.body().findAll(Call.class, FailureReading::startsAnotherBody);
      return calls.size() == 1 && calls.get(0).arguments().isEmpty()
          && calls.get(0).receiver() instanceof Name receiver
          && receiver.name().equals(element.name());
    });
  }

  /** A method that throws on some path of its own body and not on every one. */
  private static boolean givesUpOnSome(MethodCode helper) {
    return !FailureReading.leaves(helper.body()) && helper.body()
        .findAll(Jump.class, FailureReading::startsAnotherBody).stream()
        .anyMatch(jump -> jump.kind() == JumpKind.THROW);
  }

  /**
   * A loop that runs the same operation again after a failure signal, bounded, and that success
   * can end (a loop that goes on after a success does the next piece of work, not the same).
   */
  private static Optional<ShapeMatch> retryLoop(MethodCode unit, Loop loop, LoopBody parts,
      boolean handOffDecides, boolean workEndsLoop) {
    if (loop.kind() == LoopKind.FOR_EACH) {
      return Optional.empty();
    }
    Code condition = loop.condition();
    Set<String> counters = new LinkedHashSet<>(counters(loop, parts));
    counters.addAll(parts.catchLimits);
    RetryLoopEvidence evidence = new RetryLoopEvidence(
        condition != null && parts.polarity(condition) == Polarity.ERROR,
        !parts.guardedTries.isEmpty(), parts.statusCheckStays, List.copyOf(counters),
        condition == null || isTrue(condition) || parts.successFlag,
        parts.exitsOnSuccess || workEndsLoop,
        parts.retryingCatch, parts.decidesOnFailure(condition) || handOffDecides,
        runsUntilStopped(unit, loop));
    // A loop bounded by its own counter (in its condition, or one its failure catch gives up
    // on) that leaves on a condition of what the guarded work returned goes round again after
    // the work threw; a search over items reads its counter as work, which readsCounterAsWork
    // rules out below.
    boolean countedExitOnResult = parts.exitsOnResult && !parts.guardedTries.isEmpty()
        && !counters.isEmpty();
    boolean stops = parts.stopsOnSuccess(condition) || evidence.exitsOnSuccess()
        || evidence.errorKeyedCondition()
        || evidence.failureDecides() || evidence.retryingCatch() || countedExitOnResult;
    if (!evidence.hasFailureSignal() || !evidence.isBounded() || !stops
        || readsCounterAsWork(loop.body(), counters, parts)) {
      return Optional.empty();
    }
    return Optional.of(new ShapeMatch(loop.origin(),
        evidence.describe(loop.kind().words(), delayNote(loop.body())), ""));
  }

  /**
   * True if the loop's condition says only when to stop: every call it makes reads a clock or the
   * thread's interruption (catalog {@code state-query} entries), and it reads no variable the
   * loop changes ({@code while (System.nanoTime() < deadline)}, {@code while
   * (!Thread.currentThread().isInterrupted())}, {@code while (!closed)}). The loop runs until a
   * deadline or a cancellation; no pass of it is the work, and nothing the work does ends it. A
   * call the catalog does not know reads a clock too when the condition compares it with a local
   * of the unit computed from the same call before the loop ({@code end = time.milliseconds() +
   * timeout}, then {@code while (time.milliseconds() < end)}): whatever the clock is, that is a
   * deadline.
   */
  private static boolean runsUntilStopped(MethodCode unit, Loop loop) {
    Code condition = loop.condition();
    if (condition == null || isTrue(condition)
        || !condition.findAll(Call.class, RetryShapes::isNested).stream()
            .allMatch(call -> call.callee().readsState()
                || comparedWithDeadline(unit, loop, condition, call))) {
      return false;
    }
    Set<String> changed = new HashSet<>();
    List<Code> scopes = new ArrayList<>(loop.update());
    scopes.add(loop.body());
    for (Code scope : scopes) {
      scope.walk(node -> node instanceof Lambda || node instanceof ClassBody, node -> {
        if (node instanceof Assign assign) {
          nameOf(assign.target()).ifPresent(changed::add);
        } else if (node instanceof Unary unary && unary.steps()) {
          nameOf(unary.operand()).ifPresent(changed::add);
        }
      });
    }
    return condition.findAll(Name.class, RetryShapes::isNested).stream()
        .noneMatch(name -> changed.contains(name.name()));
  }

  /**
   * True if {@code condition} compares {@code call}, made with no arguments, with a local of the
   * unit declared outside the loop whose initializer makes the same call on the same receiver.
   */
  private static boolean comparedWithDeadline(MethodCode unit, Loop loop, Code condition,
      Call call) {
    if (!call.arguments().isEmpty() || !(condition instanceof Binary comparison)
        || !List.of("<", "<=", ">", ">=").contains(comparison.operator())) {
      return false;
    }
    Code other = comparison.left() == call ? comparison.right()
        : comparison.right() == call ? comparison.left() : null;
    if (!(other instanceof Name deadline)) {
      return false;
    }
    Set<Code> inLoop = Collections.newSetFromMap(new IdentityHashMap<>());
    loop.walk(node -> false, inLoop::add);
    return unit.body().findAll(Variable.class, node -> node instanceof ClassBody).stream()
        .filter(variable -> variable.name().equals(deadline.name())
            && variable.initializer() != null && !inLoop.contains(variable))
        .flatMap(variable -> variable.initializer().findAll(Call.class, node -> false).stream())
        .anyMatch(reading -> ReInvocation.sameAsWritten(reading, call));
  }

  /**
   * A loop that goes round again only on an outcome and below a bound named for retries: an
   * {@code if (outcome && counter < bound) continue;} followed by a {@code break} or {@code
   * return}, where the counter is stepped by the loop and it or the bound is named for retries or
   * attempts ({@code claimed.isEmpty() && round < MAX_CLAIM_RETRIES}), and the body tries work
   * (holds a try). The names say what the loop is for when the failure is told in a way no other
   * shape reads, such as an empty result after a lost update; a loop that leaves unless told to
   * go round runs its work once on success.
   */
  private static Optional<ShapeMatch> namedRetryBound(Loop loop, LoopBody parts) {
    if (loop.kind() == LoopKind.FOR_EACH
        || loop.body().findAll(Try.class, RetryShapes::isNested).isEmpty()) {
      return Optional.empty();
    }
    Set<String> stepped = new LinkedHashSet<>();
    loop.update().forEach(update -> collectSteps(update, parts, stepped));
    collectSteps(loop.body(), parts, stepped);
    for (Block block : loop.body().findAll(Block.class, RetryShapes::isNested)) {
      List<Code> statements = block.statements();
      for (int i = 0; i + 1 < statements.size(); i++) {
        if (statements.get(i) instanceof If ifNode && ifNode.otherwise() == null
            && continues(ifNode.then()) && leavesLoop(statements.get(i + 1))
            && ifNode.condition() instanceof Binary both && both.operator().equals("&&")) {
          Optional<String> counter = retryBoundCounter(both.left(), stepped)
              .or(() -> retryBoundCounter(both.right(), stepped));
          if (counter.isPresent()) {
            return Optional.of(new ShapeMatch(loop.origin(), RetryLoopEvidence.namedRetryBound(
                loop.kind().words(), counter.get(), delayNote(loop.body())), ""));
          }
        }
      }
    }
    return Optional.empty();
  }

  private static boolean leavesLoop(Code statement) {
    return statement instanceof Jump jump
        && (jump.kind() == JumpKind.BREAK || jump.kind() == JumpKind.RETURN);
  }

  /**
   * The stepped counter of {@code counter < bound} (either way round), when the counter or the
   * bound is named for retries.
   */
  private static Optional<String> retryBoundCounter(Code code, Set<String> stepped) {
    if (!(code instanceof Binary comparison)) {
      return Optional.empty();
    }
    boolean below = comparison.operator().equals("<") || comparison.operator().equals("<=");
    boolean above = comparison.operator().equals(">") || comparison.operator().equals(">=");
    if (!below && !above) {
      return Optional.empty();
    }
    Optional<String> counter = nameOf(below ? comparison.left() : comparison.right())
        .filter(stepped::contains);
    String bound = simpleName(below ? comparison.right() : comparison.left());
    return counter.filter(name -> FailureReading.namesRetryCount(name)
        || FailureReading.namesRetryCount(bound));
  }

  private static String simpleName(Code code) {
    return code instanceof Name name ? name.name() : code instanceof Select select
        ? select.name() : code instanceof Call call && call.arguments().isEmpty() ? call.name()
        : "";
  }

  /** True for a {@code continue}, alone or as a statement of a block. */
  private static boolean continues(Code then) {
    List<Code> statements = then instanceof Block block ? block.statements() : List.of(then);
    return statements.stream().anyMatch(s -> s instanceof Jump jump
        && jump.kind() == JumpKind.CONTINUE);
  }

  private static boolean isNested(Code node) {
    return node instanceof Loop || node instanceof Lambda || node instanceof ClassBody;
  }

  /** The first delay call in the body, directly or one call deep ("X (in helper)"). */
  static Optional<String> delayNote(Code body) {
    for (Call call : body.findAll(Call.class, node -> false)) {
      Optional<String> direct = call.callee().delay();
      if (direct.isPresent()) {
        return direct;
      }
      Optional<String> helper = call.callee().delayInHelper();
      if (helper.isPresent()) {
        return Optional.of(helper.get() + " (in " + call.name() + ")");
      }
    }
    return Optional.empty();
  }

  /**
   * Loop variables that count attempts: named in the condition, changed by a literal step in the
   * update or in the body outside the try blocks of failure catches.
   */
  private static Set<String> counters(Loop loop, LoopBody parts) {
    if (loop.condition() == null) {
      return Set.of();
    }
    Set<String> named = new LinkedHashSet<>();
    loop.condition().walk(node -> false, node -> nameOf(node).ifPresent(named::add));
    Set<String> stepped = new LinkedHashSet<>();
    collectSteps(loop.condition(), parts, stepped);
    loop.update().forEach(u -> collectSteps(u, parts, stepped));
    collectSteps(loop.body(), parts, stepped);
    named.retainAll(stepped);
    return named;
  }

  private static void collectSteps(Code node, LoopBody parts, Set<String> stepped) {
    if (node instanceof Lambda || node instanceof ClassBody) {
      return;
    }
    if (node instanceof Unary unary && unary.steps()) {
      nameOf(unary.operand()).ifPresent(stepped::add);
    } else if (node instanceof Assign assign && isLiteralStep(assign)) {
      nameOf(assign.target()).ifPresent(stepped::add);
    }
    for (Code child : node.children()) {
      boolean guardedBlock = node instanceof Try tryStatement
          && parts.guardedTries.contains(tryStatement) && child == tryStatement.body();
      if (!guardedBlock) {
        collectSteps(child, parts, stepped);
      }
    }
  }

  /** {@code x += n}, {@code x -= n}, {@code x = x + n}, {@code x = x - n} for an int literal. */
  private static boolean isLiteralStep(Assign assign) {
    return switch (assign.operator()) {
      case "+=", "-=" -> FailureReading.intValue(assign.value()).isPresent();
      case "=" -> assign.value() instanceof Binary binary
          && (binary.operator().equals("+") || binary.operator().equals("-"))
          && nameOf(binary.left()).isPresent()
          && nameOf(binary.left()).equals(nameOf(assign.target()))
          && FailureReading.intValue(binary.right()).isPresent();
      default -> false;
    };
  }

  /**
   * True if a counter picks the work: it is read in a call argument or array index of the body,
   * outside catch blocks (backoff and logging live there), delay-call arguments and messages, and
   * outside calls made for their effect alone before or after the tried work (a statement
   * {@code log(entity, error, attempt)} or {@code backoff(attempt + 1)} picks nothing), and
   * outside the condition of an {@code if} that gives up by throwing: that condition is the
   * loop's limit ({@code if (!policy.shouldRetry(attempts++)) throw e;}), a search's hit returns.
   */
  private static boolean readsCounterAsWork(Code body, Set<String> counters, LoopBody parts) {
    return !counters.isEmpty() && readsCounter(body, counters, false, parts, false);
  }

  private static boolean readsCounter(Code node, Set<String> counters, boolean inArgument,
      LoopBody parts, boolean tried) {
    if (node instanceof Catch) {
      return false;
    }
    if (node instanceof Name name) {
      return inArgument && counters.contains(name.name());
    }
    if (node instanceof Call call) {
      boolean inReceiver = call.receiver() != null
          && readsCounter(call.receiver(), counters, inArgument, parts, tried);
      return inReceiver || (call.callee().delay().isEmpty() && !isMessage(call)
          && call.arguments().stream()
              .anyMatch(a -> readsCounter(a, counters, true, parts, tried)));
    }
    if (node instanceof Binary binary && isMessage(binary)) {
      return false;
    }
    if (node instanceof ArrayAccess access) {
      return readsCounter(access.array(), counters, inArgument, parts, tried)
          || readsCounter(access.index(), counters, true, parts, tried);
    }
    if (node instanceof If branch && FailureReading.givesUp(branch.then())) {
      return Stream.concat(Stream.of(branch.then()), Stream.ofNullable(branch.otherwise()))
          .anyMatch(child -> readsCounter(child, counters, inArgument, parts, tried));
    }
    if (node instanceof Try tryNode && parts.guardedTries.contains(tryNode)) {
      return tryNode.children().stream()
          .anyMatch(child -> readsCounter(child, counters, inArgument, parts, true));
    }
    if (node instanceof Block block && !tried) {
      return block.statements().stream().filter(statement -> !(statement instanceof Call))
          .anyMatch(statement -> readsCounter(statement, counters, inArgument, parts, false));
    }
    return node.children().stream()
        .anyMatch(child -> readsCounter(child, counters, inArgument, parts, tried));
  }

  /**
   * A message, not work: a call whose first argument is a string literal (a log or format
   * template, {@code log.warn("attempt {} failed", attempt)}), or a string concatenation.
   */
  static boolean isMessage(Code code) {
    if (code instanceof Call call) {
      return !call.arguments().isEmpty() && call.arguments().get(0) instanceof Literal literal
          && literal.value() instanceof String;
    }
    return code instanceof Binary binary && binary.operator().equals("+")
        && (isString(binary.left()) || isString(binary.right()));
  }

  private static boolean isString(Code code) {
    return code instanceof Literal literal && literal.value() instanceof String
        || code instanceof Binary binary && isMessage(binary);
  }

  private static boolean isTrue(Code condition) {
    return condition instanceof Literal literal && Boolean.TRUE.equals(literal.value());
  }
}
