package dev.retryowner.source;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.TypePatternExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.CatchClause;
import com.github.javaparser.ast.stmt.TryStmt;
import com.github.javaparser.ast.type.Type;
import java.util.ArrayList;
import java.util.List;

/**
 * A variable declared inside code, whose type leaves no trace in bytecode a class file reader
 * can rely on: local variables (also of {@code for} and for-each loops), resources of
 * try-with-resources, exception parameters, pattern bindings and lambda parameters with a written
 * type. Fields and method parameters are not here: they are part of the class file.
 *
 * @param kind the variable kind as Error Prone words it, e.g. "local variable", "resource"
 * @param name the variable name
 * @param type the declared type as written ({@code var} names no class); lambda parameters
 *     without a written type are not declarations here
 */
record LocalDeclaration(String kind, String name, Type type) {

  /** Every local declaration under {@code root}, in source order (pre-order walk). */
  static List<LocalDeclaration> in(Node root) {
    List<LocalDeclaration> declarations = new ArrayList<>();
    root.walk(node -> {
      if (node instanceof VariableDeclarationExpr variables) {
        String kind = isResource(variables) ? "resource" : "local variable";
        variables.getVariables().forEach(
            v -> declarations.add(new LocalDeclaration(kind, v.getNameAsString(), v.getType())));
      } else if (node instanceof Parameter parameter) {
        Node owner = parameter.getParentNode().orElse(null);
        if (owner instanceof CatchClause) {
          declarations.add(new LocalDeclaration("exception parameter",
              parameter.getNameAsString(), parameter.getType()));
        } else if (owner instanceof LambdaExpr && !parameter.getType().isUnknownType()) {
          declarations.add(new LocalDeclaration("parameter", parameter.getNameAsString(),
              parameter.getType()));
        }
      } else if (node instanceof TypePatternExpr binding) {
        declarations.add(new LocalDeclaration("local variable", binding.getNameAsString(),
            binding.getType()));
      }
    });
    return declarations;
  }

  private static boolean isResource(VariableDeclarationExpr variables) {
    return variables.getParentNode().orElse(null) instanceof TryStmt tryStmt
        && tryStmt.getResources().stream().anyMatch(r -> r == variables);
  }
}
