package dev.retryowner.maven.source;

import com.github.javaparser.Position;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.ConditionalExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.CatchClause;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.LocalClassDeclarationStmt;
import com.github.javaparser.ast.stmt.LocalRecordDeclarationStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.TryStmt;
import com.github.javaparser.ast.stmt.WhileStmt;
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

/**
 * The re-send shape of HandRolledRetry on JavaParser trees, read as
 * {@code dev.retryowner.errorprone.RepeatedSend} reads javac trees: in one method or lambda body,
 * a call that sends (a catalog {@code resend-call}) on a local variable or parameter, made again
 * on the same variable after a failure signal of an earlier call (an error status check of its
 * result on the way, or a try around it whose catch swallows the failure). Not when the later
 * call sits in a loop of the body (the loop shape reports it) or answers a credential challenge.
 */
final class SourceRepeatedSend {
  private final List<Expression> statusChecks = new ArrayList<>();
  private final List<TryStmt> swallowingTries = new ArrayList<>();

  private SourceRepeatedSend() {}

  /**
   * The receiver and the failure signal if {@code call} sends again after an earlier call that
   * {@code isSend} accepts failed; empty otherwise.
   */
  static Optional<Resend> of(MethodCallExpr call, Predicate<MethodCallExpr> isSend) {
    Optional<String> receiver = receiverName(call).filter(name -> isLocalOrParameter(name, call));
    if (receiver.isEmpty()) {
      return Optional.empty();
    }
    SourceRepeatedSend found = new SourceRepeatedSend();
    Optional<Node> body = found.collectSignals(call);
    if (body.isEmpty()) {
      return Optional.empty();
    }
    BodyScan scan = new BodyScan(call, receiver.get(), isSend);
    scan.visit(body.get());
    for (MethodCallExpr earlier : scan.sends) {
      Optional<ResendSignal> signal = found.signalAfter(earlier, scan.results(earlier));
      if (signal.isPresent()) {
        return Optional.of(new Resend(receiver.get(), signal.get()));
      }
    }
    return Optional.empty();
  }

  /**
   * Walks from the call up to its method or lambda body and notes the failure signals on the
   * way; the body, or empty when the call sits in a loop or answers a credential challenge.
   */
  private Optional<Node> collectSignals(MethodCallExpr call) {
    Node child = call;
    for (Node node = call.getParentNode().orElse(null); node != null;
        child = node, node = node.getParentNode().orElse(null)) {
      if (isLoop(node) || node instanceof TypeDeclaration<?>
          || (node instanceof ObjectCreationExpr && child instanceof BodyDeclaration<?>)) {
        return Optional.empty();
      }
      if (node instanceof LambdaExpr lambda) {
        return Optional.of(lambda.getBody());
      }
      if (node instanceof MethodDeclaration method) {
        return method.getBody().map(b -> b);
      }
      if (node instanceof ConstructorDeclaration constructor) {
        return Optional.of(constructor.getBody());
      }
      if (node instanceof IfStmt ifStmt
          && !branch(ifStmt.getCondition(), child == ifStmt.getThenStmt(),
              child == ifStmt.getElseStmt().orElse(null))) {
        return Optional.empty();
      }
      if (node instanceof ConditionalExpr conditional
          && !branch(conditional.getCondition(), child == conditional.getThenExpr(),
              child == conditional.getElseExpr())) {
        return Optional.empty();
      }
      if (node instanceof CatchClause catchClause && catchClause.getBody() == child
          && SourceFailureSignals.isFailureCatch(catchClause)) {
        swallowingTries.add((TryStmt) catchClause.getParentNode().orElseThrow());
      }
      if (node instanceof BlockStmt block) {
        precedingStatements(block, child);
      }
    }
    return Optional.empty();
  }

  /** Notes an error branch; false if the branch answers a credential challenge. */
  private boolean branch(Expression condition, boolean inThen, boolean inElse) {
    if (inThen && SourceFailureSignals.isCredentialChallenge(condition)) {
      return false;
    }
    Polarity polarity = SourceFailureSignals.resendPolarity(condition);
    if ((inThen && polarity == Polarity.ERROR) || (inElse && polarity == Polarity.SUCCESS)) {
      statusChecks.add(condition);
    }
    return true;
  }

  /** Success checks that leave and tries with a swallowing catch before {@code child}. */
  private void precedingStatements(BlockStmt block, Node child) {
    for (Statement statement : block.getStatements()) {
      if (statement == child) {
        return;
      }
      if (statement instanceof IfStmt ifStmt
          && SourceFailureSignals.resendPolarity(ifStmt.getCondition()) == Polarity.SUCCESS
          && SourceFailureSignals.leaves(ifStmt.getThenStmt())) {
        statusChecks.add(ifStmt.getCondition());
      }
      if (statement instanceof TryStmt tryStmt && tryStmt.getCatchClauses().stream()
          .anyMatch(SourceFailureSignals::isFailureCatch)) {
        swallowingTries.add(tryStmt);
      }
    }
  }

  /**
   * The signal that follows a failure of {@code earlier}, whose result the variables
   * {@code results} hold, on the way to the later call.
   */
  private Optional<ResendSignal> signalAfter(MethodCallExpr earlier, Set<String> results) {
    Position end = end(earlier);
    boolean checked = statusChecks.stream().anyMatch(check -> end(check).isAfterOrEqual(end)
        && (contains(check, earlier) || reads(check, results)));
    if (checked) {
      return Optional.of(ResendSignal.ERROR_STATUS);
    }
    boolean guarded = swallowingTries.stream().anyMatch(t -> contains(t.getTryBlock(), earlier)
        || t.getResources().stream().anyMatch(r -> contains(r, earlier)));
    return guarded ? Optional.of(ResendSignal.SWALLOWING_CATCH) : Optional.empty();
  }

  private static boolean contains(Node outer, Node inner) {
    return outer == inner || outer.isAncestorOf(inner);
  }

  /** True if the expression names one of the variables. */
  private static boolean reads(Node expression, Set<String> variables) {
    return !expression.findAll(NameExpr.class, n -> variables.contains(n.getNameAsString()))
        .isEmpty();
  }

  /** {@code chain} in {@code chain.proceed(..)}. */
  private static Optional<String> receiverName(MethodCallExpr call) {
    return call.getScope().filter(NameExpr.class::isInstance)
        .map(scope -> ((NameExpr) scope).getNameAsString());
  }

  /**
   * True if {@code name} is a parameter or local variable of a method or lambda around
   * {@code place}, within its class.
   */
  private static boolean isLocalOrParameter(String name, Node place) {
    for (Node node = place; node != null && !(node instanceof TypeDeclaration<?>);
        node = node.getParentNode().orElse(null)) {
      boolean declares = node instanceof CallableDeclaration<?> || node instanceof LambdaExpr;
      if (declares && (!node.findAll(Parameter.class, p -> p.getNameAsString().equals(name))
          .isEmpty() || !node.findAll(VariableDeclarator.class,
              v -> v.getNameAsString().equals(name)
                  && !(v.getParentNode().orElse(null) instanceof FieldDeclaration)).isEmpty())) {
        return true;
      }
    }
    return false;
  }

  private static boolean isLoop(Node node) {
    return node instanceof WhileStmt || node instanceof DoStmt || node instanceof ForStmt
        || node instanceof ForEachStmt;
  }

  private static Position end(Node node) {
    return node.getEnd().orElseThrow();
  }

  /**
   * One pass over the body, not into loops, lambdas or classes: the send calls on the receiver
   * that end before the later call starts, in source order, and the values variables get.
   */
  private static final class BodyScan {
    private final MethodCallExpr call;
    private final String receiver;
    private final Predicate<MethodCallExpr> isSend;
    private final List<MethodCallExpr> sends = new ArrayList<>();
    private final Map<String, List<Expression>> assignedValues = new HashMap<>();

    BodyScan(MethodCallExpr call, String receiver, Predicate<MethodCallExpr> isSend) {
      this.call = call;
      this.receiver = receiver;
      this.isSend = isSend;
    }

    /**
     * The variables holding the result of {@code send}: the one it is assigned to and those
     * computed from that one.
     */
    Set<String> results(MethodCallExpr send) {
      Set<String> direct = new HashSet<>();
      assignedValues.forEach((variable, values) -> {
        if (values.stream().anyMatch(v -> stripped(v) == send)) {
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

    void visit(Node node) {
      boolean elsewhere = isLoop(node) || node instanceof LambdaExpr
          || node instanceof LocalClassDeclarationStmt
          || node instanceof LocalRecordDeclarationStmt
          || (node instanceof BodyDeclaration<?>
              && node.getParentNode().orElse(null) instanceof ObjectCreationExpr);
      if (elsewhere) {
        return;
      }
      if (node instanceof VariableDeclarator variable) {
        variable.getInitializer().ifPresent(value -> assignedValues
            .computeIfAbsent(variable.getNameAsString(), v -> new ArrayList<>()).add(value));
      }
      if (node instanceof AssignExpr assign && assign.getOperator() == AssignExpr.Operator.ASSIGN
          && assign.getTarget() instanceof NameExpr target) {
        assignedValues.computeIfAbsent(target.getNameAsString(), v -> new ArrayList<>())
            .add(assign.getValue());
      }
      if (node instanceof MethodCallExpr earlier && end(earlier).isBefore(call.getBegin()
          .orElseThrow()) && receiverName(earlier).filter(receiver::equals).isPresent()
          && isSend.test(earlier)) {
        sends.add(earlier);
      }
      node.getChildNodes().forEach(this::visit);
    }

    private static Expression stripped(Expression expression) {
      Expression inner = expression;
      while (inner instanceof EnclosedExpr enclosed) {
        inner = enclosed.getInner();
      }
      return inner;
    }
  }

  /**
   * A re-send found.
   *
   * @param receiver the variable both calls are made on
   * @param signal what tells the later call that the earlier one failed
   */
  record Resend(String receiver, ResendSignal signal) {}
}
