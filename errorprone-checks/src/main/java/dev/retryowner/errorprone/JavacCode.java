package dev.retryowner.errorprone;

import com.google.errorprone.util.ASTHelpers;
import com.sun.source.tree.ArrayAccessTree;
import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.BinaryTree;
import com.sun.source.tree.BlockTree;
import com.sun.source.tree.BreakTree;
import com.sun.source.tree.CatchTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompoundAssignmentTree;
import com.sun.source.tree.ConditionalExpressionTree;
import com.sun.source.tree.ContinueTree;
import com.sun.source.tree.DoWhileLoopTree;
import com.sun.source.tree.EnhancedForLoopTree;
import com.sun.source.tree.ExpressionStatementTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.ForLoopTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.IfTree;
import com.sun.source.tree.LabeledStatementTree;
import com.sun.source.tree.LambdaExpressionTree;
import com.sun.source.tree.LiteralTree;
import com.sun.source.tree.MemberReferenceTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.tree.ParenthesizedTree;
import com.sun.source.tree.ReturnTree;
import com.sun.source.tree.SwitchExpressionTree;
import com.sun.source.tree.SwitchTree;
import com.sun.source.tree.ThrowTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.TryTree;
import com.sun.source.tree.TypeCastTree;
import com.sun.source.tree.UnaryTree;
import com.sun.source.tree.UnionTypeTree;
import com.sun.source.tree.VariableTree;
import com.sun.source.tree.WhileLoopTree;
import com.sun.source.tree.YieldTree;
import com.sun.source.util.TreeScanner;
import com.sun.tools.javac.code.Flags;
import com.sun.tools.javac.code.Symbol;
import com.sun.tools.javac.code.Symbol.ClassSymbol;
import com.sun.tools.javac.code.Symbol.MethodSymbol;
import com.sun.tools.javac.code.Symbol.VarSymbol;
import com.sun.tools.javac.code.Type;
import dev.retryowner.catalog.CatalogEntry;
import dev.retryowner.catalog.shape.Code;
import dev.retryowner.catalog.shape.Code.Block;
import dev.retryowner.catalog.shape.Code.Callee;
import dev.retryowner.catalog.shape.Code.Catch;
import dev.retryowner.catalog.shape.Code.Jump;
import dev.retryowner.catalog.shape.Code.JumpKind;
import dev.retryowner.catalog.shape.Code.Loop;
import dev.retryowner.catalog.shape.Code.LoopKind;
import dev.retryowner.catalog.shape.Code.TypeFact;
import dev.retryowner.catalog.shape.FailureReading;
import dev.retryowner.catalog.shape.MethodCode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.Name;
import javax.lang.model.type.TypeKind;

/**
 * Adapts javac trees into the engine-neutral {@link Code} model the retry shapes read: one
 * {@link MethodCode} per method, constructor, initializer block and field initializer. The
 * plugin's {@code SourceCode} makes the same model from JavaParser trees.
 */
final class JavacCode {
  private final Function<MethodInvocationTree, Optional<CatalogEntry>> shapeCall;
  private final Function<MethodInvocationTree, Optional<String>> delayInHelper;
  /**
   * The initializers of the effectively final locals met so far that a condition reads through
   * ({@link Code.Name#definition}).
   */
  private final Map<VarSymbol, Code> definitions = new HashMap<>();

  /**
   * @param shapeCall the catalog entry of the rule's shape calls (delay, send, redelivery,
   *     back-off) that a call names
   * @param delayInHelper the display name of a catalog delay call in the called method's body
   */
  JavacCode(Function<MethodInvocationTree, Optional<CatalogEntry>> shapeCall,
      Function<MethodInvocationTree, Optional<String>> delayInHelper) {
    this.shapeCall = shapeCall;
    this.delayInHelper = delayInHelper;
  }

  /** A method or constructor; empty when it has no body. */
  Optional<MethodCode> method(MethodTree method) {
    if (method.getBody() == null) {
      return Optional.empty();
    }
    MethodSymbol symbol = ASTHelpers.getSymbol(method);
    boolean constructor = symbol != null && symbol.getKind() == ElementKind.CONSTRUCTOR;
    List<MethodCode.Parameter> parameters = method.getParameters().stream()
        .map(p -> new MethodCode.Parameter(p.getName().toString(), p.getType().toString()))
        .toList();
    String name = constructor ? symbol.owner.getSimpleName().toString()
        : method.getName().toString();
    return Optional.of(new MethodCode(method, name, parameters,
        statement(method.getBody()),
        constructor ? MethodCode.Kind.CONSTRUCTOR : MethodCode.Kind.METHOD, access(symbol)));
  }

  /** Read from the symbol, which holds the {@code public} javac gives an interface's methods. */
  private static MethodCode.Access access(MethodSymbol symbol) {
    Set<Modifier> modifiers = symbol == null ? Set.of() : symbol.getModifiers();
    return modifiers.contains(Modifier.PRIVATE) ? MethodCode.Access.PRIVATE
        : modifiers.contains(Modifier.PUBLIC) || modifiers.contains(Modifier.PROTECTED)
            ? MethodCode.Access.OPEN : MethodCode.Access.PACKAGE;
  }

  /** The initializer blocks and field initializers of a class, one unit each. */
  private List<MethodCode> initializers(ClassTree type) {
    List<MethodCode> units = new ArrayList<>();
    for (Tree member : type.getMembers()) {
      if (member instanceof BlockTree block) {
        units.add(MethodCode.initializer(block, statement(block)));
      } else if (member instanceof VariableTree field && field.getInitializer() != null) {
        units.add(MethodCode.initializer(field, expression(field.getInitializer())));
      }
    }
    return units;
  }

  /** The units of a class body: its initializers, then its methods and constructors. */
  List<MethodCode> units(ClassTree type) {
    List<MethodCode> units = new ArrayList<>(initializers(type));
    for (Tree member : type.getMembers()) {
      if (member instanceof MethodTree method) {
        method(method).ifPresent(units::add);
      }
    }
    return units;
  }

  private Code.ClassBody classBody(ClassTree type) {
    return new Code.ClassBody(type, units(type));
  }

  private Code statement(Tree statement) {
    if (statement instanceof BlockTree block) {
      return block(block);
    }
    if (statement instanceof ExpressionStatementTree expression) {
      return expression(expression.getExpression());
    }
    if (statement instanceof WhileLoopTree loop) {
      return new Loop(loop, LoopKind.WHILE, List.of(), expression(loop.getCondition()),
          List.of(), statement(loop.getStatement()));
    }
    if (statement instanceof DoWhileLoopTree loop) {
      return new Loop(loop, LoopKind.DO_WHILE, List.of(), expression(loop.getCondition()),
          List.of(), statement(loop.getStatement()));
    }
    if (statement instanceof ForLoopTree loop) {
      return new Loop(loop, LoopKind.FOR, statements(loop.getInitializer()),
          loop.getCondition() == null ? null : expression(loop.getCondition()),
          statements(loop.getUpdate()), statement(loop.getStatement()));
    }
    if (statement instanceof EnhancedForLoopTree loop) {
      Code element = new Code.Variable(loop.getVariable(),
          loop.getVariable().getName().toString(), null);
      return new Loop(loop, LoopKind.FOR_EACH, List.of(element),
          expression(loop.getExpression()), List.of(), statement(loop.getStatement()));
    }
    if (statement instanceof TryTree tryTree) {
      return new Code.Try(tryTree, statements(tryTree.getResources()),
          block(tryTree.getBlock()), tryTree.getCatches().stream().map(this::catchClause)
              .toList(),
          tryTree.getFinallyBlock() == null ? null : block(tryTree.getFinallyBlock()));
    }
    if (statement instanceof IfTree ifTree) {
      return new Code.If(ifTree, expression(ifTree.getCondition()),
          statement(ifTree.getThenStatement()),
          ifTree.getElseStatement() == null ? null : statement(ifTree.getElseStatement()),
          false);
    }
    if (statement instanceof BreakTree jump) {
      return new Jump(jump, JumpKind.BREAK, label(jump.getLabel()), null);
    }
    if (statement instanceof ContinueTree jump) {
      return new Jump(jump, JumpKind.CONTINUE, label(jump.getLabel()), null);
    }
    if (statement instanceof ReturnTree jump) {
      return new Jump(jump, JumpKind.RETURN, null,
          jump.getExpression() == null ? null : expression(jump.getExpression()));
    }
    if (statement instanceof ThrowTree jump) {
      return new Jump(jump, JumpKind.THROW, null, expression(jump.getExpression()));
    }
    if (statement instanceof YieldTree jump) {
      return new Jump(jump, JumpKind.YIELD, null, expression(jump.getValue()));
    }
    if (statement instanceof SwitchTree switchTree) {
      return new Code.Switch(switchTree, expression(switchTree.getExpression()),
          switchTree.getCases().stream().map(this::other).toList());
    }
    if (statement instanceof LabeledStatementTree labeled) {
      return statement(labeled.getStatement());
    }
    if (statement instanceof ClassTree local) {
      return classBody(local);
    }
    if (statement instanceof VariableTree variable) {
      Code initializer =
          variable.getInitializer() == null ? null : expression(variable.getInitializer());
      VarSymbol local = ASTHelpers.getSymbol(variable);
      if (initializer != null && local != null && isDefinition(local, initializer)) {
        definitions.put(local, initializer);
      }
      return new Code.Variable(variable, variable.getName().toString(), initializer);
    }
    if (statement instanceof ExpressionTree expression) {
      return expression(expression);
    }
    return other(statement);
  }

  private Block block(BlockTree block) {
    return new Block(block, statements(block.getStatements()));
  }

  private List<Code> statements(List<? extends Tree> statements) {
    return statements.stream().map(this::statement).toList();
  }

  private Catch catchClause(CatchTree clause) {
    Tree type = clause.getParameter().getType();
    List<? extends Tree> alternatives = type instanceof UnionTypeTree union
        ? union.getTypeAlternatives() : List.of(type);
    return new Catch(clause, clause.getParameter().getName().toString(),
        alternatives.stream().map(JavacCode::typeName).toList(), block(clause.getBlock()));
  }

  private Code expression(ExpressionTree expression) {
    if (expression instanceof ParenthesizedTree parenthesized) {
      return expression(parenthesized.getExpression());
    }
    if (expression instanceof TypeCastTree cast) {
      return new Code.Cast(cast, expression(cast.getExpression()));
    }
    if (expression instanceof IdentifierTree identifier) {
      Symbol symbol = ASTHelpers.getSymbol(identifier);
      return symbol instanceof VarSymbol variable
          ? new Code.Name(identifier, identifier.getName().toString(),
              definitions.get(variable), typeFact(variable.type))
          : new Code.Name(identifier, identifier.getName().toString());
    }
    if (expression instanceof MemberSelectTree select
        && select.getIdentifier().contentEquals("this")) {
      // Outer.this is the same object a call without receiver reaches in the outer class.
      return new Code.Name(select, "this");
    }
    if (expression instanceof MemberSelectTree select) {
      return new Code.Select(select, expression(select.getExpression()),
          select.getIdentifier().toString());
    }
    if (expression instanceof MethodInvocationTree call) {
      ExpressionTree select = call.getMethodSelect();
      Code receiver = select instanceof MemberSelectTree member
          ? expression(member.getExpression()) : null;
      String name = select instanceof MemberSelectTree member
          ? member.getIdentifier().toString() : ((IdentifierTree) select).getName().toString();
      return new Code.Call(call, receiver, name, expressions(call.getArguments()),
          Callee.of(shapeCall.apply(call), () -> delayInHelper.apply(call),
              reaches(ASTHelpers.getSymbol(call))), typeFact(ASTHelpers.getType(call)));
    }
    if (expression instanceof MemberReferenceTree reference) {
      return new Code.MethodRef(reference, null, reference.getName().toString(),
          Callee.of(Optional.empty(), Optional::empty,
              reaches(ASTHelpers.getSymbol(reference))));
    }
    if (expression instanceof LambdaExpressionTree lambda) {
      Tree body = lambda.getBody();
      return new Code.Lambda(lambda,
          lambda.getParameters().stream().map(p -> p.getName().toString()).toList(),
          lambda.getParameters().stream().map(p -> typeFact(ASTHelpers.getType(p))).toList(),
          body instanceof ExpressionTree e ? expression(e) : statement(body));
    }
    if (expression instanceof NewClassTree creation) {
      return new Code.New(creation, creation.getIdentifier().toString(),
          expressions(creation.getArguments()),
          creation.getClassBody() == null ? null : classBody(creation.getClassBody()));
    }
    if (expression instanceof UnaryTree unary) {
      return new Code.Unary(unary, unaryOperator(unary.getKind()),
          expression(unary.getExpression()));
    }
    if (expression instanceof BinaryTree binary) {
      return new Code.Binary(binary, binaryOperator(binary.getKind()),
          expression(binary.getLeftOperand()), expression(binary.getRightOperand()));
    }
    if (expression instanceof AssignmentTree assignment) {
      return new Code.Assign(assignment, "=", expression(assignment.getVariable()),
          expression(assignment.getExpression()));
    }
    if (expression instanceof CompoundAssignmentTree assignment) {
      return new Code.Assign(assignment, compoundOperator(assignment.getKind()),
          expression(assignment.getVariable()), expression(assignment.getExpression()));
    }
    if (expression instanceof ConditionalExpressionTree conditional) {
      return new Code.If(conditional, expression(conditional.getCondition()),
          expression(conditional.getTrueExpression()),
          expression(conditional.getFalseExpression()), true);
    }
    if (expression instanceof ArrayAccessTree access) {
      return new Code.ArrayAccess(access, expression(access.getExpression()),
          expression(access.getIndex()));
    }
    if (expression instanceof SwitchExpressionTree switchExpression) {
      return new Code.Switch(switchExpression, expression(switchExpression.getExpression()),
          switchExpression.getCases().stream().map(this::other).toList());
    }
    if (expression instanceof LiteralTree literal) {
      return new Code.Literal(literal, literal.getValue());
    }
    return other(expression);
  }

  private List<Code> expressions(List<? extends ExpressionTree> expressions) {
    return expressions.stream().map(this::expression).toList();
  }

  /** True for a unit whose method is {@code called}. */
  private static Predicate<MethodCode> reaches(Symbol called) {
    return unit -> called != null && unit.origin() instanceof MethodTree method
        && called.equals(ASTHelpers.getSymbol(method));
  }

  /**
   * A local that is final or never assigned again: a {@code boolean}, or an {@code int} set by a
   * call without arguments.
   */
  private static boolean isDefinition(VarSymbol variable, Code initializer) {
    TypeKind kind = variable.type.getKind();
    return variable.getKind() == ElementKind.LOCAL_VARIABLE
        && (kind == TypeKind.BOOLEAN || kind == TypeKind.INT
            && initializer instanceof Code.Call call && call.arguments().isEmpty())
        && (variable.flags() & (Flags.FINAL | Flags.EFFECTIVELY_FINAL)) != 0;
  }

  /** Whether a value of {@code type} holds a failure: a class that extends Throwable. */
  private static TypeFact typeFact(Type type) {
    Type bound = type;
    while (bound instanceof Type.TypeVar || bound instanceof Type.WildcardType) {
      bound = bound.getUpperBound();
    }
    if (bound == null || bound.isErroneous()) {
      return TypeFact.UNKNOWN;
    }
    for (Type t = bound; t != null && t.tsym instanceof ClassSymbol c;
        t = c.getSuperclass()) {
      if (c.getQualifiedName().contentEquals(FailureReading.FAILURE_ROOT)) {
        return TypeFact.FAILURE;
      }
    }
    return TypeFact.OTHER;
  }

  /** Any other tree, by the statements and expressions directly under it. */
  private Code other(Tree tree) {
    List<Code> children = new ArrayList<>();
    tree.accept(new TreeScanner<Void, Void>() {
      @Override
      public Void scan(Tree child, Void unused) {
        if (child != null && child != tree && !(child instanceof MethodTree)) {
          children.add(child instanceof ExpressionTree e ? expression(e) : statement(child));
        }
        return null;
      }
    }, null);
    return new Code.Other(tree, children);
  }

  private static String label(Name label) {
    return label == null ? null : label.toString();
  }

  /** The caught type, qualified when javac resolved it. */
  private static String typeName(Tree type) {
    Type resolved = ASTHelpers.getType(type);
    return resolved != null ? resolved.tsym.getQualifiedName().toString() : type.toString();
  }

  private static String unaryOperator(Tree.Kind kind) {
    return switch (kind) {
      case LOGICAL_COMPLEMENT -> "!";
      case UNARY_MINUS -> "-";
      case UNARY_PLUS -> "+";
      case BITWISE_COMPLEMENT -> "~";
      case PREFIX_INCREMENT -> Code.Unary.PRE_INCREMENT;
      case POSTFIX_INCREMENT -> Code.Unary.POST_INCREMENT;
      case PREFIX_DECREMENT -> Code.Unary.PRE_DECREMENT;
      case POSTFIX_DECREMENT -> Code.Unary.POST_DECREMENT;
      default -> kind.name();
    };
  }

  private static String binaryOperator(Tree.Kind kind) {
    return switch (kind) {
      case CONDITIONAL_AND -> "&&";
      case CONDITIONAL_OR -> "||";
      case EQUAL_TO -> "==";
      case NOT_EQUAL_TO -> "!=";
      case LESS_THAN -> "<";
      case LESS_THAN_EQUAL -> "<=";
      case GREATER_THAN -> ">";
      case GREATER_THAN_EQUAL -> ">=";
      case PLUS -> "+";
      case MINUS -> "-";
      case MULTIPLY -> "*";
      case DIVIDE -> "/";
      case REMAINDER -> "%";
      case AND -> "&";
      case OR -> "|";
      case XOR -> "^";
      case LEFT_SHIFT -> "<<";
      case RIGHT_SHIFT -> ">>";
      case UNSIGNED_RIGHT_SHIFT -> ">>>";
      default -> kind.name();
    };
  }

  private static String compoundOperator(Tree.Kind kind) {
    return switch (kind) {
      case PLUS_ASSIGNMENT -> "+=";
      case MINUS_ASSIGNMENT -> "-=";
      case MULTIPLY_ASSIGNMENT -> "*=";
      case DIVIDE_ASSIGNMENT -> "/=";
      case REMAINDER_ASSIGNMENT -> "%=";
      case AND_ASSIGNMENT -> "&=";
      case OR_ASSIGNMENT -> "|=";
      case XOR_ASSIGNMENT -> "^=";
      case LEFT_SHIFT_ASSIGNMENT -> "<<=";
      case RIGHT_SHIFT_ASSIGNMENT -> ">>=";
      case UNSIGNED_RIGHT_SHIFT_ASSIGNMENT -> ">>>=";
      default -> kind.name();
    };
  }
}
