package dev.retryowner.errorprone;

import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.BlockTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.ConditionalExpressionTree;
import com.sun.source.tree.DoWhileLoopTree;
import com.sun.source.tree.EnhancedForLoopTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.ForLoopTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.LambdaExpressionTree;
import com.sun.source.tree.MemberReferenceTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.tree.StatementTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.tree.WhileLoopTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreeScanner;
import com.sun.tools.javac.tree.JCTree;
import com.sun.tools.javac.tree.JCTree.JCMemberReference;

/**
 * The source position whose line javac's LineNumberTable gives an instruction, so that Error
 * Prone reports the line ArchUnit and the Maven plugin read from bytecode.
 *
 * <p>javac starts a line entry only at a statement, before each method call instruction (after
 * its arguments), at each branch of {@code ?:}, at loop conditions and at the null check of a
 * bound method reference. Any other instruction (the {@code new} of a constructor call, a field
 * access, a method reference) belongs to the line of the last such point before it in evaluation
 * order. For {@code foo(1,\n new X())} that is the line of {@code foo(}, not of {@code new}.
 */
final class InstructionPosition {
  private InstructionPosition() {}

  /** The position of the line point the instruction of the path's leaf falls under. */
  static int of(TreePath path) {
    Tree target = path.getLeaf();
    Tree child = target;
    for (TreePath p = path.getParentPath(); p != null; p = p.getParentPath()) {
      Tree leaf = p.getLeaf();
      if (leaf instanceof LambdaExpressionTree lambda && lambda.getBody() == child
          && child instanceof ExpressionTree) {
        // The lambda body becomes 'return <expr>;' positioned at the expression's start.
        return scan(child, startOf(child), target);
      }
      if (leaf instanceof VariableTree field && p.getParentPath().getLeaf() instanceof ClassTree) {
        // A field initializer becomes an assignment in a constructor, positioned at the start
        // of the whole declaration (annotations included).
        return scan(field.getInitializer(), startOf(field), target);
      }
      if (leaf instanceof StatementTree statement && !(leaf instanceof BlockTree)) {
        return scan(statement, anchorOfStatement(statement, child), target);
      }
      if (leaf instanceof ClassTree || leaf instanceof MethodTree) {
        break;
      }
      child = leaf;
    }
    return preferred(target);
  }

  private static int scan(Tree root, int start, Tree target) {
    EmissionOrder scanner = new EmissionOrder(target, start);
    scanner.scan(root, null);
    return scanner.found >= 0 ? scanner.found : preferred(target);
  }

  /** The line point a statement starts with, given the part of it that holds the target. */
  private static int anchorOfStatement(StatementTree statement, Tree part) {
    if (statement instanceof EnhancedForLoopTree loop && part == loop.getExpression()) {
      return startOf(loop.getExpression());
    }
    return preferred(statement);
  }

  private static int preferred(Tree tree) {
    return ((JCTree) tree).getPreferredPosition();
  }

  private static int startOf(Tree tree) {
    return ((JCTree) tree).getStartPosition();
  }

  /** Walks a statement in javac's evaluation order, tracking the current line point. */
  private static final class EmissionOrder extends TreeScanner<Void, Void> {
    private final Tree target;
    private int current;
    private int found = -1;
    private boolean root = true;

    EmissionOrder(Tree target, int start) {
      this.target = target;
      this.current = start;
    }

    @Override
    public Void scan(Tree tree, Void unused) {
      if (tree == null || found >= 0) {
        return null;
      }
      if (!root && tree instanceof StatementTree && !(tree instanceof BlockTree)) {
        current = preferred(tree);
      }
      root = false;
      super.scan(tree, null);
      if (tree == target && found < 0) {
        found = current;
      }
      return null;
    }

    @Override
    public Void visitMethodInvocation(MethodInvocationTree tree, Void unused) {
      scan(tree.getMethodSelect(), null);
      scan(tree.getArguments(), null);
      current = preferred(tree);
      return null;
    }

    @Override
    public Void visitNewClass(NewClassTree tree, Void unused) {
      // The class body of an anonymous class is another class: no line points from there.
      scan(tree.getEnclosingExpression(), null);
      scan(tree.getArguments(), null);
      return null;
    }

    @Override
    public Void visitMemberSelect(MemberSelectTree tree, Void unused) {
      scan(tree.getExpression(), null);
      return null;
    }

    @Override
    public Void visitIdentifier(IdentifierTree tree, Void unused) {
      return null;
    }

    @Override
    public Void visitMemberReference(MemberReferenceTree tree, Void unused) {
      scan(tree.getQualifierExpression(), null);
      if (((JCMemberReference) tree).kind == JCMemberReference.ReferenceKind.BOUND
          && !isThisOrSuper(tree.getQualifierExpression())) {
        current = preferred(tree);
      }
      return null;
    }

    @Override
    public Void visitLambdaExpression(LambdaExpressionTree tree, Void unused) {
      return null;
    }

    @Override
    public Void visitClass(ClassTree tree, Void unused) {
      return null;
    }

    @Override
    public Void visitAssignment(AssignmentTree tree, Void unused) {
      // A field write happens after the value is computed.
      if (tree.getVariable() instanceof MemberSelectTree select) {
        scan(select.getExpression(), null);
      }
      scan(tree.getExpression(), null);
      if (tree.getVariable() == target) {
        found = current;
      }
      return null;
    }

    @Override
    public Void visitConditionalExpression(ConditionalExpressionTree tree, Void unused) {
      scan(tree.getCondition(), null);
      current = preferred(tree.getTrueExpression());
      scan(tree.getTrueExpression(), null);
      current = preferred(tree.getFalseExpression());
      scan(tree.getFalseExpression(), null);
      return null;
    }

    @Override
    public Void visitForLoop(ForLoopTree tree, Void unused) {
      scan(tree.getInitializer(), null);
      if (tree.getCondition() != null) {
        current = preferred(tree.getCondition());
        scan(tree.getCondition(), null);
      }
      return null;
    }

    @Override
    public Void visitWhileLoop(WhileLoopTree tree, Void unused) {
      current = preferred(tree.getCondition());
      scan(tree.getCondition(), null);
      return null;
    }

    @Override
    public Void visitDoWhileLoop(DoWhileLoopTree tree, Void unused) {
      current = preferred(tree.getCondition());
      scan(tree.getCondition(), null);
      return null;
    }

    private static boolean isThisOrSuper(ExpressionTree expression) {
      return expression instanceof IdentifierTree identifier
          && (identifier.getName().contentEquals("this")
              || identifier.getName().contentEquals("super"));
    }
  }
}
