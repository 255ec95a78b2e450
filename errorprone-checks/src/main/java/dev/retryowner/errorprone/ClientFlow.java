package dev.retryowner.errorprone;

import com.google.errorprone.VisitorState;
import com.google.errorprone.fixes.SuggestedFix;
import com.google.errorprone.util.ASTHelpers;
import com.google.errorprone.util.ErrorProneToken;
import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.BlockTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.LambdaExpressionTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.ParenthesizedTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import com.sun.tools.javac.code.Symbol;
import com.sun.tools.javac.code.Symbol.VarSymbol;
import com.sun.tools.javac.code.Type;
import com.sun.tools.javac.parser.Tokens.TokenKind;
import com.sun.tools.javac.tree.JCTree;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.ElementKind;

/**
 * The client flow that starts at an origin (a {@code client-builder} construction or call): the
 * calls chained on the origin ({@code origin.a().b()}) and, when that chain is stored in a local
 * variable (declaration or assignment), every call chained on that variable later in the same
 * method, lambda or initializer. A call given a one-parameter lambda configures a nested builder
 * there ({@code overrideConfiguration(c -> c.retryStrategy(..))}): the calls chained on the
 * lambda's parameter join the flow in its place. Nothing else joins the flow: not an alias of the
 * variable, not a helper the builder is passed to, not a caller it is returned to, not a field it
 * is stored in.
 */
final class ClientFlow {
  private final ExpressionTree origin;
  private final List<MethodInvocationTree> chain;
  private final ExpressionTree end;
  private final boolean stored;
  private final List<String> methods;

  private ClientFlow(ExpressionTree origin, Chain chain, boolean stored, List<String> methods) {
    this.origin = origin;
    this.chain = chain.calls();
    this.end = (ExpressionTree) chain.end().getLeaf();
    this.stored = stored;
    this.methods = List.copyOf(methods);
  }

  /** The flow from the origin at {@code originPath}. */
  static ClientFlow from(TreePath originPath, VisitorState state) {
    ExpressionTree origin = (ExpressionTree) originPath.getLeaf();
    Chain chain = Chain.from(originPath);
    List<String> methods = new ArrayList<>(chain.names());
    Optional<VarSymbol> variable = storedIn(chain.end());
    if (variable.isPresent()) {
      enclosingBody(originPath).ifPresent(body -> new VariableUses(variable.get(),
          ((JCTree) origin).getStartPosition(), methods).scan(body, null));
    }
    return new ClientFlow(origin, chain, variable.isPresent(), methods);
  }

  /** The names of the methods the flow calls, in source order. */
  List<String> methods() {
    return methods;
  }

  /**
   * Adds to {@code fix} the insertion of {@code call} (e.g. {@code .noRetry(false)}) into the
   * flow: before the first chained call whose type differs from the origin's (such as {@code
   * build()}), else right after the origin when the flow goes on in a variable, else at the end
   * of the chain (a fluent client whose every call returns its own type).
   */
  void insert(String call, SuggestedFix.Builder fix, VisitorState state) {
    Type originType = state.getTypes().erasure(ASTHelpers.getType(origin));
    for (MethodInvocationTree chained : chain) {
      Type type = state.getTypes().erasure(ASTHelpers.getType(chained));
      if (!state.getTypes().isSameType(type, originType)) {
        insertBefore((MemberSelectTree) chained.getMethodSelect(), call, fix, state);
        return;
      }
    }
    fix.postfixWith(stored ? origin : end, call);
  }

  /** Inserts at the dot of {@code select}, on a line of its own if the dot starts one. */
  private static void insertBefore(MemberSelectTree select, String call,
      SuggestedFix.Builder fix, VisitorState state) {
    int receiverEnd = state.getEndPosition(select.getExpression());
    int dot = state.getOffsetTokens(receiverEnd, state.getEndPosition(select)).stream()
        .filter(token -> token.kind() == TokenKind.DOT).mapToInt(ErrorProneToken::pos)
        .findFirst().orElse(receiverEnd);
    String between = state.getSourceCode().subSequence(receiverEnd, dot).toString();
    int lineBreak = between.lastIndexOf('\n');
    String indentation = lineBreak < 0 ? "" : between.substring(lineBreak);
    fix.replace(dot, dot, call + indentation);
  }

  /** The local variable the chain ending at {@code end} is stored in, if any. */
  private static Optional<VarSymbol> storedIn(TreePath end) {
    Tree value = end.getLeaf();
    Tree parent = end.getParentPath().getLeaf();
    Symbol target = null;
    if (parent instanceof VariableTree declaration && declaration.getInitializer() == value) {
      target = ASTHelpers.getSymbol(declaration);
    } else if (parent instanceof AssignmentTree assignment && assignment.getExpression() == value) {
      target = ASTHelpers.getSymbol(assignment.getVariable());
    }
    return target instanceof VarSymbol local && local.getKind() == ElementKind.LOCAL_VARIABLE
        ? Optional.of(local) : Optional.empty();
  }

  /** The method, lambda or initializer whose local variables the origin can be stored in. */
  private static Optional<TreePath> enclosingBody(TreePath path) {
    for (TreePath p = path; p != null; p = p.getParentPath()) {
      Tree leaf = p.getLeaf();
      if (leaf instanceof MethodTree || leaf instanceof LambdaExpressionTree
          || (leaf instanceof BlockTree && p.getParentPath().getLeaf() instanceof ClassTree)) {
        return Optional.of(p);
      }
    }
    return Optional.empty();
  }

  /**
   * The calls chained on the expression at a path, innermost first, and the path of the
   * outermost expression of the chain (parentheses included).
   */
  private record Chain(List<TreePath> callPaths, TreePath end) {
    static Chain from(TreePath start) {
      List<TreePath> calls = new ArrayList<>();
      TreePath path = outsideParentheses(start);
      while (path.getParentPath().getLeaf() instanceof MemberSelectTree select
          && path.getParentPath().getParentPath().getLeaf() instanceof MethodInvocationTree call
          && call.getMethodSelect() == select) {
        calls.add(path.getParentPath().getParentPath());
        path = outsideParentheses(path.getParentPath().getParentPath());
      }
      return new Chain(List.copyOf(calls), path);
    }

    List<MethodInvocationTree> calls() {
      return callPaths.stream().map(p -> (MethodInvocationTree) p.getLeaf()).toList();
    }

    /** The names the chain calls; a call given a one-parameter lambda, the lambda's instead. */
    List<String> names() {
      List<String> names = new ArrayList<>();
      for (TreePath callPath : callPaths) {
        MethodInvocationTree call = (MethodInvocationTree) callPath.getLeaf();
        List<LambdaExpressionTree> configurers = call.getArguments().stream()
            .filter(a -> a instanceof LambdaExpressionTree l && l.getParameters().size() == 1)
            .map(LambdaExpressionTree.class::cast).toList();
        if (configurers.isEmpty()) {
          names.add(((MemberSelectTree) call.getMethodSelect()).getIdentifier().toString());
        }
        for (LambdaExpressionTree lambda : configurers) {
          VarSymbol parameter = ASTHelpers.getSymbol(lambda.getParameters().get(0));
          new VariableUses(parameter, -1, names).scan(new TreePath(callPath, lambda), null);
        }
      }
      return names;
    }

    private static TreePath outsideParentheses(TreePath path) {
      TreePath result = path;
      while (result.getParentPath().getLeaf() instanceof ParenthesizedTree) {
        result = result.getParentPath();
      }
      return result;
    }
  }

  /** Collects the calls chained on a variable after a position, in source order. */
  private static final class VariableUses extends TreePathScanner<Void, Void> {
    private final VarSymbol variable;
    private final int after;
    private final List<String> methods;

    VariableUses(VarSymbol variable, int after, List<String> methods) {
      this.variable = variable;
      this.after = after;
      this.methods = methods;
    }

    @Override
    public Void visitIdentifier(IdentifierTree tree, Void unused) {
      if (ASTHelpers.getSymbol(tree) == variable
          && ((JCTree) tree).getStartPosition() > after) {
        methods.addAll(Chain.from(getCurrentPath()).names());
      }
      return null;
    }
  }
}
