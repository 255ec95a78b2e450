package dev.retryowner.catalog.shape;

import dev.retryowner.catalog.RetryLoopEvidence;
import dev.retryowner.catalog.RetryLoopEvidence.ResendSignal;
import dev.retryowner.catalog.StatusCheck.Polarity;
import dev.retryowner.catalog.shape.Code.Assign;
import dev.retryowner.catalog.shape.Code.Block;
import dev.retryowner.catalog.shape.Code.Call;
import dev.retryowner.catalog.shape.Code.Catch;
import dev.retryowner.catalog.shape.Code.ClassBody;
import dev.retryowner.catalog.shape.Code.If;
import dev.retryowner.catalog.shape.Code.Lambda;
import dev.retryowner.catalog.shape.Code.Loop;
import dev.retryowner.catalog.shape.Code.Name;
import dev.retryowner.catalog.shape.Code.Try;
import dev.retryowner.catalog.shape.Code.Variable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The re-send shape: in one method or lambda body, a call that sends (a catalog
 * {@code resend-call}) on a local variable or parameter, made again on the same variable after a
 * failure signal of an earlier call:
 *
 * <ul>
 *   <li>an error status check of the earlier call's result: the later call lies in the branch of
 *       an {@code if} or {@code ?:} taken on error (the then-branch of an error check, the
 *       else-branch of a success check), or after an {@code if} on a success check whose
 *       then-branch leaves; the check ends after the earlier call and holds it or reads its
 *       result: the variable it is assigned to, or a variable computed from that one;
 *   <li>a swallowing catch: the earlier call lies in the block (or resources) of a try with a
 *       catch that does not end in {@code throw}, and the later call in that catch or after the
 *       try.
 * </ul>
 *
 * Not a re-send: a later call inside a loop of the body (the loop shape owns it, so a retry is
 * reported once, at the loop), or in the then-branch of a credential challenge ({@code code ==
 * 401}, {@code 407}: sending again with fresh credentials answers the challenge).
 */
final class RepeatedSend {
  private final SourceOrder order;
  private final List<Code> statusChecks = new ArrayList<>();
  private final List<Try> swallowingTries = new ArrayList<>();

  private RepeatedSend(SourceOrder order) {
    this.order = order;
  }

  /**
   * The finding if {@code call}, a send, sends again after an earlier send failed.
   *
   * @param path the nodes from the unit's body down to the call's parent
   */
  static Optional<ShapeMatch> find(MethodCode unit, Call call, List<Code> path,
      SourceOrder order) {
    Optional<String> target = call.callee().resend();
    if (target.isEmpty() || !(call.receiver() instanceof Name receiver)
        || !isLocalOrParameter(receiver.name(), unit, path)) {
      return Optional.empty();
    }
    RepeatedSend found = new RepeatedSend(order);
    Optional<Code> body = found.collectSignals(call, path);
    if (body.isEmpty()) {
      return Optional.empty();
    }
    BodyScan scan = new BodyScan(call, receiver.name(), order);
    scan.visit(body.get());
    for (Call earlier : scan.sends) {
      Optional<ResendSignal> signal = found.signalAfter(earlier, scan.results(earlier));
      if (signal.isPresent()) {
        return Optional.of(new ShapeMatch(call.origin(),
            RetryLoopEvidence.resend(target.get(), receiver.name(), signal.get()), target.get()));
      }
    }
    return Optional.empty();
  }

  /**
   * Walks from the call up to its method or lambda body and notes the failure signals on the
   * way; the body, or empty when the call sits in a loop or answers a credential challenge.
   */
  private Optional<Code> collectSignals(Call call, List<Code> path) {
    Code child = call;
    for (int i = path.size() - 1; i >= 0; child = path.get(i), i--) {
      Code node = path.get(i);
      if (node instanceof Loop || node instanceof ClassBody) {
        return Optional.empty();
      }
      if (node instanceof Lambda lambda) {
        return Optional.of(lambda.body());
      }
      if (node instanceof If ifNode
          && !branch(ifNode.condition(), child == ifNode.then(), child == ifNode.otherwise())) {
        return Optional.empty();
      }
      if (node instanceof Catch catchClause && catchClause.body() == child
          && FailureReading.isFailureCatch(catchClause) && i > 0
          && path.get(i - 1) instanceof Try tryNode) {
        swallowingTries.add(tryNode);
      }
      if (node instanceof Block block) {
        precedingStatements(block, child);
      }
    }
    return path.isEmpty() ? Optional.empty() : Optional.of(path.get(0));
  }

  /** Notes an error branch; false if the branch answers a credential challenge. */
  private boolean branch(Code condition, boolean inThen, boolean inElse) {
    Polarity polarity = FailureReading.resendPolarity(condition);
    if (inThen && FailureReading.polarity(condition) == Polarity.ERROR
        && polarity == Polarity.NONE) {
      return false;
    }
    if ((inThen && polarity == Polarity.ERROR) || (inElse && polarity == Polarity.SUCCESS)) {
      statusChecks.add(condition);
    }
    return true;
  }

  /** Success checks that leave and tries with a swallowing catch before {@code child}. */
  private void precedingStatements(Block block, Code child) {
    for (Code statement : block.statements()) {
      if (statement == child) {
        return;
      }
      if (statement instanceof If ifNode && !ifNode.expression()
          && FailureReading.resendPolarity(ifNode.condition()) == Polarity.SUCCESS
          && FailureReading.leaves(ifNode.then())) {
        statusChecks.add(ifNode.condition());
      }
      if (statement instanceof Try tryNode
          && tryNode.catches().stream().anyMatch(FailureReading::isFailureCatch)) {
        swallowingTries.add(tryNode);
      }
    }
  }

  /**
   * The signal that follows a failure of {@code earlier}, whose result the variables
   * {@code results} hold, on the way to the later call.
   */
  private Optional<ResendSignal> signalAfter(Call earlier, Set<String> results) {
    boolean checked = statusChecks.stream()
        .anyMatch(check -> order.end(check) >= order.end(earlier)
            && (order.contains(check, earlier) || reads(check, results)));
    if (checked) {
      return Optional.of(ResendSignal.ERROR_STATUS);
    }
    boolean guarded = swallowingTries.stream().anyMatch(t -> order.contains(t.body(), earlier)
        || t.resources().stream().anyMatch(r -> order.contains(r, earlier)));
    return guarded ? Optional.of(ResendSignal.SWALLOWING_CATCH) : Optional.empty();
  }

  /** True if the code names one of the variables. */
  private static boolean reads(Code code, Set<String> variables) {
    return code.findAll(Name.class, node -> false).stream()
        .anyMatch(name -> variables.contains(name.name()));
  }

  /** A parameter of the unit or of a lambda around the call, or a local of the unit. */
  private static boolean isLocalOrParameter(String name, MethodCode unit, List<Code> path) {
    return unit.hasParameter(name)
        || path.stream().anyMatch(node -> node instanceof Lambda lambda
            && lambda.parameters().contains(name))
        || unit.body().findAll(Variable.class, node -> node instanceof ClassBody).stream()
            .anyMatch(variable -> variable.name().equals(name));
  }

  /**
   * One pass over the body, not into loops, lambdas or classes: the send calls on the receiver
   * that end before the later call starts, in source order, and the values variables get.
   */
  private static final class BodyScan {
    private final Call call;
    private final String receiver;
    private final SourceOrder order;
    private final List<Call> sends = new ArrayList<>();
    private final Map<String, List<Code>> assignedValues = new HashMap<>();

    BodyScan(Call call, String receiver, SourceOrder order) {
      this.call = call;
      this.receiver = receiver;
      this.order = order;
    }

    /**
     * The variables holding the result of {@code send}: the one it is assigned to and those
     * computed from that one.
     */
    Set<String> results(Call send) {
      Set<String> direct = new HashSet<>();
      assignedValues.forEach((variable, values) -> {
        if (values.stream().anyMatch(v -> v == send)) {
          direct.add(variable);
        }
      });
      Set<String> results = new HashSet<>(direct);
      assignedValues.forEach((variable, values) -> {
        if (values.stream().anyMatch(v -> reads(v, direct))) {
          results.add(variable);
        }
      });
      return results;
    }

    void visit(Code node) {
      if (FailureReading.startsAnotherBody(node)) {
        return;
      }
      if (node instanceof Variable variable && variable.initializer() != null) {
        assignedValues.computeIfAbsent(variable.name(), v -> new ArrayList<>())
            .add(variable.initializer());
      }
      if (node instanceof Assign assign && assign.operator().equals("=")
          && assign.target() instanceof Name target) {
        assignedValues.computeIfAbsent(target.name(), v -> new ArrayList<>())
            .add(assign.value());
      }
      if (node instanceof Call earlier && order.end(earlier) < order.start(call)
          && earlier.receiver() instanceof Name name && name.name().equals(receiver)
          && earlier.callee().resend().isPresent()) {
        sends.add(earlier);
      }
      node.children().forEach(this::visit);
    }
  }

  /** Where each node of a unit starts and ends in source order: its pre-order index range. */
  static final class SourceOrder {
    private final Map<Code, Integer> starts = new IdentityHashMap<>();
    private final Map<Code, Integer> ends = new IdentityHashMap<>();
    private int next;

    SourceOrder(Code body) {
      number(body);
    }

    private void number(Code node) {
      starts.put(node, next++);
      node.children().forEach(this::number);
      ends.put(node, next - 1);
    }

    int start(Code node) {
      return starts.get(node);
    }

    int end(Code node) {
      return ends.get(node);
    }

    boolean contains(Code outer, Code inner) {
      return start(outer) <= start(inner) && start(inner) <= end(outer);
    }
  }
}
