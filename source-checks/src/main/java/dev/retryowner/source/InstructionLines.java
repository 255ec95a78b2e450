package dev.retryowner.source;

import com.github.javaparser.JavaToken;
import com.github.javaparser.Position;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.ConditionalExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.InstanceOfExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.SuperExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.TypeExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.LocalClassDeclarationStmt;
import com.github.javaparser.ast.stmt.LocalRecordDeclarationStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.WhileStmt;
import java.util.Optional;

/**
 * The line javac's LineNumberTable gives the instruction of a call, construction or method
 * reference, read from JavaParser trees: the same model as Error Prone's
 * {@code InstructionPosition}, so both engines report the line bytecode has.
 *
 * <p>javac starts a line entry only at a statement (a local variable at its name), before each
 * method call instruction (after its arguments, at its {@code (}), at each branch of {@code ?:},
 * at loop conditions and at a bound method reference (at its qualifier). Any other instruction
 * (the constructor call of a {@code new}, an unbound reference) belongs to the line of the last
 * such point before it in evaluation order: for {@code foo(1,\n new X())} that is the line of
 * {@code foo(}'s statement, not of {@code new}.
 */
final class InstructionLines {
  private InstructionLines() {}

  /** The line of the instruction {@code target} (a call, construction or reference) compiles to. */
  static int of(Node target) {
    Node child = target;
    for (Node node = target.getParentNode().orElse(null); node != null;
        child = node, node = node.getParentNode().orElse(null)) {
      if (node instanceof ExpressionStmt body && isExpressionLambdaBody(body)) {
        // The lambda body becomes 'return <expr>;' positioned at the expression's start.
        return scan(body.getExpression(), begin(body.getExpression()), target);
      }
      if (node instanceof VariableDeclarator field
          && field.getParentNode().orElse(null) instanceof FieldDeclaration declaration) {
        // A field initializer becomes an assignment in a constructor, positioned at the start
        // of the whole declaration (annotations included).
        return scan(field, begin(declaration), target);
      }
      if (node instanceof ForStmt loop && isOneOf(child, loop.getUpdate())) {
        // javac compiles each update expression as a statement of its own.
        return scan(child, begin(child), target);
      }
      if (node instanceof ForEachStmt loop && child == loop.getIterable()) {
        // The iterable is evaluated first, at its own start, before the loop variable exists.
        return scan(child, begin(child), target);
      }
      if (isStatement(node)) {
        return scan(node, statementPosition(node), target);
      }
      if (node instanceof TypeDeclaration<?> || node instanceof CallableDeclaration<?>
          || (node instanceof ObjectCreationExpr && child instanceof BodyDeclaration<?>)) {
        break;
      }
    }
    return preferred(target).line;
  }

  private static int scan(Node root, Position start, Node target) {
    EmissionOrder order = new EmissionOrder(target, start);
    order.scan(root);
    return (order.found != null ? order.found : preferred(target)).line;
  }

  /** A statement as javac counts them: a local variable declarator is one, a block is not. */
  private static boolean isStatement(Node node) {
    return (node instanceof Statement && !(node instanceof BlockStmt))
        || (node instanceof VariableDeclarator
            && node.getParentNode().orElse(null) instanceof VariableDeclarationExpr);
  }

  /** javac places a local variable at its name and every other statement at its start. */
  private static Position statementPosition(Node statement) {
    return statement instanceof VariableDeclarator variable
        ? begin(variable.getName()) : begin(statement);
  }

  private static boolean isExpressionLambdaBody(ExpressionStmt statement) {
    return statement.getParentNode().orElse(null) instanceof LambdaExpr lambda
        && lambda.getBody() == statement;
  }

  private static boolean isOneOf(Node node, Iterable<? extends Node> nodes) {
    for (Node candidate : nodes) {
      if (candidate == node) {
        return true;
      }
    }
    return false;
  }

  /**
   * Where javac positions an expression's tree: a call at its {@code (}, a construction at
   * {@code new}, a reference at its qualifier, an operator expression at its operator.
   */
  private static Position preferred(Node node) {
    if (node instanceof MethodCallExpr call) {
      return tokenAfter(call.getName()).orElse(begin(call));
    }
    if (node instanceof ObjectCreationExpr creation) {
      return firstToken(creation, "new").orElse(begin(creation));
    }
    if (node instanceof MethodReferenceExpr reference) {
      return begin(reference.getScope());
    }
    if (node instanceof BinaryExpr binary) {
      return tokenAfter(binary.getLeft()).orElse(begin(binary));
    }
    if (node instanceof FieldAccessExpr field) {
      return tokenAfter(field.getScope()).orElse(begin(field));
    }
    if (node instanceof ConditionalExpr conditional) {
      return tokenAfter(conditional.getCondition()).orElse(begin(conditional));
    }
    if (node instanceof AssignExpr assign) {
      return tokenAfter(assign.getTarget()).orElse(begin(assign));
    }
    if (node instanceof InstanceOfExpr instanceOf) {
      return tokenAfter(instanceOf.getExpression()).orElse(begin(instanceOf));
    }
    if (node instanceof UnaryExpr unary && unary.isPostfix()) {
      return tokenAfter(unary.getExpression()).orElse(begin(unary));
    }
    return begin(node);
  }

  private static Position begin(Node node) {
    return node.getBegin().orElse(Position.HOME);
  }

  /** The position of the first token after the node that is no whitespace or comment. */
  private static Optional<Position> tokenAfter(Node node) {
    Optional<JavaToken> next = node.getTokenRange().flatMap(r -> r.getEnd().getNextToken());
    while (next.isPresent() && next.get().getCategory().isWhitespaceOrComment()) {
      next = next.get().getNextToken();
    }
    return next.flatMap(JavaToken::getRange).map(r -> r.begin);
  }

  private static Optional<Position> firstToken(Node node, String text) {
    for (JavaToken token : node.getTokenRange().orElseThrow()) {
      if (token.getText().equals(text)) {
        return token.getRange().map(r -> r.begin);
      }
    }
    return Optional.empty();
  }

  /** Walks a statement in javac's evaluation order, tracking the current line point. */
  private static final class EmissionOrder {
    private final Node target;
    private Position current;
    private Position found;
    private boolean root = true;

    EmissionOrder(Node target, Position start) {
      this.target = target;
      this.current = start;
    }

    void scan(Node node) {
      if (node == null || found != null) {
        return;
      }
      if (!root && isStatement(node)) {
        current = statementPosition(node);
      }
      root = false;
      visit(node);
      if (node == target && found == null) {
        found = current;
      }
    }

    private void visit(Node node) {
      if (node instanceof MethodCallExpr call) {
        call.getScope().ifPresent(this::scan);
        call.getArguments().forEach(this::scan);
        current = preferred(call);
      } else if (node instanceof ObjectCreationExpr creation) {
        // The class body of an anonymous class is another class: no line points from there.
        creation.getScope().ifPresent(this::scan);
        creation.getArguments().forEach(this::scan);
      } else if (node instanceof FieldAccessExpr field) {
        scan(field.getScope());
      } else if (node instanceof MethodReferenceExpr reference) {
        Expression qualifier = reference.getScope();
        if (!(qualifier instanceof TypeExpr)) {
          scan(qualifier);
        }
        if (isBound(reference)) {
          current = preferred(reference);
        }
      } else if (node instanceof AssignExpr assign) {
        // A field write happens after the value is computed.
        if (assign.getTarget() instanceof FieldAccessExpr field) {
          scan(field.getScope());
        }
        scan(assign.getValue());
      } else if (node instanceof ConditionalExpr conditional) {
        scan(conditional.getCondition());
        current = preferred(conditional.getThenExpr());
        scan(conditional.getThenExpr());
        current = preferred(conditional.getElseExpr());
        scan(conditional.getElseExpr());
      } else if (node instanceof ForStmt loop) {
        loop.getInitialization().forEach(this::scan);
        loop.getCompare().ifPresent(condition -> {
          current = preferred(condition);
          scan(condition);
        });
      } else if (node instanceof WhileStmt loop) {
        current = preferred(loop.getCondition());
        scan(loop.getCondition());
      } else if (node instanceof DoStmt loop) {
        current = preferred(loop.getCondition());
        scan(loop.getCondition());
      } else if (!(node instanceof NameExpr || node instanceof LambdaExpr
          || node instanceof LocalClassDeclarationStmt
          || node instanceof LocalRecordDeclarationStmt)) {
        node.getChildNodes().forEach(this::scan);
      }
    }

    /**
     * A reference with a receiver value ({@code builder::build}), which javac null-checks at the
     * reference; not a type ({@code Type::method}, {@code Type::new}), {@code this} or
     * {@code super}. JavaParser reads a variable before {@code ::} as a type name.
     */
    private static boolean isBound(MethodReferenceExpr reference) {
      Expression qualifier = reference.getScope();
      if (reference.getIdentifier().equals("new") || qualifier instanceof ThisExpr
          || qualifier instanceof SuperExpr) {
        return false;
      }
      if (qualifier instanceof TypeExpr type) {
        String written = type.getType().asString();
        String first = written.split("[.<]", 2)[0];
        return SourceVariables.find(first, reference).isPresent();
      }
      return true;
    }
  }
}
