package dev.retryowner.errorprone;

import com.google.errorprone.util.ASTHelpers;
import com.sun.source.tree.BinaryTree;
import com.sun.source.tree.BlockTree;
import com.sun.source.tree.BreakTree;
import com.sun.source.tree.CatchTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.ContinueTree;
import com.sun.source.tree.DoWhileLoopTree;
import com.sun.source.tree.EnhancedForLoopTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.ForLoopTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.LambdaExpressionTree;
import com.sun.source.tree.LiteralTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.ParenthesizedTree;
import com.sun.source.tree.ReturnTree;
import com.sun.source.tree.StatementTree;
import com.sun.source.tree.ThrowTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.UnaryTree;
import com.sun.source.tree.UnionTypeTree;
import com.sun.source.tree.WhileLoopTree;
import com.sun.source.util.TreeScanner;
import dev.retryowner.catalog.RetryLoopEvidence;
import dev.retryowner.catalog.StatusCheck;
import dev.retryowner.catalog.StatusCheck.Polarity;
import java.util.List;

/**
 * The failure signals of HandRolledRetry on javac trees: a catch that does not unconditionally
 * rethrow, and a check of a response status that is true on an error (or on success). The plugin's
 * source check reads the same signals from JavaParser trees.
 */
final class FailureSignals {
  private FailureSignals() {}

  /** A catch whose block can complete or continue: the failure is swallowed, not rethrown. */
  static boolean isFailureCatch(CatchTree catchTree) {
    List<? extends StatementTree> statements = catchTree.getBlock().getStatements();
    return statements.isEmpty() || !(statements.get(statements.size() - 1) instanceof ThrowTree);
  }

  /** True for {@code catch (InterruptedException e)}: a wait swallows it to keep waiting. */
  static boolean catchesOnlyInterruption(CatchTree catchTree) {
    Tree type = catchTree.getParameter().getType();
    return !(type instanceof UnionTypeTree)
        && ASTHelpers.getType(type) != null
        && ASTHelpers.getType(type).tsym.getQualifiedName()
            .contentEquals(RetryLoopEvidence.INTERRUPTION);
  }

  /**
   * True for a nested loop, lambda or class: code in it repeats or runs something else, so it
   * is not part of the enclosing loop's body.
   */
  static boolean startsAnotherBody(Tree tree) {
    return tree instanceof WhileLoopTree || tree instanceof DoWhileLoopTree
        || tree instanceof ForLoopTree || tree instanceof EnhancedForLoopTree
        || tree instanceof LambdaExpressionTree || tree instanceof ClassTree;
  }

  /**
   * True if a catch that otherwise rethrows goes round its loop again: its block ends in
   * {@code throw} and holds a {@code continue} of that loop (not of a loop, lambda or class
   * inside the catch).
   */
  static boolean goesRoundAgainOrRethrows(CatchTree catchTree) {
    if (isFailureCatch(catchTree)) {
      return false;
    }
    Boolean found = new TreeScanner<Boolean, Void>() {
      @Override
      public Boolean visitContinue(ContinueTree continueTree, Void unused) {
        return continueTree.getLabel() == null;
      }

      @Override
      public Boolean scan(Tree tree, Void unused) {
        return startsAnotherBody(tree) ? Boolean.FALSE : super.scan(tree, null);
      }

      @Override
      public Boolean reduce(Boolean left, Boolean right) {
        return Boolean.TRUE.equals(left) || Boolean.TRUE.equals(right);
      }
    }.scan(catchTree.getBlock(), null);
    return Boolean.TRUE.equals(found);
  }

  /** True if the statement always ends in {@code break}, {@code return} or {@code throw}. */
  static boolean leaves(StatementTree statement) {
    StatementTree last = statement;
    while (last instanceof BlockTree block) {
      List<? extends StatementTree> statements = block.getStatements();
      if (statements.isEmpty()) {
        return false;
      }
      last = statements.get(statements.size() - 1);
    }
    return last instanceof BreakTree || last instanceof ReturnTree || last instanceof ThrowTree;
  }

  /**
   * ERROR for {@code !r.isSuccessful()}, {@code r.isError()}, {@code status >= 500},
   * {@code code == 429}, {@code status != 200}; SUCCESS for their negations; the first operand
   * that says something decides a {@code &&} or {@code ||}.
   */
  static Polarity polarity(ExpressionTree condition) {
    return polarity(condition, true);
  }

  /**
   * The polarity the re-send shape reads: as {@link #polarity}, but a credential challenge
   * ({@code code == 401}, {@code == 407}) says nothing, since sending again with fresh
   * credentials does not repeat the failure.
   */
  static Polarity resendPolarity(ExpressionTree condition) {
    return polarity(condition, false);
  }

  /** A condition that is an error check only through a credential challenge. */
  static boolean isCredentialChallenge(ExpressionTree condition) {
    return polarity(condition) == Polarity.ERROR && resendPolarity(condition) == Polarity.NONE;
  }

  private static Polarity polarity(ExpressionTree condition, boolean challengeIsError) {
    if (condition instanceof ParenthesizedTree parenthesized) {
      return polarity(parenthesized.getExpression(), challengeIsError);
    }
    if (condition instanceof UnaryTree unary && unary.getKind() == Tree.Kind.LOGICAL_COMPLEMENT) {
      return polarity(unary.getExpression(), challengeIsError).negated();
    }
    if (condition instanceof MethodInvocationTree call && call.getArguments().isEmpty()) {
      return StatusCheck.ofMethod(calledName(call));
    }
    if (condition instanceof BinaryTree binary) {
      if (binary.getKind() == Tree.Kind.CONDITIONAL_AND
          || binary.getKind() == Tree.Kind.CONDITIONAL_OR) {
        Polarity left = polarity(binary.getLeftOperand(), challengeIsError);
        return left != Polarity.NONE ? left
            : polarity(binary.getRightOperand(), challengeIsError);
      }
      return comparison(binary, challengeIsError);
    }
    return Polarity.NONE;
  }

  private static Polarity comparison(BinaryTree binary, boolean challengeIsError) {
    String operator = operator(binary.getKind());
    if (operator == null) {
      return Polarity.NONE;
    }
    boolean literalFirst;
    ExpressionTree literal;
    if (isIntLiteral(binary.getRightOperand()) && isStatusLike(binary.getLeftOperand())) {
      literalFirst = false;
      literal = binary.getRightOperand();
    } else if (isIntLiteral(binary.getLeftOperand()) && isStatusLike(binary.getRightOperand())) {
      literalFirst = true;
      literal = binary.getLeftOperand();
    } else {
      return Polarity.NONE;
    }
    int value = (Integer) ((LiteralTree) literal).getValue();
    if (!challengeIsError && StatusCheck.isCredentialChallenge(operator, value)) {
      return Polarity.NONE;
    }
    return StatusCheck.ofComparison(operator, value, literalFirst);
  }

  private static String operator(Tree.Kind kind) {
    return switch (kind) {
      case EQUAL_TO -> "==";
      case NOT_EQUAL_TO -> "!=";
      case GREATER_THAN -> ">";
      case GREATER_THAN_EQUAL -> ">=";
      case LESS_THAN -> "<";
      case LESS_THAN_EQUAL -> "<=";
      default -> null;
    };
  }

  private static boolean isIntLiteral(ExpressionTree tree) {
    return tree instanceof LiteralTree literal && literal.getValue() instanceof Integer;
  }

  /** A name, field or no-argument call whose name says status or code. */
  private static boolean isStatusLike(ExpressionTree tree) {
    String name;
    if (tree instanceof IdentifierTree identifier) {
      name = identifier.getName().toString();
    } else if (tree instanceof MemberSelectTree select) {
      name = select.getIdentifier().toString();
    } else if (tree instanceof MethodInvocationTree call && call.getArguments().isEmpty()) {
      name = calledName(call);
    } else {
      return false;
    }
    return StatusCheck.isStatusName(name);
  }

  private static String calledName(MethodInvocationTree call) {
    ExpressionTree select = call.getMethodSelect();
    return select instanceof MemberSelectTree member ? member.getIdentifier().toString()
        : select instanceof IdentifierTree identifier ? identifier.getName().toString() : "";
  }
}
