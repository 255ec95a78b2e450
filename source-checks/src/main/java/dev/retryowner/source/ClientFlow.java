package dev.retryowner.source;

import com.github.javaparser.Position;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.InitializerDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.TryStmt;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The client flow that starts at a {@code client-builder} origin, as the rule defines it: the
 * calls chained on the origin and, when that chain is stored in a local variable (declared or
 * assigned), every call chained on that variable after the origin in the same method, lambda or
 * initializer (lambdas and classes nested in it included). A call given a one-parameter lambda
 * configures a nested builder there ({@code overrideConfiguration(c -> c.retryStrategy(..))}):
 * the calls chained on the lambda's parameter join the flow in its place. Nothing else joins the
 * flow: not an alias of the variable, not a helper the builder is passed to, not a caller it is
 * returned to, not a field it is stored in.
 */
final class ClientFlow {
  private ClientFlow() {}

  /** The names of the methods called in the flow from {@code origin}. */
  static Set<String> methodNames(Expression origin) {
    Set<String> methods = new LinkedHashSet<>();
    Expression end = chainEnd(origin, methods);
    storedLocal(end).ifPresent(stored -> {
      Position start = origin.getBegin().orElseThrow();
      for (NameExpr use : enclosingBody(origin).findAll(NameExpr.class,
          n -> n.getNameAsString().equals(stored.name())
              && n.getBegin().filter(p -> p.isAfter(start)).isPresent()
              && SourceVariables.find(stored.name(), n)
                  .filter(v -> v.declaration() == stored.declaration()).isPresent())) {
        chainEnd(use, methods);
      }
    });
    return methods;
  }

  /** Follows calls chained on {@code start}, collecting their names; returns the last one. */
  private static Expression chainEnd(Expression start, Set<String> methods) {
    Expression current = start;
    while (true) {
      Node parent = current.getParentNode().orElse(null);
      Expression receiver = current;
      if (parent instanceof EnclosedExpr enclosed) {
        current = enclosed;
      } else if (parent instanceof MethodCallExpr call
          && call.getScope().filter(scope -> scope == receiver).isPresent()) {
        addCalledNames(call, methods);
        current = call;
      } else {
        return current;
      }
    }
  }

  /** The call's name, or for a call given one-parameter lambdas, what they call on it. */
  private static void addCalledNames(MethodCallExpr call, Set<String> methods) {
    List<LambdaExpr> configurers = call.getArguments().stream()
        .filter(a -> a instanceof LambdaExpr l && l.getParameters().size() == 1)
        .map(LambdaExpr.class::cast).toList();
    if (configurers.isEmpty()) {
      methods.add(call.getNameAsString());
    }
    for (LambdaExpr lambda : configurers) {
      String parameter = lambda.getParameter(0).getNameAsString();
      Node declaration = lambda.getParameter(0);
      for (NameExpr use : lambda.getBody().findAll(NameExpr.class,
          n -> n.getNameAsString().equals(parameter) && SourceVariables.find(parameter, n)
              .filter(v -> v.declaration() == declaration).isPresent())) {
        chainEnd(use, methods);
      }
    }
  }

  /**
   * The local variable the expression is stored in by a declaration or an assignment; not a
   * field, a parameter or a try-with-resources variable.
   */
  private static Optional<Stored> storedLocal(Expression value) {
    Node parent = value.getParentNode().orElse(null);
    if (parent instanceof VariableDeclarator declarator && isLocalVariable(declarator)) {
      return Optional.of(new Stored(declarator, declarator.getNameAsString()));
    }
    if (parent instanceof AssignExpr assign && assign.getValue() == value
        && assign.getOperator() == AssignExpr.Operator.ASSIGN
        && assign.getTarget() instanceof NameExpr target) {
      return SourceVariables.find(target.getNameAsString(), assign)
          .filter(v -> v.declaration() instanceof VariableDeclarator d && isLocalVariable(d))
          .map(v -> new Stored(v.declaration(), target.getNameAsString()));
    }
    return Optional.empty();
  }

  private static boolean isLocalVariable(VariableDeclarator declarator) {
    return declarator.getParentNode().orElse(null) instanceof VariableDeclarationExpr variables
        && !(variables.getParentNode().orElse(null) instanceof TryStmt tryStmt
            && tryStmt.getResources().stream().anyMatch(resource -> resource == variables));
  }

  /** The innermost method, constructor, lambda or initializer holding the node. */
  private static Node enclosingBody(Node node) {
    for (Node n = node; n != null; n = n.getParentNode().orElse(null)) {
      if (n instanceof CallableDeclaration<?> || n instanceof LambdaExpr
          || n instanceof InitializerDeclaration) {
        return n;
      }
    }
    return node.findRootNode();
  }

  /** A local variable by its declaration (identity) and name. */
  private record Stored(Node declaration, String name) {}
}
