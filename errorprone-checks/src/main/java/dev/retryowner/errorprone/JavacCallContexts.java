package dev.retryowner.errorprone;

import com.google.errorprone.VisitorState;
import com.google.errorprone.util.ASTHelpers;
import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.ConditionalExpressionTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.LiteralTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.ParenthesizedTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.TypeCastTree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreeScanner;
import com.sun.tools.javac.code.Symbol;
import com.sun.tools.javac.code.Symbol.ClassSymbol;
import com.sun.tools.javac.code.Symbol.VarSymbol;
import com.sun.tools.javac.code.Type;
import dev.retryowner.catalog.CallContext;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.ElementKind;

/**
 * What surrounds a call or construction in javac's tree, as {@link CallContext} defines it: the
 * type its result is cast to or stored as, and the string literals its receiver is built from in
 * the same method (through local variables' initializers and assignments).
 */
final class JavacCallContexts {
  private JavacCallContexts() {}

  /** The context of the call or construction at {@code state}'s path. */
  static CallContext of(VisitorState state) {
    TreePath path = state.getPath();
    return new CallContext(resultTypes(path, state), receiverLiterals(path));
  }

  /**
   * The type the result is used as, with its supertypes: through parentheses and the branches
   * of {@code ?:}, a cast's type, or the type of the variable it initializes or is assigned to.
   */
  private static List<String> resultTypes(TreePath path, VisitorState state) {
    Tree child = path.getLeaf();
    for (TreePath parentPath = path.getParentPath(); parentPath != null;
        child = parentPath.getLeaf(), parentPath = parentPath.getParentPath()) {
      Tree parent = parentPath.getLeaf();
      if (parent instanceof ParenthesizedTree
          || (parent instanceof ConditionalExpressionTree conditional
              && child != conditional.getCondition())) {
        continue;
      }
      Type used = null;
      if (parent instanceof TypeCastTree cast) {
        used = ASTHelpers.getType(cast.getType());
      } else if (parent instanceof VariableTree variable && variable.getInitializer() == child) {
        used = ASTHelpers.getType(variable);
      } else if (parent instanceof AssignmentTree assignment
          && assignment.getExpression() == child) {
        used = ASTHelpers.getType(assignment.getVariable());
      }
      return used != null && state.getTypes().erasure(used).tsym instanceof ClassSymbol type
          ? CatalogLookup.typeAndSupertypes(type, state.getTypes()) : List.of();
    }
    return List.of();
  }

  /** The string literals a call's receiver is built from; none for a construction. */
  private static List<String> receiverLiterals(TreePath path) {
    if (!(path.getLeaf() instanceof MethodInvocationTree call)
        || ASTHelpers.getReceiver(call) == null) {
      return List.of();
    }
    List<String> literals = new ArrayList<>();
    collectLiterals(ASTHelpers.getReceiver(call), outermostMember(path), new HashSet<>(),
        literals);
    return literals;
  }

  /**
   * Adds the string literals written in {@code expression} and, for each local variable it
   * reads, in that variable's initializer and assignments within {@code member}.
   */
  private static void collectLiterals(Tree expression, Tree member, Set<Symbol> visited,
      List<String> literals) {
    new TreeScanner<Void, Void>() {
      @Override
      public Void visitLiteral(LiteralTree literal, Void unused) {
        if (literal.getValue() instanceof String text) {
          literals.add(text);
        }
        return null;
      }

      @Override
      public Void visitIdentifier(IdentifierTree identifier, Void unused) {
        if (ASTHelpers.getSymbol(identifier) instanceof VarSymbol variable
            && (variable.getKind() == ElementKind.LOCAL_VARIABLE
                || variable.getKind() == ElementKind.RESOURCE_VARIABLE)
            && visited.add(variable)) {
          for (ExpressionTree value : valuesOf(variable, member)) {
            collectLiterals(value, member, visited, literals);
          }
        }
        return null;
      }
    }.scan(expression, null);
  }

  /** The initializer and every value assigned to {@code local} within {@code member}. */
  private static List<ExpressionTree> valuesOf(VarSymbol local, Tree member) {
    List<ExpressionTree> values = new ArrayList<>();
    new TreeScanner<Void, Void>() {
      @Override
      public Void visitVariable(VariableTree variable, Void unused) {
        if (ASTHelpers.getSymbol(variable) == local && variable.getInitializer() != null) {
          values.add(variable.getInitializer());
        }
        return super.visitVariable(variable, unused);
      }

      @Override
      public Void visitAssignment(AssignmentTree assignment, Void unused) {
        if (ASTHelpers.getSymbol(assignment.getVariable()) == local) {
          values.add(assignment.getExpression());
        }
        return super.visitAssignment(assignment, unused);
      }
    }.scan(member, null);
    return values;
  }

  /**
   * The member of a top-level class the call lies in (a method, an initializer, a field): it
   * holds every local variable the call can read, also from a lambda or a local class.
   */
  private static Tree outermostMember(TreePath path) {
    for (TreePath p = path; p.getParentPath() != null; p = p.getParentPath()) {
      TreePath parent = p.getParentPath();
      if (parent.getLeaf() instanceof ClassTree
          && parent.getParentPath().getLeaf() instanceof CompilationUnitTree) {
        return p.getLeaf();
      }
    }
    return path.getCompilationUnit();
  }
}
