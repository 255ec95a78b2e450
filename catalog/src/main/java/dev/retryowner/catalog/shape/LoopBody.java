package dev.retryowner.catalog.shape;

import static dev.retryowner.catalog.shape.FailureReading.nameOf;

import dev.retryowner.catalog.StatusCheck.Polarity;
import dev.retryowner.catalog.shape.Code.Assign;
import dev.retryowner.catalog.shape.Code.Binary;
import dev.retryowner.catalog.shape.Code.Call;
import dev.retryowner.catalog.shape.Code.Catch;
import dev.retryowner.catalog.shape.Code.If;
import dev.retryowner.catalog.shape.Code.Jump;
import dev.retryowner.catalog.shape.Code.JumpKind;
import dev.retryowner.catalog.shape.Code.Literal;
import dev.retryowner.catalog.shape.Code.Name;
import dev.retryowner.catalog.shape.Code.Switch;
import dev.retryowner.catalog.shape.Code.Try;
import dev.retryowner.catalog.shape.Code.Unary;
import dev.retryowner.catalog.shape.Code.Variable;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * What a loop body holds at its own level (not inside nested loops, lambdas or classes): the
 * try statements with a failure catch, whether an {@code if} on a status check stays in the loop
 * on error, whether success leaves the loop, whether a catch that otherwise rethrows goes round
 * again, what the failure catches hand the failure to, and the {@code if}s that leave the loop.
 */
final class LoopBody {
  final List<Try> guardedTries = new ArrayList<>();
  final List<If> exits = new ArrayList<>();
  /**
   * Variables a failure catch assigns or declares, and objects it hands the caught exception to.
   */
  final Set<String> failureState = new LinkedHashSet<>();
  /** Counters a failure catch steps and leaves the loop on: see {@link #readCatchLimit}. */
  final Set<String> catchLimits = new LinkedHashSet<>();
  /** Variables the blocks of tries with a failure catch assign: what the work produced. */
  final Set<String> triedState = new LinkedHashSet<>();
  boolean statusCheckStays;
  boolean exitsOnSuccess;
  /**
   * A break or return under a branch in the block of a try with a failure catch: the loop leaves
   * on a condition of what the work returned, which is only reached when the work did not throw.
   */
  boolean exitsOnResult;
  /** A break or return of the loop that no branch or catch guards. */
  boolean leavesUnconditionally;
  /**
   * A break or return that is a statement of the block of a try with a failure catch, not one
   * inside a branch: the operation's success leaves, not a match of a search.
   */
  boolean leavesFromGuardedTry;
  /**
   * The loop's condition is {@code !flag} and a statement of the block of a try with a failure
   * catch sets the flag to {@code true} ({@code while (!done) { try { work(); done = true; }
   * catch (E e) { … } }}): success ends the loop as a {@code break} there would, and nothing
   * else bounds it.
   */
  boolean successFlag;
  /**
   * A failure catch that swallows a failure worth trying elsewhere, not a lookup's miss.
   */
  boolean swallowsTransientFailure;
  boolean retryingCatch;
  /** The calls of the failure catches that hand the caught failure on, for a helper's verdict. */
  final List<Call> failureHandOffs = new ArrayList<>();

  private final Code condition;
  private final Function<Call, Optional<Boolean>> failureResultOf;

  private LoopBody(Code condition, Function<Call, Optional<Boolean>> failureResultOf) {
    this.condition = condition;
    this.failureResultOf = failureResultOf;
  }

  /**
   * The parts of a loop's body; a catch that makes {@code condition} false ends the loop.
   * {@code failureResultOf} gives the value a call of the class's own method answers to say its
   * attempt failed ({@link FailureResult}).
   */
  static LoopBody of(Code body, Code condition,
      Function<Call, Optional<Boolean>> failureResultOf) {
    LoopBody parts = new LoopBody(condition, failureResultOf);
    parts.visit(body, Guard.NONE, false, false);
    return parts;
  }

  /**
   * The polarity of a condition in this loop: a status check's, or else that of a test of what
   * an attempt of the class's own answered ({@link FailureResult}).
   */
  Polarity polarity(Code condition) {
    Polarity status = FailureReading.polarity(condition);
    return status != Polarity.NONE ? status : FailureResult.polarity(condition, failureResultOf);
  }

  /**
   * True if success can end the loop: a break or return reached when the work succeeds (also the
   * one after an error status check that stays in the loop), or a loop condition that reads what
   * the work produced ({@code while (!sent && n < 3)}) or asks for a state the work brings about
   * ({@code while (!exists())}).
   */
  boolean stopsOnSuccess(Code condition) {
    return exitsOnSuccess || statusCheckStays && leavesUnconditionally || condition != null
        && (condition.findAll(Name.class, node -> false).stream()
            .anyMatch(name -> triedState.contains(name.name()))
            || !condition.findAll(Call.class, node -> false).isEmpty());
  }

  /**
   * True if the loop's condition or an exit's condition reads the failure state, or the loop's
   * condition is a decision named for retrying ({@code while (retryRequest)}).
   */
  boolean decidesOnFailure(Code condition) {
    if (condition != null && FailureReading.namesRetryDecision(condition)) {
      return true;
    }
    return !failureState.isEmpty() && ((condition != null && readsFailureState(condition))
        || exits.stream().anyMatch(exit -> readsFailureState(exit.condition())));
  }

  private boolean readsFailureState(Code condition) {
    return condition.findAll(Name.class, node -> false).stream()
        .anyMatch(name -> failureState.contains(name.name()));
  }

  /**
   * A failure catch of the loop: one that does not always leave it (by a throw, a break or a
   * return), unless it only catches {@link InterruptedException}, which a wait swallows to keep
   * waiting.
   */
  private boolean isLoopFailureCatch(Catch catchClause) {
    return FailureReading.isFailureCatch(catchClause) && !FailureReading.leaves(catchClause.body())
        && !FailureReading.catchesOnlyInterruption(catchClause)
        && !falsifiesCondition(catchClause);
  }

  /**
   * True if {@code statement} sets the flag of a {@code while (!flag)} loop to {@code true}. Only
   * this form: the wider reading {@link #falsifiesCondition} gives catches (any literal that makes
   * the condition false) also took {@code while (collision) { try { store(t); collision = false; }
   * catch (..) { t = withNewKey(t); } }}, a new key after a collision, and a rescan after a
   * concurrent change, for one retry more (tried and left out, docs/accuracy.md).
   */
  private boolean setsSuccessFlag(Code statement) {
    return condition instanceof Unary not && not.operator().equals("!")
        && not.operand() instanceof Name flag
        && statement instanceof Assign assign && assign.operator().equals("=")
        && assign.value() instanceof Literal literal && Boolean.TRUE.equals(literal.value())
        && nameOf(assign.target()).filter(flag.name()::equals).isPresent();
  }

  /**
   * True if a statement of the catch's block sets a boolean the loop's condition tests so that
   * the condition is false ({@code while (!end) { try { … } catch (E e) { end = true; } }}): the
   * failure ends the loop, as a {@code break} there would.
   */
  private boolean falsifiesCondition(Catch catchClause) {
    return catchClause.body().statements().stream().anyMatch(statement ->
        statement instanceof Assign assign && assign.operator().equals("=")
            && assign.value() instanceof Literal literal
            && literal.value() instanceof Boolean value
            && nameOf(assign.target()).filter(flag -> falseWhen(condition, flag, value))
                .isPresent());
  }

  /** True if {@code condition} is false once {@code flag} holds {@code value}. */
  private static boolean falseWhen(Code condition, String flag, boolean value) {
    if (condition instanceof Name name) {
      return name.name().equals(flag) && !value;
    }
    if (condition instanceof Unary not && not.operator().equals("!")) {
      return nameOf(not.operand()).filter(flag::equals).isPresent() && value;
    }
    return condition instanceof Binary both && both.operator().equals("&&")
        && (falseWhen(both.left(), flag, value) || falseWhen(both.right(), flag, value));
  }

  private void readFailureState(Catch catchClause) {
    readCatchLimit(catchClause);
    catchClause.body().walk(node -> false, node -> {
      if (node instanceof Assign assign && assign.operator().equals("=")) {
        nameOf(assign.target()).ifPresent(failureState::add);
      }
      if (node instanceof Variable variable) {
        failureState.add(variable.name());
      }
      if (node instanceof Call call && call.arguments().stream()
          .anyMatch(a -> a instanceof Name n && n.name().equals(catchClause.parameter()))) {
        if (call.receiver() != null) {
          nameOf(call.receiver()).ifPresent(failureState::add);
        }
        failureHandOffs.add(call);
      }
    });
  }

  /**
   * Counters a failure catch steps and gives up on: an {@code if} in the catch that leaves the
   * loop once the counter passes a limit ({@code if (++retries >= 10) throw e;}).
   */
  private void readCatchLimit(Catch catchClause) {
    Set<String> stepped = new LinkedHashSet<>();
    catchClause.body().walk(FailureReading::startsAnotherBody, node -> {
      if (node instanceof Unary unary && unary.steps()) {
        nameOf(unary.operand()).ifPresent(stepped::add);
      }
      if (node instanceof Assign assign
          && (assign.operator().equals("+=") || assign.operator().equals("-="))) {
        nameOf(assign.target()).ifPresent(stepped::add);
      }
    });
    for (If limit : catchClause.body().findAll(If.class, FailureReading::startsAnotherBody)) {
      if (FailureReading.leaves(limit.then())) {
        limit.condition().walk(node -> false,
            node -> nameOf(node).filter(stepped::contains).ifPresent(catchLimits::add));
      }
    }
  }

  /** Where a node lies with respect to the blocks of tries with a failure catch. */
  private enum Guard {
    NONE,
    /** In such a block, not under a branch of it: reached whenever the work succeeds. */
    DIRECT,
    /** Under a branch in such a block: reached on a condition of the result, not on success. */
    BRANCH
  }

  private void visit(Code node, Guard guard, boolean inSwitch, boolean underBranch) {
    if (FailureReading.startsAnotherBody(node)) {
      return;
    }
    if (node instanceof Try tryStatement) {
      boolean guarded = tryStatement.catches().stream().anyMatch(this::isLoopFailureCatch);
      if (guarded) {
        guardedTries.add(tryStatement);
        tryStatement.catches().stream().filter(this::isLoopFailureCatch)
            .forEach(this::readFailureState);
        swallowsTransientFailure |= tryStatement.catches().stream()
            .filter(this::isLoopFailureCatch)
            .anyMatch(FailureReading::catchesTransientFailure);
      }
      retryingCatch |= tryStatement.catches().stream()
          .anyMatch(FailureReading::goesRoundAgainOrRethrows);
      boolean setsSuccessFlag = guarded && tryStatement.body().statements().stream()
          .anyMatch(this::setsSuccessFlag);
      successFlag |= setsSuccessFlag;
      exitsOnSuccess |= setsSuccessFlag;
      leavesFromGuardedTry |= setsSuccessFlag || guarded && tryStatement.body().statements()
          .stream().anyMatch(st -> st instanceof Jump jump && jump.label() == null
              && (jump.kind() == JumpKind.RETURN || jump.kind() == JumpKind.BREAK && !inSwitch));
      tryStatement.resources().forEach(r -> visit(r, guard, inSwitch, underBranch));
      visit(tryStatement.body(), guarded ? Guard.DIRECT : guard, inSwitch, underBranch);
      tryStatement.catches().forEach(c -> visit(c, guard, inSwitch, true));
      if (tryStatement.finallyBlock() != null) {
        visit(tryStatement.finallyBlock(), guard, inSwitch, underBranch);
      }
      return;
    }
    if (node instanceof If ifStatement && !ifStatement.expression()) {
      Polarity polarity = polarity(ifStatement.condition());
      boolean leaves = FailureReading.leaves(ifStatement.then());
      statusCheckStays |= (polarity == Polarity.ERROR && !leaves)
          || (polarity == Polarity.SUCCESS && leaves);
      exitsOnSuccess |= polarity == Polarity.SUCCESS && leaves;
      if (leaves) {
        exits.add(ifStatement);
      }
    }
    if (guard != Guard.NONE && node instanceof Assign assign && assign.operator().equals("=")) {
      nameOf(assign.target()).ifPresent(triedState::add);
    }
    if (node instanceof Jump jump && jump.kind() == JumpKind.BREAK) {
      exitsOnSuccess |= guard == Guard.DIRECT && !inSwitch && jump.label() == null;
    }
    if (node instanceof Jump jump && jump.kind() == JumpKind.RETURN) {
      exitsOnSuccess |= guard == Guard.DIRECT;
    }
    if (node instanceof Jump jump && guard == Guard.BRANCH && (jump.kind() == JumpKind.RETURN
        || jump.kind() == JumpKind.BREAK && !inSwitch && jump.label() == null)) {
      exitsOnResult = true;
    }
    if (node instanceof Jump jump && !underBranch && (jump.kind() == JumpKind.RETURN
        || jump.kind() == JumpKind.BREAK && !inSwitch && jump.label() == null)) {
      leavesUnconditionally = true;
    }
    boolean switchHere = inSwitch || node instanceof Switch;
    Guard inside = guard == Guard.DIRECT && (node instanceof If || node instanceof Switch)
        ? Guard.BRANCH : guard;
    boolean branch = underBranch || node instanceof If || node instanceof Switch;
    for (Code child : node.children()) {
      visit(child, inside, switchHere, branch);
    }
  }
}
