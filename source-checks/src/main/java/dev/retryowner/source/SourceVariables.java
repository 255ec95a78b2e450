package dev.retryowner.source;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.nodeTypes.NodeWithStatements;
import com.github.javaparser.ast.stmt.CatchClause;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.TryStmt;
import com.github.javaparser.ast.type.Type;
import java.util.List;
import java.util.Optional;

/**
 * Finds the variable a simple name refers to, the way javac scopes variables, without a symbol
 * solver: locals declared earlier in an enclosing block, {@code for} and for-each variables,
 * resources, catch and lambda parameters, method and constructor parameters, then the fields the
 * enclosing classes of this file declare. Inherited fields and pattern bindings are not found:
 * such a name stays unresolved.
 */
final class SourceVariables {
  private SourceVariables() {}

  /**
   * A variable as declared.
   *
   * @param declaration the {@link VariableDeclarator} or {@link Parameter}; identity tells two
   *     variables of one name apart
   * @param type the declared type as written ({@code var}, or unknown for an untyped lambda
   *     parameter)
   * @param initializer the initializer of a declarator, if any
   * @param isFinal declared {@code final} (or a field of an interface)
   */
  record Variable(Node declaration, Type type, Optional<Expression> initializer,
      boolean isFinal) {}

  /** The variable {@code name} means at {@code place}, if this file declares it. */
  static Optional<Variable> find(String name, Node place) {
    Node child = place;
    for (Node node = place.getParentNode().orElse(null); node != null;
        child = node, node = node.getParentNode().orElse(null)) {
      Optional<Variable> found = declaredIn(node, child, name);
      if (found.isPresent()) {
        return found;
      }
    }
    return Optional.empty();
  }

  /** The field {@code name} that {@code type} itself declares, if any. */
  static Optional<Variable> field(TypeDeclaration<?> type, String name) {
    return fieldIn(type.getMembers(), name, type.isClassOrInterfaceDeclaration()
        && type.asClassOrInterfaceDeclaration().isInterface());
  }

  /** A variable named {@code name} that {@code node} declares in scope of its part {@code child}. */
  private static Optional<Variable> declaredIn(Node node, Node child, String name) {
    if (node instanceof NodeWithStatements<?> block) {
      for (Statement statement : block.getStatements()) {
        if (statement == child) {
          break;
        }
        if (statement instanceof ExpressionStmt expression
            && expression.getExpression() instanceof VariableDeclarationExpr variables) {
          Optional<Variable> local = local(variables, name);
          if (local.isPresent()) {
            return local;
          }
        }
      }
    } else if (node instanceof ForStmt loop
        && loop.getInitialization().stream().noneMatch(init -> init == child)) {
      for (Expression init : loop.getInitialization()) {
        if (init instanceof VariableDeclarationExpr variables) {
          Optional<Variable> local = local(variables, name);
          if (local.isPresent()) {
            return local;
          }
        }
      }
    } else if (node instanceof ForEachStmt loop && child == loop.getBody()) {
      return local(loop.getVariable(), name);
    } else if (node instanceof TryStmt tryStmt && (child == tryStmt.getTryBlock()
        || tryStmt.getResources().stream().anyMatch(resource -> resource == child))) {
      for (Expression resource : tryStmt.getResources()) {
        if (resource == child) {
          break;
        }
        if (resource instanceof VariableDeclarationExpr variables) {
          Optional<Variable> local = local(variables, name);
          if (local.isPresent()) {
            return local;
          }
        }
      }
    } else if (node instanceof CatchClause catchClause) {
      return parameter(List.of(catchClause.getParameter()), name);
    } else if (node instanceof LambdaExpr lambda) {
      return parameter(lambda.getParameters(), name);
    } else if (node instanceof CallableDeclaration<?> callable) {
      return parameter(callable.getParameters(), name);
    } else if (node instanceof TypeDeclaration<?> type) {
      return field(type, name);
    } else if (node instanceof ObjectCreationExpr anonymous && child instanceof BodyDeclaration<?>) {
      return fieldIn(anonymous.getAnonymousClassBody().orElseGet(NodeList::new), name, false);
    }
    return Optional.empty();
  }

  private static Optional<Variable> local(VariableDeclarationExpr variables, String name) {
    return variables.getVariables().stream().filter(v -> v.getNameAsString().equals(name))
        .findFirst().map(v -> new Variable(v, v.getType(), v.getInitializer(),
            variables.isFinal()));
  }

  private static Optional<Variable> parameter(List<Parameter> parameters, String name) {
    return parameters.stream().filter(p -> p.getNameAsString().equals(name)).findFirst()
        .map(p -> new Variable(p, p.getType(), Optional.empty(), p.isFinal()));
  }

  private static Optional<Variable> fieldIn(List<BodyDeclaration<?>> members, String name,
      boolean inInterface) {
    for (BodyDeclaration<?> member : members) {
      if (member instanceof FieldDeclaration field) {
        for (VariableDeclarator variable : field.getVariables()) {
          if (variable.getNameAsString().equals(name)) {
            return Optional.of(new Variable(variable, variable.getType(),
                variable.getInitializer(), inInterface || field.isFinal()));
          }
        }
      }
    }
    return Optional.empty();
  }
}
