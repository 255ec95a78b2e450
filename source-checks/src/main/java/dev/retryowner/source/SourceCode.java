package dev.retryowner.source;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.InitializerDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.ArrayAccessExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.BooleanLiteralExpr;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.CharLiteralExpr;
import com.github.javaparser.ast.expr.ConditionalExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.IntegerLiteralExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.LongLiteralExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.NullLiteralExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import com.github.javaparser.ast.expr.SwitchExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.BreakStmt;
import com.github.javaparser.ast.stmt.CatchClause;
import com.github.javaparser.ast.stmt.ContinueStmt;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.LabeledStmt;
import com.github.javaparser.ast.stmt.LocalClassDeclarationStmt;
import com.github.javaparser.ast.stmt.LocalRecordDeclarationStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.SwitchStmt;
import com.github.javaparser.ast.stmt.ThrowStmt;
import com.github.javaparser.ast.stmt.TryStmt;
import com.github.javaparser.ast.stmt.WhileStmt;
import com.github.javaparser.ast.stmt.YieldStmt;
import com.github.javaparser.ast.type.PrimitiveType;
import com.github.javaparser.ast.type.UnionType;
import dev.retryowner.catalog.CatalogEntry;
import dev.retryowner.catalog.shape.Code;
import dev.retryowner.catalog.shape.Code.Block;
import dev.retryowner.catalog.shape.Code.Callee;
import dev.retryowner.catalog.shape.Code.Catch;
import dev.retryowner.catalog.shape.Code.Jump;
import dev.retryowner.catalog.shape.Code.JumpKind;
import dev.retryowner.catalog.shape.Code.Loop;
import dev.retryowner.catalog.shape.Code.LoopKind;
import dev.retryowner.catalog.shape.MethodCode;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.IntStream;

/**
 * Adapts JavaParser trees into the engine-neutral {@link Code} model the retry shapes read: one
 * {@link MethodCode} per method, constructor, initializer block and field initializer. Error
 * Prone's {@code JavacCode} makes the same model from javac trees.
 */
final class SourceCode {
  private static final Set<UnaryExpr.Operator> STEPS = EnumSet.of(
      UnaryExpr.Operator.PREFIX_INCREMENT, UnaryExpr.Operator.PREFIX_DECREMENT,
      UnaryExpr.Operator.POSTFIX_INCREMENT, UnaryExpr.Operator.POSTFIX_DECREMENT);
  private final SourceCatalogCalls delays;
  private final SourceCatalogCalls shapeCalls;
  /**
   * The initializers of the effectively final locals met so far that a condition reads through
   * ({@link Code.Name#definition}), by the outermost callable holding them and their name:
   * JavaParser knows no symbols, and a local is visible only in its callable (and the lambdas
   * and classes inside it).
   */
  private final Map<Node, Map<String, Code>> definitions = new IdentityHashMap<>();
  private final SourceTypeFacts types;

  /**
   * @param delays the catalog's delay calls of the rule, as the file names them
   * @param shapeCalls the catalog's calls the rule's shapes read (delay, send, redelivery,
   *     back-off), as the file names them
   * @param types what the file tells of the types of its values
   */
  SourceCode(SourceCatalogCalls delays, SourceCatalogCalls shapeCalls, SourceTypeFacts types) {
    this.delays = delays;
    this.shapeCalls = shapeCalls;
    this.types = types;
  }

  /** The units a type's own members hold (not those of nested, local or anonymous classes). */
  List<MethodCode> unitsOf(NodeList<BodyDeclaration<?>> members) {
    List<MethodCode> units = new ArrayList<>();
    for (BodyDeclaration<?> member : members) {
      if (member instanceof CallableDeclaration<?> callable) {
        unit(callable).ifPresent(units::add);
      } else if (member instanceof InitializerDeclaration initializer) {
        units.add(MethodCode.initializer(initializer, statement(initializer.getBody())));
      } else if (member instanceof FieldDeclaration field) {
        for (VariableDeclarator variable : field.getVariables()) {
          variable.getInitializer().ifPresent(init ->
              units.add(MethodCode.initializer(variable, expression(init))));
        }
      }
    }
    return units;
  }

  private Optional<MethodCode> unit(CallableDeclaration<?> callable) {
    Optional<BlockStmt> body = callable instanceof MethodDeclaration method ? method.getBody()
        : Optional.of(((ConstructorDeclaration) callable).getBody());
    if (body.isEmpty()) {
      return Optional.empty();
    }
    boolean isMethod = callable instanceof MethodDeclaration;
    List<MethodCode.Parameter> parameters = callable.getParameters().stream()
        .map(p -> new MethodCode.Parameter(p.getNameAsString(), p.getType().asString())).toList();
    return Optional.of(new MethodCode(callable, callable.getNameAsString(), parameters,
        statement(body.get()), isMethod ? MethodCode.Kind.METHOD
            : MethodCode.Kind.CONSTRUCTOR, access(callable)));
  }
  /** An interface's methods are public without the word. */
  private static MethodCode.Access access(CallableDeclaration<?> callable) {
    boolean inInterface = callable.getParentNode()
        .filter(parent -> parent instanceof ClassOrInterfaceDeclaration type && type.isInterface())
        .isPresent();
    return callable.isPrivate() ? MethodCode.Access.PRIVATE
        : callable.isPublic() || callable.isProtected() || inInterface ? MethodCode.Access.OPEN
            : MethodCode.Access.PACKAGE;
  }


  private Code statement(Statement statement) {
    if (statement instanceof BlockStmt block) {
      return block(block);
    }
    if (statement instanceof ExpressionStmt expression) {
      return expression(expression.getExpression());
    }
    if (statement instanceof WhileStmt loop) {
      return new Loop(loop, LoopKind.WHILE, List.of(), expression(loop.getCondition()),
          List.of(), statement(loop.getBody()));
    }
    if (statement instanceof DoStmt loop) {
      return new Loop(loop, LoopKind.DO_WHILE, List.of(), expression(loop.getCondition()),
          List.of(), statement(loop.getBody()));
    }
    if (statement instanceof ForStmt loop) {
      return new Loop(loop, LoopKind.FOR, expressions(loop.getInitialization()),
          loop.getCompare().map(this::expression).orElse(null),
          expressions(loop.getUpdate()), statement(loop.getBody()));
    }
    if (statement instanceof ForEachStmt loop) {
      Code element = new Code.Variable(loop.getVariable(),
          loop.getVariableDeclarator().getNameAsString(), null);
      return new Loop(loop, LoopKind.FOR_EACH, List.of(element), expression(loop.getIterable()),
          List.of(), statement(loop.getBody()));
    }
    if (statement instanceof TryStmt tryStatement) {
      return new Code.Try(tryStatement, expressions(tryStatement.getResources()),
          block(tryStatement.getTryBlock()),
          tryStatement.getCatchClauses().stream().map(this::catchClause).toList(),
          tryStatement.getFinallyBlock().map(this::block).orElse(null));
    }
    if (statement instanceof IfStmt ifStatement) {
      return new Code.If(ifStatement, expression(ifStatement.getCondition()),
          statement(ifStatement.getThenStmt()),
          ifStatement.getElseStmt().map(this::statement).orElse(null), false);
    }
    if (statement instanceof BreakStmt jump) {
      return new Jump(jump, JumpKind.BREAK,
          jump.getLabel().map(l -> l.asString()).orElse(null), null);
    }
    if (statement instanceof ContinueStmt jump) {
      return new Jump(jump, JumpKind.CONTINUE,
          jump.getLabel().map(l -> l.asString()).orElse(null), null);
    }
    if (statement instanceof ReturnStmt jump) {
      return new Jump(jump, JumpKind.RETURN, null,
          jump.getExpression().map(this::expression).orElse(null));
    }
    if (statement instanceof ThrowStmt jump) {
      return new Jump(jump, JumpKind.THROW, null, expression(jump.getExpression()));
    }
    if (statement instanceof YieldStmt jump) {
      return new Jump(jump, JumpKind.YIELD, null, expression(jump.getExpression()));
    }
    if (statement instanceof SwitchStmt switchStatement) {
      return new Code.Switch(switchStatement, expression(switchStatement.getSelector()),
          switchStatement.getEntries().stream().map(e -> other(e)).toList());
    }
    if (statement instanceof LabeledStmt labeled) {
      return statement(labeled.getStatement());
    }
    if (statement instanceof LocalClassDeclarationStmt local) {
      return classBody(local, local.getClassDeclaration().getMembers());
    }
    if (statement instanceof LocalRecordDeclarationStmt local) {
      return classBody(local, local.getRecordDeclaration().getMembers());
    }
    return other(statement);
  }

  private Block block(BlockStmt block) {
    return new Block(block, block.getStatements().stream().map(this::statement).toList());
  }

  private Catch catchClause(CatchClause clause) {
    List<String> types = clause.getParameter().getType() instanceof UnionType union
        ? union.getElements().stream().map(t -> t.asString()).toList()
        : List.of(clause.getParameter().getType().asString());
    return new Catch(clause, clause.getParameter().getNameAsString(), types,
        block(clause.getBody()));
  }

  private Code expression(Expression expression) {
    if (expression instanceof EnclosedExpr enclosed) {
      return expression(enclosed.getInner());
    }
    if (expression instanceof CastExpr cast) {
      return new Code.Cast(cast, expression(cast.getExpression()));
    }
    if (expression instanceof NameExpr name) {
      Node callable = outermostCallable(name);
      return new Code.Name(name, name.getNameAsString(), callable == null ? null
          : definitions.getOrDefault(callable, Map.of()).get(name.getNameAsString()),
          types.ofName(name));
    }
    if (expression instanceof ThisExpr self) {
      // Outer.this is the same object a call without receiver reaches in the outer class.
      return new Code.Name(self, "this");
    }
    if (expression instanceof FieldAccessExpr field) {
      return new Code.Select(field, expression(field.getScope()), field.getNameAsString());
    }
    if (expression instanceof MethodCallExpr call) {
      return new Code.Call(call, call.getScope().map(this::expression).orElse(null),
          call.getNameAsString(), expressions(call.getArguments()), callee(call),
          call.getArguments().isEmpty() ? types.ofCall(call) : Code.TypeFact.UNKNOWN);
    }
    if (expression instanceof MethodReferenceExpr reference) {
      return new Code.MethodRef(reference, null, reference.getIdentifier(),
          Callee.of(Optional.empty(), Optional::empty,
              named(reference.getIdentifier())));
    }
    if (expression instanceof LambdaExpr lambda) {
      Code body = lambda.getExpressionBody().map(this::expression)
          .orElseGet(() -> statement(lambda.getBody()));
      return new Code.Lambda(lambda,
          lambda.getParameters().stream().map(p -> p.getNameAsString()).toList(),
          IntStream.range(0, lambda.getParameters().size())
              .mapToObj(i -> types.ofLambdaParameter(lambda, i)).toList(), body);
    }
    if (expression instanceof ObjectCreationExpr creation) {
      Code.ClassBody body = creation.getAnonymousClassBody()
          .map(members -> classBody(creation, members)).orElse(null);
      return new Code.New(creation, creation.getType().asString(),
          expressions(creation.getArguments()), body);
    }
    if (expression instanceof UnaryExpr unary) {
      return new Code.Unary(unary, unaryOperator(unary.getOperator()),
          expression(unary.getExpression()));
    }
    if (expression instanceof BinaryExpr binary) {
      return new Code.Binary(binary, binary.getOperator().asString(),
          expression(binary.getLeft()), expression(binary.getRight()));
    }
    if (expression instanceof AssignExpr assign) {
      return new Code.Assign(assign, assign.getOperator().asString(),
          expression(assign.getTarget()), expression(assign.getValue()));
    }
    if (expression instanceof ConditionalExpr conditional) {
      return new Code.If(conditional, expression(conditional.getCondition()),
          expression(conditional.getThenExpr()), expression(conditional.getElseExpr()), true);
    }
    if (expression instanceof ArrayAccessExpr access) {
      return new Code.ArrayAccess(access, expression(access.getName()),
          expression(access.getIndex()));
    }
    if (expression instanceof VariableDeclarationExpr declaration
        && declaration.getVariables().size() == 1) {
      VariableDeclarator variable = declaration.getVariable(0);
      Code initializer = variable.getInitializer().map(this::expression).orElse(null);
      Node callable = outermostCallable(declaration);
      if (initializer != null && callable != null && isDefinition(variable, initializer)
          && neverAssigned(variable.getNameAsString(), callable)) {
        definitions.computeIfAbsent(callable, c -> new HashMap<>())
            .put(variable.getNameAsString(), initializer);
      }
      return new Code.Variable(declaration, variable.getNameAsString(), initializer);
    }
    if (expression instanceof SwitchExpr switchExpression) {
      return new Code.Switch(switchExpression, expression(switchExpression.getSelector()),
          switchExpression.getEntries().stream().map(e -> other(e)).toList());
    }
    if (expression instanceof IntegerLiteralExpr literal) {
      return new Code.Literal(literal, number(literal));
    }
    if (expression instanceof LongLiteralExpr literal) {
      return new Code.Literal(literal, literal.getValue());
    }
    if (expression instanceof BooleanLiteralExpr literal) {
      return new Code.Literal(literal, literal.getValue());
    }
    if (expression instanceof StringLiteralExpr literal) {
      return new Code.Literal(literal, literal.asString());
    }
    if (expression instanceof CharLiteralExpr literal) {
      return new Code.Literal(literal, literal.getValue());
    }
    if (expression instanceof NullLiteralExpr literal) {
      return new Code.Literal(literal, null);
    }
    return other(expression);
  }

  private Callee callee(MethodCallExpr call) {
    return Callee.of(shapeCalls.entry(call),
        () -> delays.inHelper(call).map(CatalogEntry::displayName),
        named(call.getNameAsString()));
  }

  private List<Code> expressions(List<? extends Expression> expressions) {
    return expressions.stream().map(this::expression).toList();
  }

  /** Any other node, by the statements and expressions under it. */
  private Code other(Node node) {
    List<Code> children = new ArrayList<>();
    for (Node child : node.getChildNodes()) {
      if (child instanceof Statement statement) {
        children.add(statement(statement));
      } else if (child instanceof Expression expression) {
        children.add(expression(expression));
      } else if (child instanceof VariableDeclarator variable) {
        variable.getInitializer().ifPresent(init -> children.add(new Code.Variable(variable,
            variable.getNameAsString(), expression(init))));
      } else if (!(child instanceof BodyDeclaration<?> || child instanceof TypeDeclaration<?>)) {
        children.add(other(child));
      }
    }
    return new Code.Other(node, children);
  }

  /** The outermost method, constructor or initializer around {@code node} in its class body. */
  private static Node outermostCallable(Node node) {
    Node found = null;
    for (Node n = node; n != null; n = n.getParentNode().orElse(null)) {
      if (n instanceof CallableDeclaration<?> || n instanceof InitializerDeclaration) {
        found = n;
      }
      if (n instanceof TypeDeclaration<?> && !(n.getParentNode().orElse(null)
          instanceof LocalClassDeclarationStmt)) {
        break;
      }
    }
    return found;
  }

  /** A {@code boolean}, or an {@code int} set by a call without arguments. */
  private static boolean isDefinition(VariableDeclarator variable, Code initializer) {
    if (!variable.getType().isPrimitiveType()) {
      return false;
    }
    PrimitiveType.Primitive type = variable.getType().asPrimitiveType().getType();
    return type == PrimitiveType.Primitive.BOOLEAN || type == PrimitiveType.Primitive.INT
        && initializer instanceof Code.Call call && call.arguments().isEmpty();
  }

  /**
   * True if nothing in {@code callable} assigns {@code name} again, nor steps it ({@code ++}).
   */
  private static boolean neverAssigned(String name, Node callable) {
    return callable.findAll(AssignExpr.class).stream()
        .noneMatch(assign -> assign.getTarget() instanceof NameExpr target
            && target.getNameAsString().equals(name))
        && callable.findAll(UnaryExpr.class).stream()
            .noneMatch(unary -> unary.getExpression() instanceof NameExpr target
                && target.getNameAsString().equals(name) && STEPS.contains(unary.getOperator()));
  }

  private Code.ClassBody classBody(Node origin, NodeList<BodyDeclaration<?>> members) {
    return new Code.ClassBody(origin, unitsOf(members));
  }

  /**
   * JavaParser knows no symbols: a call reaches a method of the same name (the shapes compare
   * the number of arguments).
   */
  private static Predicate<MethodCode> named(String name) {
    return unit -> unit.kind() == MethodCode.Kind.METHOD && unit.name().equals(name);
  }

  private static Object number(IntegerLiteralExpr literal) {
    try {
      return literal.asNumber().intValue();
    } catch (NumberFormatException e) {
      return literal.getValue();
    }
  }

  private static String unaryOperator(UnaryExpr.Operator operator) {
    return switch (operator) {
      case PREFIX_INCREMENT -> Code.Unary.PRE_INCREMENT;
      case POSTFIX_INCREMENT -> Code.Unary.POST_INCREMENT;
      case PREFIX_DECREMENT -> Code.Unary.PRE_DECREMENT;
      case POSTFIX_DECREMENT -> Code.Unary.POST_DECREMENT;
      default -> operator.asString();
    };
  }
}
