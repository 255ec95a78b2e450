package dev.retryowner.errorprone;

import com.google.errorprone.VisitorState;
import com.google.errorprone.util.ASTHelpers;
import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.BlockTree;
import com.sun.source.tree.CatchTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.ConditionalExpressionTree;
import com.sun.source.tree.DoWhileLoopTree;
import com.sun.source.tree.EnhancedForLoopTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.ForLoopTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.IfTree;
import com.sun.source.tree.LambdaExpressionTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.StatementTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.TryTree;
import com.sun.source.tree.VariableTree;
import com.sun.source.tree.WhileLoopTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreeScanner;
import com.sun.tools.javac.code.Symbol;
import com.sun.tools.javac.tree.JCTree;
import dev.retryowner.catalog.RetryLoopEvidence.ResendSignal;
import dev.retryowner.catalog.StatusCheck.Polarity;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import javax.lang.model.element.ElementKind;

/**
 * The re-send shape of HandRolledRetry on javac trees (the plugin's {@code SourceRepeatedSend}
 * reads JavaParser trees the same way): in one method or lambda body, a call that sends (a
 * catalog {@code resend-call}) on a local variable or parameter, made again on the same variable
 * after a failure signal of an earlier call:
 *
 * <ul>
 *   <li>an error status check of the earlier call's result: the later call lies in the branch of
 *       an {@code if} or {@code ?:} taken on error (the then-branch of an error check, the
 *       else-branch of a success check), or after an {@code if} on a success check whose
 *       then-branch leaves; the condition ends after the earlier call and holds it or reads its
 *       result: the variable it is assigned to, or a variable computed from that one
 *       ({@code int code = response.code()});
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
  private final VisitorState state;
  private final List<ExpressionTree> statusChecks = new ArrayList<>();
  private final List<TryTree> swallowingTries = new ArrayList<>();

  private RepeatedSend(VisitorState state) {
    this.state = state;
  }

  /**
   * The receiver and the failure signal if the send call at {@code path} sends again after an
   * earlier call that {@code isSend} accepts failed; empty otherwise.
   */
  static Optional<Resend> of(TreePath path, Predicate<MethodInvocationTree> isSend,
      VisitorState state) {
    MethodInvocationTree call = (MethodInvocationTree) path.getLeaf();
    Optional<Symbol> receiver = receiverVariable(call);
    if (receiver.isEmpty()) {
      return Optional.empty();
    }
    RepeatedSend found = new RepeatedSend(state);
    Optional<Tree> body = found.collectSignals(path);
    if (body.isEmpty()) {
      return Optional.empty();
    }
    BodyScan scan = new BodyScan(call, receiver.get(), isSend, state);
    scan.scan(body.get(), null);
    for (MethodInvocationTree earlier : scan.sends) {
      Optional<ResendSignal> signal = found.signalAfter(earlier, scan.results(earlier));
      if (signal.isPresent()) {
        return Optional.of(new Resend(receiver.get().getSimpleName().toString(), signal.get()));
      }
    }
    return Optional.empty();
  }

  /**
   * Walks from the call up to its method or lambda body and notes the failure signals on the
   * way; the body, or empty when the call sits in a loop or answers a credential challenge.
   */
  private Optional<Tree> collectSignals(TreePath path) {
    Tree child = path.getLeaf();
    for (TreePath p = path.getParentPath(); p != null; child = p.getLeaf(), p = p.getParentPath()) {
      Tree leaf = p.getLeaf();
      if (isLoop(leaf) || leaf instanceof ClassTree) {
        return Optional.empty();
      }
      if (leaf instanceof LambdaExpressionTree lambda) {
        return Optional.of(lambda.getBody());
      }
      if (leaf instanceof MethodTree method) {
        return Optional.ofNullable(method.getBody());
      }
      if (leaf instanceof IfTree ifTree
          && !branch(ifTree.getCondition(), child == ifTree.getThenStatement(),
              child == ifTree.getElseStatement())) {
        return Optional.empty();
      }
      if (leaf instanceof ConditionalExpressionTree conditional
          && !branch(conditional.getCondition(), child == conditional.getTrueExpression(),
              child == conditional.getFalseExpression())) {
        return Optional.empty();
      }
      if (leaf instanceof CatchTree catchTree && catchTree.getBlock() == child
          && FailureSignals.isFailureCatch(catchTree)) {
        swallowingTries.add((TryTree) p.getParentPath().getLeaf());
      }
      if (leaf instanceof BlockTree block) {
        precedingStatements(block, child);
      }
    }
    return Optional.empty();
  }

  /** Notes an error branch; false if the branch answers a credential challenge. */
  private boolean branch(ExpressionTree condition, boolean inThen, boolean inElse) {
    if (inThen && FailureSignals.isCredentialChallenge(condition)) {
      return false;
    }
    Polarity polarity = FailureSignals.resendPolarity(condition);
    if ((inThen && polarity == Polarity.ERROR) || (inElse && polarity == Polarity.SUCCESS)) {
      statusChecks.add(condition);
    }
    return true;
  }

  /** Success checks that leave and tries with a swallowing catch before {@code child}. */
  private void precedingStatements(BlockTree block, Tree child) {
    for (StatementTree statement : block.getStatements()) {
      if (statement == child) {
        return;
      }
      if (statement instanceof IfTree ifTree
          && FailureSignals.resendPolarity(ifTree.getCondition()) == Polarity.SUCCESS
          && FailureSignals.leaves(ifTree.getThenStatement())) {
        statusChecks.add(ifTree.getCondition());
      }
      if (statement instanceof TryTree tryTree
          && tryTree.getCatches().stream().anyMatch(FailureSignals::isFailureCatch)) {
        swallowingTries.add(tryTree);
      }
    }
  }

  /**
   * The signal that follows a failure of {@code earlier}, whose result is held by
   * {@code results}, on the way to the later call.
   */
  private Optional<ResendSignal> signalAfter(MethodInvocationTree earlier, Set<Symbol> results) {
    int end = state.getEndPosition(earlier);
    boolean checked = statusChecks.stream().anyMatch(check -> state.getEndPosition(check) >= end
        && (contains(check, earlier) || reads(check, results)));
    if (checked) {
      return Optional.of(ResendSignal.ERROR_STATUS);
    }
    boolean guarded = swallowingTries.stream().anyMatch(t -> contains(t.getBlock(), earlier)
        || t.getResources().stream().anyMatch(r -> contains(r, earlier)));
    return guarded ? Optional.of(ResendSignal.SWALLOWING_CATCH) : Optional.empty();
  }

  private boolean contains(Tree outer, Tree inner) {
    return start(outer) <= start(inner) && state.getEndPosition(inner)
        <= state.getEndPosition(outer);
  }

  /** True if the expression names one of the variables. */
  private static boolean reads(Tree expression, Set<Symbol> variables) {
    boolean[] reads = {false};
    new TreeScanner<Void, Void>() {
      @Override
      public Void visitIdentifier(IdentifierTree identifier, Void unused) {
        reads[0] |= variables.contains(ASTHelpers.getSymbol(identifier));
        return null;
      }
    }.scan(expression, null);
    return reads[0];
  }

  /**
   * One pass over the body, not into loops, lambdas or classes: the send calls on the receiver
   * that end before the later call starts, in source order, and the variables assignments fill.
   */
  private static final class BodyScan extends TreeScanner<Void, Void> {
    private final MethodInvocationTree call;
    private final Symbol receiver;
    private final Predicate<MethodInvocationTree> isSend;
    private final VisitorState state;
    private final List<MethodInvocationTree> sends = new ArrayList<>();
    private final Map<Symbol, List<ExpressionTree>> assignedValues = new HashMap<>();

    BodyScan(MethodInvocationTree call, Symbol receiver, Predicate<MethodInvocationTree> isSend,
        VisitorState state) {
      this.call = call;
      this.receiver = receiver;
      this.isSend = isSend;
      this.state = state;
    }

    /**
     * The variables holding the result of {@code send}: the one it is assigned to and those
     * computed from that one.
     */
    Set<Symbol> results(MethodInvocationTree send) {
      Set<Symbol> direct = new HashSet<>();
      assignedValues.forEach((variable, values) -> {
        if (values.stream().anyMatch(v -> ASTHelpers.stripParentheses(v) == send)) {
          direct.add(variable);
        }
      });
      Set<Symbol> results = new HashSet<>(direct);
      assignedValues.forEach((variable, values) -> {
        if (values.stream().anyMatch(v -> reads(v, direct))) {
          results.add(variable);
        }
      });
      return results;
    }

    @Override
    public Void scan(Tree tree, Void unused) {
      boolean elsewhere = isLoop(tree) || tree instanceof LambdaExpressionTree
          || tree instanceof ClassTree;
      return elsewhere ? null : super.scan(tree, null);
    }

    @Override
    public Void visitVariable(VariableTree variable, Void unused) {
      if (variable.getInitializer() != null) {
        assignedValues.computeIfAbsent(ASTHelpers.getSymbol(variable), v -> new ArrayList<>())
            .add(variable.getInitializer());
      }
      return super.visitVariable(variable, null);
    }

    @Override
    public Void visitAssignment(AssignmentTree assignment, Void unused) {
      if (assignment.getVariable() instanceof IdentifierTree target) {
        assignedValues.computeIfAbsent(ASTHelpers.getSymbol(target), v -> new ArrayList<>())
            .add(assignment.getExpression());
      }
      return super.visitAssignment(assignment, null);
    }

    @Override
    public Void visitMethodInvocation(MethodInvocationTree earlier, Void unused) {
      if (state.getEndPosition(earlier) <= start(call)
          && receiverVariable(earlier).filter(receiver::equals).isPresent()
          && isSend.test(earlier)) {
        sends.add(earlier);
      }
      return super.visitMethodInvocation(earlier, null);
    }
  }

  /** The local variable or parameter a call is made on ({@code chain} in {@code chain.proceed}). */
  private static Optional<Symbol> receiverVariable(MethodInvocationTree call) {
    if (call.getMethodSelect() instanceof MemberSelectTree select
        && select.getExpression() instanceof IdentifierTree identifier) {
      Symbol symbol = ASTHelpers.getSymbol(identifier);
      if (symbol != null && (symbol.getKind() == ElementKind.LOCAL_VARIABLE
          || symbol.getKind() == ElementKind.PARAMETER)) {
        return Optional.of(symbol);
      }
    }
    return Optional.empty();
  }

  private static boolean isLoop(Tree tree) {
    return tree instanceof WhileLoopTree || tree instanceof DoWhileLoopTree
        || tree instanceof ForLoopTree || tree instanceof EnhancedForLoopTree;
  }

  private static int start(Tree tree) {
    return ((JCTree) tree).getStartPosition();
  }

  /**
   * A re-send found.
   *
   * @param receiver the variable both calls are made on
   * @param signal what tells the later call that the earlier one failed
   */
  record Resend(String receiver, ResendSignal signal) {}
}
