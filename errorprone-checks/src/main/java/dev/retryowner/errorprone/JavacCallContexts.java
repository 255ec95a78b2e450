package dev.retryowner.errorprone;

import com.google.errorprone.VisitorState;
import com.google.errorprone.util.ASTHelpers;
import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.ConditionalExpressionTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.LambdaExpressionTree;
import com.sun.source.tree.LiteralTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.tree.ParenthesizedTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.TypeCastTree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreeScanner;
import com.sun.tools.javac.code.Flags;
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
 * the file (through local variables' initializers and assignments, and the arguments of a
 * private method's calls).
 */
final class JavacCallContexts {
  private JavacCallContexts() {}

  /** The context of the call or construction at {@code state}'s path. */
  static CallContext of(VisitorState state) {
    TreePath path = state.getPath();
    List<String> resultTypes = resultTypes(path, state);
    boolean resultCast = usedAt(path) instanceof TypeCastTree;
    List<? extends ExpressionTree> arguments = path.getLeaf() instanceof NewClassTree creation
        ? creation.getArguments() : path.getLeaf() instanceof MethodInvocationTree invocation
        ? invocation.getArguments() : List.of();
    List<String> settings = argumentSettings(arguments, path.getCompilationUnit());
    if (!(path.getLeaf() instanceof MethodInvocationTree call)
        || ASTHelpers.getReceiver(call) == null) {
      return new CallContext(resultTypes, resultCast, List.of(), List.of(), false, settings);
    }
    Receiver receiver = new Receiver(path);
    receiver.collect(ASTHelpers.getReceiver(call));
    return new CallContext(resultTypes, resultCast, receiver.literals, receiver.calls,
        receiver.readsInput, settings);
  }

  /**
   * The settings the file puts into the local variables handed as {@code arguments}: each
   * {@code put}, {@code putIfAbsent} or {@code setProperty} call on one, and its {@code Map.of}
   * initializer, as {@code key=value} ({@link CallContext#argumentSettings}).
   */
  private static List<String> argumentSettings(List<? extends ExpressionTree> arguments,
      CompilationUnitTree unit) {
    Set<Symbol> locals = new HashSet<>();
    for (ExpressionTree argument : arguments) {
      if (ASTHelpers.getSymbol(argument) instanceof VarSymbol variable
          && variable.getKind() == ElementKind.LOCAL_VARIABLE) {
        locals.add(variable);
      }
    }
    List<String> settings = new ArrayList<>();
    if (locals.isEmpty()) {
      return settings;
    }
    new TreeScanner<Void, Void>() {
      @Override
      public Void visitMethodInvocation(MethodInvocationTree invocation, Void unused) {
        String name = ASTHelpers.getSymbol(invocation) == null ? ""
            : ASTHelpers.getSymbol(invocation).getSimpleName().toString();
        ExpressionTree receiver = ASTHelpers.getReceiver(invocation);
        if (CallContext.SETTING_PUTS.contains(name) && invocation.getArguments().size() == 2
            && receiver != null && locals.contains(ASTHelpers.getSymbol(receiver))) {
          addSetting(invocation.getArguments().get(0), invocation.getArguments().get(1),
              settings);
        }
        return super.visitMethodInvocation(invocation, unused);
      }

      @Override
      public Void visitVariable(VariableTree variable, Void unused) {
        if (locals.contains(ASTHelpers.getSymbol(variable))
            && variable.getInitializer() instanceof MethodInvocationTree initializer
            && ASTHelpers.getSymbol(initializer) != null
            && ASTHelpers.getSymbol(initializer).getSimpleName().contentEquals("of")
            && ASTHelpers.getSymbol(initializer).owner.getQualifiedName()
                .contentEquals(CallContext.SETTINGS_MAP)) {
          List<? extends ExpressionTree> pairs = initializer.getArguments();
          for (int i = 0; i + 1 < pairs.size(); i += 2) {
            addSetting(pairs.get(i), pairs.get(i + 1), settings);
          }
        }
        return super.visitVariable(variable, unused);
      }
    }.scan(unit, null);
    return settings;
  }

  /** {@code key=value} for the key's constant value and for the constant it names, if any. */
  private static void addSetting(ExpressionTree key, ExpressionTree value, List<String> into) {
    Object written = ASTHelpers.constValue(value);
    String valueText = written == null ? null : String.valueOf(written);
    if (ASTHelpers.constValue(key) instanceof String text) {
      into.add(CallContext.setting(text, valueText));
    }
    if (ASTHelpers.getSymbol(key) instanceof VarSymbol constant
        && constant.getKind() == ElementKind.FIELD
        && constant.owner instanceof ClassSymbol owner) {
      into.add(CallContext.setting(owner.flatName() + "#" + constant.getSimpleName(),
          valueText));
    }
  }

  /**
   * The type the result is used as, with its supertypes: through parentheses and the branches
   * of {@code ?:}, a cast's type, or the type of the variable it initializes or is assigned to.
   */
  private static List<String> resultTypes(TreePath path, VisitorState state) {
    Tree parent = usedAt(path);
    Type used = null;
    if (parent instanceof TypeCastTree cast) {
      used = ASTHelpers.getType(cast.getType());
    } else if (parent instanceof VariableTree variable) {
      used = ASTHelpers.getType(variable);
    } else if (parent instanceof AssignmentTree assignment) {
      used = ASTHelpers.getType(assignment.getVariable());
    }
    return used != null && state.getTypes().erasure(used).tsym instanceof ClassSymbol type
        ? CatalogLookup.typeAndSupertypes(type, state.getTypes()) : List.of();
  }

  /**
   * The cast, variable or assignment the result goes to, through parentheses and the branches
   * of {@code ?:}; null when it goes elsewhere.
   */
  private static Tree usedAt(TreePath path) {
    Tree child = path.getLeaf();
    for (TreePath parentPath = path.getParentPath(); parentPath != null;
        child = parentPath.getLeaf(), parentPath = parentPath.getParentPath()) {
      Tree parent = parentPath.getLeaf();
      if (parent instanceof ParenthesizedTree
          || (parent instanceof ConditionalExpressionTree conditional
              && child != conditional.getCondition())) {
        continue;
      }
      boolean used = parent instanceof TypeCastTree
          || parent instanceof VariableTree variable && variable.getInitializer() == child
          || parent instanceof AssignmentTree assignment && assignment.getExpression() == child;
      return used ? parent : null;
    }
    return null;
  }

  /**
   * What a call's receiver is built from: the string literals, calls and constructions written
   * in it and, for each local variable it reads, in that variable's initializer and assignments
   * within the file, and the string constants of the file's classes; and whether it reads an
   * input: a field, or a parameter of a method that is not private. A private method's parameter
   * is what the calls of the method in the file pass it: its callers are the class's own code.
   */
  private static final class Receiver {
    private final CompilationUnitTree unit;
    private final ClassSymbol outermostClass;
    private final Set<Symbol> visited = new HashSet<>();
    private final List<String> literals = new ArrayList<>();
    private final List<String> calls = new ArrayList<>();
    private Set<Symbol> lambdaParameters;
    private boolean readsInput;

    Receiver(TreePath path) {
      this.unit = path.getCompilationUnit();
      this.outermostClass = ASTHelpers.getSymbol(ASTHelpers.findEnclosingNode(path,
          ClassTree.class)).outermostClass();
    }

    void collect(Tree expression) {
      new TreeScanner<Void, Void>() {
        @Override
        public Void visitLiteral(LiteralTree literal, Void unused) {
          if (literal.getValue() instanceof String text) {
            literals.add(text);
          }
          return null;
        }

        @Override
        public Void visitMethodInvocation(MethodInvocationTree invocation, Void unused) {
          calls.add(callName(ASTHelpers.getSymbol(invocation)));
          return super.visitMethodInvocation(invocation, unused);
        }

        @Override
        public Void visitNewClass(NewClassTree creation, Void unused) {
          calls.add(callName(ASTHelpers.getSymbol(creation)));
          return super.visitNewClass(creation, unused);
        }

        @Override
        public Void visitMemberSelect(MemberSelectTree select, Void unused) {
          readVariable(ASTHelpers.getSymbol(select));
          return super.visitMemberSelect(select, unused);
        }

        @Override
        public Void visitIdentifier(IdentifierTree identifier, Void unused) {
          readVariable(ASTHelpers.getSymbol(identifier));
          return null;
        }
      }.scan(expression, null);
    }

    private void readVariable(Symbol symbol) {
      if (!(symbol instanceof VarSymbol variable)) {
        return;
      }
      switch (variable.getKind()) {
        case FIELD -> {
          if (variable.getConstValue() instanceof String constant
              && variable.outermostClass() == outermostClass) {
            literals.add(constant);
          } else {
            readsInput = true;
          }
        }
        case PARAMETER -> {
          if (lambdaParameters().contains(variable)) {
            return;
          }
          if ((variable.owner.flags() & Flags.PRIVATE) == 0) {
            readsInput = true;
          } else if (variable.owner.getKind() == ElementKind.METHOD && visited.add(variable)) {
            argumentsFor(variable, unit).forEach(this::collect);
          }
        }
        case LOCAL_VARIABLE, RESOURCE_VARIABLE -> {
          if (visited.add(variable)) {
            valuesOf(variable, unit).forEach(this::collect);
          }
        }
        default -> { }
      }
    }

    /** The parameters of the lambdas in the file: what a stream hands on, no input. */
    private Set<Symbol> lambdaParameters() {
      if (lambdaParameters == null) {
        lambdaParameters = new HashSet<>();
        new TreeScanner<Void, Void>() {
          @Override
          public Void visitLambdaExpression(LambdaExpressionTree lambda, Void unused) {
            lambda.getParameters().forEach(p -> lambdaParameters.add(ASTHelpers.getSymbol(p)));
            return super.visitLambdaExpression(lambda, unused);
          }
        }.scan(unit, null);
      }
      return lambdaParameters;
    }

    private static String callName(Symbol method) {
      return method != null && method.owner instanceof ClassSymbol owner
          ? owner.flatName() + "#" + method.getSimpleName() : "?";
    }
  }

  /** The arguments the calls of a private method in {@code unit} pass as {@code parameter}. */
  private static List<ExpressionTree> argumentsFor(VarSymbol parameter, Tree unit) {
    Symbol method = parameter.owner;
    int index = ((Symbol.MethodSymbol) method).getParameters().indexOf(parameter);
    List<ExpressionTree> arguments = new ArrayList<>();
    new TreeScanner<Void, Void>() {
      @Override
      public Void visitMethodInvocation(MethodInvocationTree invocation, Void unused) {
        if (ASTHelpers.getSymbol(invocation) == method
            && index < invocation.getArguments().size()) {
          arguments.add(invocation.getArguments().get(index));
        }
        return super.visitMethodInvocation(invocation, unused);
      }
    }.scan(unit, null);
    return arguments;
  }

  /** The initializer and every value assigned to {@code local} within {@code unit}. */
  private static List<ExpressionTree> valuesOf(VarSymbol local, Tree unit) {
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
    }.scan(unit, null);
    return values;
  }
}
