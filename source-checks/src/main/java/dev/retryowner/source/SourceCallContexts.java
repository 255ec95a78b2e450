package dev.retryowner.source;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
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
import com.github.javaparser.ast.expr.StringLiteralExpr;
import com.github.javaparser.ast.expr.TextBlockLiteralExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
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
 * the compiled classes), and the string literals its receiver is built from in the same method
 * (through local variables' initializers and assignments). The twin of Error Prone's
 * {@code JavacCallContexts}.
 */
final class SourceCallContexts {
  private final SourceTypeNames names;
  private final TypeRelations relations;

  SourceCallContexts(SourceTypeNames names, TypeRelations relations) {
    this.names = names;
    this.relations = relations;
  }

  /** The context of a call or construction. */
  CallContext of(Expression node) {
    List<String> literals = new ArrayList<>();
    if (node instanceof MethodCallExpr call && call.getScope().isPresent()) {
      collectLiterals(call.getScope().get(), outermostMember(call),
          Collections.newSetFromMap(new IdentityHashMap<>()), literals);
    }
    return new CallContext(resultTypes(node), literals);
  }

  /**
   * The type the result is used as, with its supertypes: through parentheses and the branches
   * of {@code ?:}, a cast's type, or the written type of the variable it initializes or is
   * assigned to.
   */
  private List<String> resultTypes(Expression node) {
    Node child = node;
    for (Node parent = node.getParentNode().orElse(null); parent != null;
        child = parent, parent = parent.getParentNode().orElse(null)) {
      if (parent instanceof EnclosedExpr
          || (parent instanceof ConditionalExpr conditional
              && child != conditional.getCondition())) {
        continue;
      }
      return usedType(parent, child).map(type -> withSupertypes(type, type)).orElse(List.of());
    }
    return List.of();
  }

  /** The type a cast, or the variable an initializer or assignment writes, gives its value. */
  private static Optional<Type> usedType(Node parent, Node value) {
    if (parent instanceof CastExpr cast) {
      return Optional.of(cast.getType());
    }
    if (parent instanceof VariableDeclarator variable
        && variable.getInitializer().orElse(null) == value) {
      return Optional.of(variable.getType());
    }
    if (parent instanceof AssignExpr assignment && assignment.getValue() == value
        && assignment.getOperator() == AssignExpr.Operator.ASSIGN) {
      return assignedVariable(assignment.getTarget()).map(Variable::type);
    }
    return Optional.empty();
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
   * Adds the string literals written in {@code expression} and, for each local variable it
   * reads, in that variable's initializer and assignments within {@code member}.
   */
  private static void collectLiterals(Node expression, Node member, Set<Node> visited,
      List<String> literals) {
    expression.walk(node -> {
      if (node instanceof StringLiteralExpr literal) {
        literals.add(literal.asString());
      } else if (node instanceof TextBlockLiteralExpr block) {
        literals.add(block.asString());
      } else if (node instanceof NameExpr name) {
        Optional<Variable> local = SourceVariables.find(name.getNameAsString(), name)
            .filter(v -> v.declaration().getParentNode().orElse(null)
                instanceof VariableDeclarationExpr);
        if (local.isPresent() && visited.add(local.get().declaration())) {
          for (Expression value : valuesOf(local.get(), name.getNameAsString(), member)) {
            collectLiterals(value, member, visited, literals);
          }
        }
      }
    });
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
