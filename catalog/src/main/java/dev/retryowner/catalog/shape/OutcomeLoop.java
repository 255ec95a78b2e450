package dev.retryowner.catalog.shape;

import dev.retryowner.catalog.RetryLoopEvidence;
import dev.retryowner.catalog.shape.Code.Assign;
import dev.retryowner.catalog.shape.Code.Binary;
import dev.retryowner.catalog.shape.Code.Block;
import dev.retryowner.catalog.shape.Code.Call;
import dev.retryowner.catalog.shape.Code.If;
import dev.retryowner.catalog.shape.Code.Literal;
import dev.retryowner.catalog.shape.Code.Loop;
import dev.retryowner.catalog.shape.Code.LoopKind;
import dev.retryowner.catalog.shape.Code.Name;
import dev.retryowner.catalog.shape.Code.Unary;
import dev.retryowner.catalog.shape.Code.Variable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A loop whose work reports failure by its result, not by an exception: the work's call returns
 * {@code false} or {@code null} when it failed (its catch sits in the callee), and the loop waits
 * and calls it again. {@code while (!tryOnce()) sleep(…)}; {@code do { entry = create(); if
 * (entry != null) return entry; sleep(…); } while (…)}. It needs
 *
 * <ul>
 *   <li>a call that does work (its name is no query of a state or a queue: {@code isReady},
 *       {@code getStatus}, {@code poll}, {@code take} wait for something else to happen), whose
 *       result the loop's condition negates or compares with null, or an {@code if} that leaves
 *       the loop tests (directly, or through the variable the result is put in) before the body
 *       first waits: the work comes first, then the wait before the next try (a loop that waits
 *       first and then checks is a timed wait);
 *   <li>a wait in the body: a catalog delay call, also one call deep. Without one it is a spin
 *       (a compare-and-set loop), not a retry.
 * </ul>
 */
final class OutcomeLoop {
  /** Names of calls that ask for a state or take from a queue: what a poll waits on. */
  private static final Pattern QUERY = Pattern.compile(
      "^(is|has|can|should|get|contains|exists|check|poll|take|peek|read|receive|next|await"
          + "|wait|find|lookup|size|equals|matches)([A-Z_0-9].*)?$");

  private OutcomeLoop() {}

  static Optional<ShapeMatch> find(Loop loop) {
    if (loop.kind() == LoopKind.FOR_EACH) {
      return Optional.empty();
    }
    Optional<String> delay = RetryShapes.delayNote(loop.body());
    if (delay.isEmpty()) {
      return Optional.empty();
    }
    Set<String> results = workResults(loop.body());
    List<Code> order = new ArrayList<>();
    loop.body().walk(FailureReading::startsAnotherBody, order::add);
    int firstWait = firstWait(order);
    boolean decided = loop.condition() != null && failsOn(loop.condition(), results)
        || order.subList(0, firstWait).stream().anyMatch(node -> node instanceof If exit
            && !exit.expression() && FailureReading.leaves(exit.then())
            && succeedsOn(exit.condition(), results));
    if (!decided) {
      return Optional.empty();
    }
    return Optional.of(new ShapeMatch(loop.origin(),
        RetryLoopEvidence.outcome(loop.kind().words(), delay.get()), ""));
  }

  /**
   * Where the body first waits, in source order (its size when it never does): a statement that
   * is a delay call, or a call of a helper that makes one. A call whose result is used is work.
   */
  private static int firstWait(List<Code> order) {
    Set<Code> statements = Collections.newSetFromMap(new IdentityHashMap<>());
    for (Code node : order) {
      if (node instanceof Block block) {
        statements.addAll(block.statements());
      } else if (node instanceof If branch && !branch.expression()) {
        statements.add(branch.then());
        if (branch.otherwise() != null) {
          statements.add(branch.otherwise());
        }
      }
    }
    for (int i = 0; i < order.size(); i++) {
      if (order.get(i) instanceof Call call && statements.contains(call)
          && (call.callee().delay().isPresent() || call.callee().delayInHelper().isPresent())) {
        return i;
      }
    }
    return order.size();
  }

  /** Variables the body assigns a work call's result to. */
  private static Set<String> workResults(Code body) {
    Set<String> results = new HashSet<>();
    body.walk(FailureReading::startsAnotherBody, node -> {
      if (node instanceof Variable variable && isWork(variable.initializer())) {
        results.add(variable.name());
      }
      if (node instanceof Assign assign && assign.operator().equals("=")
          && isWork(assign.value())) {
        FailureReading.nameOf(assign.target()).ifPresent(results::add);
      }
    });
    return results;
  }

  /** {@code !work()}, or {@code result == null}: true while the work fails. */
  private static boolean failsOn(Code condition, Set<String> results) {
    if (condition instanceof Binary binary && binary.operator().equals("&&")) {
      return failsOn(binary.left(), results) || failsOn(binary.right(), results);
    }
    return condition instanceof Unary unary && unary.operator().equals("!")
        && isWork(unary.operand()) || isNullCheck(condition, "==", results);
  }

  /** {@code work()}, or {@code result != null}: true when the work succeeded. */
  private static boolean succeedsOn(Code condition, Set<String> results) {
    return isWork(condition) || isNullCheck(condition, "!=", results);
  }

  private static boolean isNullCheck(Code condition, String operator, Set<String> results) {
    return condition instanceof Binary binary && binary.operator().equals(operator)
        && (binary.right() instanceof Literal literal && literal.value() == null
            && binary.left() instanceof Name name && results.contains(name.name())
            || binary.left() instanceof Literal literal2 && literal2.value() == null
                && binary.right() instanceof Name name2 && results.contains(name2.name()));
  }

  private static boolean isWork(Code code) {
    return code instanceof Call call && call.callee().delay().isEmpty()
        && !call.callee().readsState() && !QUERY.matcher(call.name()).matches();
  }
}
