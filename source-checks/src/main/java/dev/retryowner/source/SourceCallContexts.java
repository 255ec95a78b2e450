package dev.retryowner.source;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.ConditionalExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import com.github.javaparser.ast.expr.TextBlockLiteralExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.TypePatternExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.nodeTypes.NodeWithOptionalScope;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.type.Type;
import dev.retryowner.catalog.CallContext;
import dev.retryowner.source.SourceVariables.Variable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What surrounds a call or construction in one source file, as {@link CallContext} defines it:
 * the type its result is cast to or stored as (the written type's candidates, with supertypes from
 * the compiled classes), and the string literals its receiver is built from in the file (through
 * local variables' initializers and assignments, and the arguments of a private method's calls).
 * The twin of Error Prone's {@code JavacCallContexts}.
 */
final class SourceCallContexts {
  private final SourceTypeNames names;
  private final TypeRelations relations;
  private final CompiledCalls compiled;

  SourceCallContexts(SourceTypeNames names, TypeRelations relations, CompiledCalls compiled) {
    this.names = names;
    this.relations = relations;
    this.compiled = compiled;
  }

  /** The context of a call or construction. */
  CallContext of(Expression node) {
    boolean resultCast = usedAt(node) instanceof CastExpr;
    List<Expression> arguments = node instanceof ObjectCreationExpr creation
        ? creation.getArguments() : node instanceof MethodCallExpr invocation
        ? invocation.getArguments() : List.of();
    List<String> settings = argumentSettings(arguments);
    if (!(node instanceof MethodCallExpr call) || call.getScope().isEmpty()) {
      return new CallContext(resultTypes(node), resultCast, List.of(), List.of(), false,
          settings);
    }
    Receiver receiver = new Receiver();
    receiver.collect(call.getScope().get());
    return new CallContext(resultTypes(node), resultCast, receiver.literals, receiver.calls,
        receiver.readsInput, settings);
  }

  /**
   * The settings the file puts into the local variables handed as {@code arguments}: each
   * {@code put}, {@code putIfAbsent} or {@code setProperty} call on one, and its {@code Map.of}
   * initializer, as {@code key=value} ({@link CallContext#argumentSettings}).
   */
  private List<String> argumentSettings(List<Expression> arguments) {
    List<String> settings = new ArrayList<>();
    for (Expression argument : arguments) {
      if (!(argument instanceof NameExpr name)) {
        continue;
      }
      Optional<Variable> local = SourceVariables.find(name.getNameAsString(), name)
          .filter(v -> v.declaration().getParentNode().orElse(null)
              instanceof VariableDeclarationExpr);
      Optional<CallableDeclaration> method = local.flatMap(v ->
          v.declaration().findAncestor(CallableDeclaration.class));
      if (local.isEmpty() || method.isEmpty()) {
        continue;
      }
      local.get().initializer().filter(MethodCallExpr.class::isInstance)
          .map(MethodCallExpr.class::cast)
          .filter(of -> of.getNameAsString().equals("of") && of.getScope()
              .filter(scope -> names.candidates(scope.toString(), of).contains(CallContext.SETTINGS_MAP))
              .isPresent())
          .ifPresent(of -> {
            for (int i = 0; i + 1 < of.getArguments().size(); i += 2) {
              addSetting(of.getArgument(i), of.getArgument(i + 1), settings);
            }
          });
      for (MethodCallExpr put : method.get().findAll(MethodCallExpr.class)) {
        if (CallContext.SETTING_PUTS.contains(put.getNameAsString()) && put.getArguments().size() == 2
            && put.getScope().filter(NameExpr.class::isInstance)
                .flatMap(scope -> SourceVariables.find(scope.asNameExpr().getNameAsString(), put))
                .filter(v -> v.declaration() == local.get().declaration()).isPresent()) {
          addSetting(put.getArgument(0), put.getArgument(1), settings);
        }
      }
    }
    return settings;
  }

  /**
   * {@code key=value} for the key's string literal (also through a constant of this file) and
   * for each constant its written name can stand for.
   */
  private void addSetting(Expression key, Expression value, List<String> into) {
    String valueText = value instanceof StringLiteralExpr text ? text.getValue()
        : value.isLiteralExpr() && !value.isNullLiteralExpr()
            ? value.toString().replaceAll("[lL]$", "") : null;
    Optional<String> literal = key instanceof StringLiteralExpr text
        ? Optional.of(text.getValue())
        : key instanceof NameExpr constant ? SourceVariables.find(constant.getNameAsString(), key)
            .flatMap(Variable::initializer).filter(StringLiteralExpr.class::isInstance)
            .map(initializer -> ((StringLiteralExpr) initializer).getValue())
        : Optional.empty();
    literal.ifPresent(text -> into.add(CallContext.setting(text, valueText)));
    if (key instanceof FieldAccessExpr constant) {
      for (String owner : names.candidates(constant.getScope().toString(), key)) {
        into.add(CallContext.setting(owner + "#" + constant.getNameAsString(), valueText));
      }
    }
  }

  /**
   * The type the result is used as, with its supertypes: through parentheses and the branches
   * of {@code ?:}, a cast's type, or the written type of the variable it initializes or is
   * assigned to.
   */
  private List<String> resultTypes(Expression node) {
    Node parent = usedAt(node);
    return parent == null ? List.of() : usedType(parent, node)
        .map(type -> withSupertypes(type, type)).orElse(List.of());
  }

  /** The node above {@code node}'s value, through parentheses and the branches of {@code ?:}. */
  private static Node usedAt(Expression node) {
    Node child = node;
    for (Node parent = node.getParentNode().orElse(null); parent != null;
        child = parent, parent = parent.getParentNode().orElse(null)) {
      if (parent instanceof EnclosedExpr
          || (parent instanceof ConditionalExpr conditional
              && child != conditional.getCondition())) {
        continue;
      }
      return parent;
    }
    return null;
  }

  /** The type a cast, or the variable an initializer or assignment writes, gives its value. */
  private static Optional<Type> usedType(Node parent, Node value) {
    if (parent instanceof CastExpr cast) {
      return Optional.of(cast.getType());
    }
    if (parent instanceof VariableDeclarator variable && variable.getInitializer()
        .filter(initializer -> holds(initializer, value)).isPresent()) {
      return Optional.of(variable.getType());
    }
    if (parent instanceof AssignExpr assignment && holds(assignment.getValue(), value)
        && assignment.getOperator() == AssignExpr.Operator.ASSIGN) {
      return assignedVariable(assignment.getTarget()).map(Variable::type);
    }
    return Optional.empty();
  }

  private static boolean holds(Node expression, Node value) {
    return expression == value || expression.isAncestorOf(value);
  }

  private List<String> withSupertypes(Type type, Node place) {
    Set<String> all = new LinkedHashSet<>();
    if (type instanceof ClassOrInterfaceType written) {
      for (String candidate : names.candidates(written.getNameWithScope(), place)) {
        all.addAll(relations.selfAndSupertypes(candidate));
      }
    }
    return List.copyOf(all);
  }

  /** The variable an assignment writes: a name, or {@code this.name} of the enclosing class. */
  private static Optional<Variable> assignedVariable(Expression target) {
    if (target instanceof NameExpr name) {
      return SourceVariables.find(name.getNameAsString(), name);
    }
    if (target instanceof FieldAccessExpr field && field.getScope() instanceof ThisExpr self
        && self.getTypeName().isEmpty()
        && SourceTypeNames.closestClass(field) instanceof TypeDeclaration<?> type) {
      return SourceVariables.field(type, field.getNameAsString());
    }
    return Optional.empty();
  }

  /**
   * What a call's receiver is built from: the string literals, calls and constructions written
   * in it and, for each local variable it reads, in that variable's initializer and assignments
   * within its member; and whether it reads an input: a field, or a parameter of a method that
   * is not private. A private method's parameter is what the calls of the method in the file
   * pass it: its callers are the class's own code. A name this file does not declare, read as a
   * value, is an inherited field.
   */
  private final class Receiver {
    private final Set<Node> visited = Collections.newSetFromMap(new IdentityHashMap<>());
    private final List<String> literals = new ArrayList<>();
    private final List<String> calls = new ArrayList<>();
    private boolean readsInput;

    void collect(Node expression) {
      expression.walk(node -> {
        if (node instanceof StringLiteralExpr literal) {
          literals.add(literal.asString());
        } else if (node instanceof TextBlockLiteralExpr block) {
          literals.add(block.asString());
        } else if (node instanceof MethodCallExpr call) {
          calls.addAll(callNames(compiled.owners(InstructionLines.of(call),
              call.getNameAsString()), call.getNameAsString()));
        } else if (node instanceof ObjectCreationExpr creation) {
          calls.addAll(callNames(Set.of(names.erasedName(creation.getType(), creation)),
              MemberSignature.CONSTRUCTOR));
        } else if (node instanceof FieldAccessExpr field && field.getScope() instanceof ThisExpr) {
          readsInput = true;
        } else if (node instanceof NameExpr name) {
          read(name);
        }
      });
    }

    private void read(NameExpr name) {
      Optional<Variable> variable = SourceVariables.find(name.getNameAsString(), name);
      Node member = outermostMember(name);
      if (variable.isEmpty()) {
        readsInput |= !isScope(name) && !bindsPattern(name.getNameAsString(), member);
        return;
      }
      Node declaration = variable.get().declaration();
      Node parent = declaration.getParentNode().orElse(null);
      if (parent instanceof VariableDeclarationExpr) {
        if (visited.add(declaration)) {
          for (Expression value : valuesOf(variable.get(), name.getNameAsString(), member)) {
            collect(value);
          }
        }
      } else if (parent instanceof FieldDeclaration field) {
        Optional<Expression> constant = variable.get().initializer()
            .filter(value -> field.isFinal() && value instanceof StringLiteralExpr);
        if (constant.isPresent()) {
          literals.add(((StringLiteralExpr) constant.get()).asString());
        } else {
          readsInput = true;
        }
      } else if (parent instanceof CallableDeclaration<?> callable) {
        if (!callable.isPrivate()) {
          readsInput = true;
        } else if (callable instanceof MethodDeclaration && visited.add(declaration)) {
          argumentsFor(callable, callable.getParameters().indexOf(declaration))
              .forEach(this::collect);
        }
      }
    }

    /**
     * The arguments the calls of a private method in the file pass at {@code index}: the calls
     * of its name with as many arguments, on no receiver or on {@code this}.
     */
    private static List<Expression> argumentsFor(CallableDeclaration<?> callable, int index) {
      int count = callable.getParameters().size();
      if (index < 0) {
        return List.of();
      }
      return callable.findCompilationUnit().map(unit -> unit.findAll(MethodCallExpr.class,
          call -> call.getNameAsString().equals(callable.getNameAsString())
              && call.getArguments().size() == count
              && call.getScope().map(scope -> scope instanceof ThisExpr).orElse(true)))
          .orElse(List.of()).stream().map(call -> call.getArgument(index)).toList();
    }

    /** True if a type pattern of the member binds {@code name}: a value the code tested. */
    private static boolean bindsPattern(String name, Node member) {
      return !member.findAll(TypePatternExpr.class, p -> p.getNameAsString().equals(name))
          .isEmpty();
    }

    /** A name a call or field access is made on: a type as likely as a variable. */
    private static boolean isScope(NameExpr name) {
      return name.getParentNode().orElse(null) instanceof NodeWithOptionalScope<?> scoped
          && scoped.getScope().orElse(null) == name
          || name.getParentNode().orElse(null) instanceof FieldAccessExpr access
          && access.getScope() == name;
    }

    /** {@code pkg.Owner#method} for each owner; {@code ?} when none is known. */
    private static List<String> callNames(Set<String> owners, String method) {
      return owners.isEmpty() ? List.of("?")
          : owners.stream().map(owner -> owner + "#" + method).toList();
    }
  }

  /** The initializer and every value assigned to the local variable within {@code member}. */
  private static List<Expression> valuesOf(Variable local, String name, Node member) {
    List<Expression> values = new ArrayList<>(local.initializer().stream().toList());
    member.walk(AssignExpr.class, assignment -> {
      if (assignment.getOperator() == AssignExpr.Operator.ASSIGN
          && assignment.getTarget() instanceof NameExpr target
          && target.getNameAsString().equals(name)
          && SourceVariables.find(name, target).map(Variable::declaration).orElse(null)
              == local.declaration()) {
        values.add(assignment.getValue());
      }
    });
    return values;
  }

  /**
   * The member of a top-level type the node lies in (a method, an initializer, a field): it
   * holds every local variable the node can read, also from a lambda or a local class.
   */
  private static Node outermostMember(Node node) {
    Node child = node;
    for (Node parent = node.getParentNode().orElse(null); parent != null;
        child = parent, parent = parent.getParentNode().orElse(null)) {
      if (parent instanceof TypeDeclaration<?>
          && parent.getParentNode().orElse(null) instanceof CompilationUnit) {
        return child;
      }
    }
    return child;
  }
}
