package dev.retryowner.maven.source;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.IntegerLiteralExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.BreakStmt;
import com.github.javaparser.ast.stmt.CatchClause;
import com.github.javaparser.ast.stmt.ContinueStmt;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.ThrowStmt;
import com.github.javaparser.ast.stmt.WhileStmt;
import com.github.javaparser.ast.type.Type;
import com.github.javaparser.ast.type.UnionType;
import dev.retryowner.catalog.RetryLoopEvidence;
import dev.retryowner.catalog.StatusCheck;
import dev.retryowner.catalog.StatusCheck.Polarity;
import java.util.List;
import java.util.Optional;

/**
 * The failure signals of HandRolledRetry on JavaParser trees, as the Error Prone check reads them
 * from javac trees: a catch that does not unconditionally rethrow, and a status check.
 */
final class SourceFailureSignals {
  private SourceFailureSignals() {}

  /** A catch whose block is empty or does not end in {@code throw}. */
  static boolean isFailureCatch(CatchClause catchClause) {
    List<Statement> statements = catchClause.getBody().getStatements();
    return statements.isEmpty()
        || !(statements.get(statements.size() - 1) instanceof ThrowStmt);
  }

  /** True for {@code catch (InterruptedException e)}: a wait swallows it to keep waiting. */
  static boolean catchesOnlyInterruption(CatchClause catchClause) {
    Type type = catchClause.getParameter().getType();
    String interruption = RetryLoopEvidence.INTERRUPTION;
    return !(type instanceof UnionType) && (type.asString().equals(interruption)
        || type.asString().equals(interruption.substring(interruption.lastIndexOf('.') + 1)));
  }

  /**
   * True if a catch that otherwise rethrows goes round its loop again: its block ends in
   * {@code throw} and holds a {@code continue} of that loop (not of a loop, lambda or class
   * inside the catch).
   */
  static boolean goesRoundAgainOrRethrows(CatchClause catchClause) {
    return !isFailureCatch(catchClause) && catchClause.getBody().findFirst(ContinueStmt.class, c -> c.getLabel().isEmpty()
        && c.findAncestor(n -> n == catchClause || n instanceof ForStmt
            || n instanceof ForEachStmt || n instanceof WhileStmt || n instanceof DoStmt
            || n instanceof LambdaExpr || n instanceof BodyDeclaration<?>, Node.class)
            .filter(n -> n == catchClause).isPresent()).isPresent();
  }

  /** True if the statement always ends in {@code break}, {@code return} or {@code throw}. */
  static boolean leaves(Statement statement) {
    Statement last = statement;
    while (last instanceof BlockStmt block) {
      Optional<Statement> inner = block.getStatements().getLast();
      if (inner.isEmpty()) {
        return false;
      }
      last = inner.get();
    }
    return last instanceof BreakStmt || last instanceof ReturnStmt || last instanceof ThrowStmt;
  }

  /** See {@code dev.retryowner.errorprone.FailureSignals#polarity}: the same reading. */
  static Polarity polarity(Expression condition) {
    return polarity(condition, true);
  }

  /** The re-send shape's reading: a credential challenge ({@code == 401}, {@code 407}) is none. */
  static Polarity resendPolarity(Expression condition) {
    return polarity(condition, false);
  }

  /** A condition that is an error check only through a credential challenge. */
  static boolean isCredentialChallenge(Expression condition) {
    return polarity(condition) == Polarity.ERROR && resendPolarity(condition) == Polarity.NONE;
  }

  private static Polarity polarity(Expression condition, boolean challengeIsError) {
    if (condition instanceof EnclosedExpr enclosed) {
      return polarity(enclosed.getInner(), challengeIsError);
    }
    if (condition instanceof UnaryExpr unary
        && unary.getOperator() == UnaryExpr.Operator.LOGICAL_COMPLEMENT) {
      return polarity(unary.getExpression(), challengeIsError).negated();
    }
    if (condition instanceof MethodCallExpr call && call.getArguments().isEmpty()) {
      return StatusCheck.ofMethod(call.getNameAsString());
    }
    if (condition instanceof BinaryExpr binary) {
      if (binary.getOperator() == BinaryExpr.Operator.AND
          || binary.getOperator() == BinaryExpr.Operator.OR) {
        Polarity left = polarity(binary.getLeft(), challengeIsError);
        return left != Polarity.NONE ? left : polarity(binary.getRight(), challengeIsError);
      }
      return comparison(binary, challengeIsError);
    }
    return Polarity.NONE;
  }

  private static Polarity comparison(BinaryExpr binary, boolean challengeIsError) {
    String operator = switch (binary.getOperator()) {
      case EQUALS, NOT_EQUALS, LESS, LESS_EQUALS, GREATER, GREATER_EQUALS ->
          binary.getOperator().asString();
      default -> null;
    };
    if (operator == null) {
      return Polarity.NONE;
    }
    Optional<Integer> right = intValue(binary.getRight());
    Optional<Integer> left = intValue(binary.getLeft());
    boolean literalFirst;
    int value;
    if (right.isPresent() && isStatusLike(binary.getLeft())) {
      literalFirst = false;
      value = right.get();
    } else if (left.isPresent() && isStatusLike(binary.getRight())) {
      literalFirst = true;
      value = left.get();
    } else {
      return Polarity.NONE;
    }
    if (!challengeIsError && StatusCheck.isCredentialChallenge(operator, value)) {
      return Polarity.NONE;
    }
    return StatusCheck.ofComparison(operator, value, literalFirst);
  }

  /** The value of an int literal ({@code 1_000}, {@code 0x1F}); empty for anything else. */
  static Optional<Integer> intValue(Expression expression) {
    if (!(expression instanceof IntegerLiteralExpr literal)) {
      return Optional.empty();
    }
    try {
      return Optional.of(literal.asNumber().intValue());
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  private static boolean isStatusLike(Expression expression) {
    String name;
    if (expression instanceof NameExpr nameExpr) {
      name = nameExpr.getNameAsString();
    } else if (expression instanceof FieldAccessExpr field) {
      name = field.getNameAsString();
    } else if (expression instanceof MethodCallExpr call && call.getArguments().isEmpty()) {
      name = call.getNameAsString();
    } else {
      return false;
    }
    return StatusCheck.isStatusName(name);
  }
}
