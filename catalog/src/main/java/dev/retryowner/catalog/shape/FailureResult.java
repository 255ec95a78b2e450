package dev.retryowner.catalog.shape;

import dev.retryowner.catalog.StatusCheck.Polarity;
import dev.retryowner.catalog.shape.Code.Call;
import dev.retryowner.catalog.shape.Code.Catch;
import dev.retryowner.catalog.shape.Code.If;
import dev.retryowner.catalog.shape.Code.Jump;
import dev.retryowner.catalog.shape.Code.JumpKind;
import dev.retryowner.catalog.shape.Code.Literal;
import dev.retryowner.catalog.shape.Code.Name;
import dev.retryowner.catalog.shape.Code.Switch;
import dev.retryowner.catalog.shape.Code.Unary;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The boolean a method answers with to say that its attempt failed. A catch of a failure worth
 * trying again returns it ({@code catch (IOException e) { return true; }}); outside its catches
 * the method returns it only under a branch (on a failure status, say), never as its plain
 * answer; and some return outside its catches answers the other value, the attempt's success.
 * Exactly one value may fit. A caller that branches on such an answer branches on a failure, as
 * it would on a status ({@code boolean again = upload(batch); if (!again) return;}).
 */
final class FailureResult {
  private FailureResult() {}

  /** The value {@code method} returns to say its attempt failed, if one fits. */
  static Optional<Boolean> of(MethodCode method) {
    Returns returns = new Returns();
    returns.visit(method.body(), false, false);
    List<Boolean> fitting = List.of(true, false).stream()
        .filter(value -> returns.caught.contains(value) && !returns.plain.contains(value)
            && (returns.plain.contains(!value) || returns.branched.contains(!value)))
        .toList();
    return fitting.size() == 1 ? Optional.of(fitting.get(0)) : Optional.empty();
  }

  /**
   * ERROR for a condition that holds when a call answered its failure value ({@code
   * upload(batch)}, {@code !trySend()}, or a local holding one of them), SUCCESS for one that
   * holds when it answered success; NONE for any other. {@code resultOf} gives a call's failure
   * value.
   */
  static Polarity polarity(Code condition, Function<Call, Optional<Boolean>> resultOf) {
    if (condition instanceof Unary not && not.operator().equals("!")) {
      return polarity(not.operand(), resultOf).negated();
    }
    if (condition instanceof Name name && name.definition() != null) {
      return polarity(name.definition(), resultOf);
    }
    if (condition instanceof Call call) {
      return resultOf.apply(call).map(failed -> failed ? Polarity.ERROR : Polarity.SUCCESS)
          .orElse(Polarity.NONE);
    }
    return Polarity.NONE;
  }

  /** The boolean literals a method returns: in failure catches, under branches, and plainly. */
  private static final class Returns {
    final Set<Boolean> caught = new HashSet<>();
    final Set<Boolean> branched = new HashSet<>();
    final Set<Boolean> plain = new HashSet<>();

    void visit(Code node, boolean inCatch, boolean underBranch) {
      if (FailureReading.startsAnotherBody(node)) {
        return;
      }
      if (node instanceof Jump jump && jump.kind() == JumpKind.RETURN
          && jump.value() instanceof Literal literal && literal.value() instanceof Boolean value) {
        (inCatch ? caught : underBranch ? branched : plain).add(value);
        return;
      }
      if (node instanceof Catch catchClause) {
        boolean transientFailure = FailureReading.catchesTransientFailure(catchClause);
        catchClause.body().children().forEach(child ->
            visit(child, inCatch || transientFailure, underBranch || !transientFailure));
        return;
      }
      boolean branch = underBranch || node instanceof If || node instanceof Switch;
      node.children().forEach(child -> visit(child, inCatch, branch));
    }
  }
}
