package dev.retryowner.catalog.shape;

import static dev.retryowner.catalog.shape.FailureReading.nameOf;

import dev.retryowner.catalog.StatusCheck.Polarity;
import dev.retryowner.catalog.shape.Code.Assign;
import dev.retryowner.catalog.shape.Code.Call;
import dev.retryowner.catalog.shape.Code.Catch;
import dev.retryowner.catalog.shape.Code.If;
import dev.retryowner.catalog.shape.Code.Jump;
import dev.retryowner.catalog.shape.Code.JumpKind;
import dev.retryowner.catalog.shape.Code.Name;
import dev.retryowner.catalog.shape.Code.Switch;
import dev.retryowner.catalog.shape.Code.Try;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What a loop body holds at its own level (not inside nested loops, lambdas or classes): the
 * try statements with a failure catch, whether an {@code if} on a status check stays in the loop
 * on error, whether success leaves the loop, whether a catch that otherwise rethrows goes round
 * again, what the failure catches hand the failure to, and the {@code if}s that leave the loop.
 */
final class LoopBody {
  final List<Try> guardedTries = new ArrayList<>();
  final List<If> exits = new ArrayList<>();
  /** Variables a failure catch assigns, and objects it hands the caught exception to. */
  final Set<String> failureState = new LinkedHashSet<>();
  boolean statusCheckStays;
  boolean exitsOnSuccess;
  boolean retryingCatch;

  private LoopBody() {}

  static LoopBody of(Code body) {
    LoopBody parts = new LoopBody();
    parts.visit(body, false, false);
    return parts;
  }

  /** True if the loop's condition or an exit's condition reads the failure state. */
  boolean decidesOnFailure(Code condition) {
    return !failureState.isEmpty() && ((condition != null && readsFailureState(condition))
        || exits.stream().anyMatch(exit -> readsFailureState(exit.condition())));
  }

  private boolean readsFailureState(Code condition) {
    return condition.findAll(Name.class, node -> false).stream()
        .anyMatch(name -> failureState.contains(name.name()));
  }

  /**
   * A failure catch of the loop: one that does not always rethrow, unless it only catches
   * {@link InterruptedException}, which a wait swallows to keep waiting.
   */
  static boolean isLoopFailureCatch(Catch catchClause) {
    return FailureReading.isFailureCatch(catchClause)
        && !FailureReading.catchesOnlyInterruption(catchClause);
  }

  private void readFailureState(Catch catchClause) {
    catchClause.body().walk(node -> false, node -> {
      if (node instanceof Assign assign && assign.operator().equals("=")) {
        nameOf(assign.target()).ifPresent(failureState::add);
      }
      if (node instanceof Call call && call.receiver() != null && call.arguments().stream()
          .anyMatch(a -> a instanceof Name n && n.name().equals(catchClause.parameter()))) {
        nameOf(call.receiver()).ifPresent(failureState::add);
      }
    });
  }

  private void visit(Code node, boolean inGuardedTry, boolean inSwitch) {
    if (FailureReading.startsAnotherBody(node)) {
      return;
    }
    if (node instanceof Try tryStatement) {
      boolean guarded = tryStatement.catches().stream().anyMatch(LoopBody::isLoopFailureCatch);
      if (guarded) {
        guardedTries.add(tryStatement);
        tryStatement.catches().stream().filter(LoopBody::isLoopFailureCatch)
            .forEach(this::readFailureState);
      }
      retryingCatch |= tryStatement.catches().stream()
          .anyMatch(FailureReading::goesRoundAgainOrRethrows);
      tryStatement.resources().forEach(r -> visit(r, inGuardedTry, inSwitch));
      visit(tryStatement.body(), inGuardedTry || guarded, inSwitch);
      tryStatement.catches().forEach(c -> visit(c, inGuardedTry, inSwitch));
      if (tryStatement.finallyBlock() != null) {
        visit(tryStatement.finallyBlock(), inGuardedTry, inSwitch);
      }
      return;
    }
    if (node instanceof If ifStatement && !ifStatement.expression()) {
      Polarity polarity = FailureReading.polarity(ifStatement.condition());
      boolean leaves = FailureReading.leaves(ifStatement.then());
      statusCheckStays |= (polarity == Polarity.ERROR && !leaves)
          || (polarity == Polarity.SUCCESS && leaves);
      exitsOnSuccess |= polarity == Polarity.SUCCESS && leaves;
      if (leaves) {
        exits.add(ifStatement);
      }
    }
    if (node instanceof Jump jump && jump.kind() == JumpKind.BREAK) {
      exitsOnSuccess |= inGuardedTry && !inSwitch && jump.label() == null;
    }
    if (node instanceof Jump jump && jump.kind() == JumpKind.RETURN) {
      exitsOnSuccess |= inGuardedTry;
    }
    boolean switchHere = inSwitch || node instanceof Switch;
    for (Code child : node.children()) {
      visit(child, inGuardedTry, switchHere);
    }
  }
}
