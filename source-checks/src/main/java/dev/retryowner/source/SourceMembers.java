package dev.retryowner.source;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.InitializerDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.VariableDeclarator;
import java.util.stream.Collectors;

/** Names the member of a class that holds a piece of source, as a finding names it. */
final class SourceMembers {
  private SourceMembers() {}

  /**
   * The member of {@code classNode} holding {@code node}, as bytecode names it, so that every
   * engine spells a member one way: {@code name(java.lang.String, byte[])} with erased, qualified
   * parameter types, {@code <init>(...)}, {@code <clinit>()}, or the field whose initializer
   * holds it; empty for the class itself.
   */
  static String memberOf(Node node, Node classNode, SourceTypeNames names) {
    for (Node n = node; n != null && n != classNode; n = n.getParentNode().orElse(null)) {
      if (n instanceof CallableDeclaration<?> callable) {
        String parameters = callable.getParameters().stream()
            .map(parameter -> parameterType(parameter, names))
            .collect(Collectors.joining(", ", "(", ")"));
        return (callable instanceof ConstructorDeclaration ? "<init>" : callable.getNameAsString())
            + parameters;
      }
      if (n instanceof VariableDeclarator field
          && field.getParentNode().orElse(null) instanceof FieldDeclaration) {
        return field.getNameAsString();
      }
      if (n instanceof InitializerDeclaration initializer) {
        return initializer.isStatic() ? "<clinit>()" : "<init>()";
      }
    }
    return "";
  }

  private static String parameterType(Parameter parameter, SourceTypeNames names) {
    return names.erasedName(parameter.getType(), parameter) + (parameter.isVarArgs() ? "[]" : "");
  }
}
