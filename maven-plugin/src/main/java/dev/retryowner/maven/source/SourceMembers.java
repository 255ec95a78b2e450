package dev.retryowner.maven.source;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.InitializerDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;

/** Names the member of a class that holds a piece of source, as a finding names it. */
final class SourceMembers {
  private SourceMembers() {}

  /**
   * The member of {@code classNode} holding {@code node}, as bytecode names it:
   * {@code name(Written, Types)}, {@code <init>(...)}, {@code <clinit>()}, or the field whose
   * initializer holds it; empty for the class itself.
   */
  static String memberOf(Node node, Node classNode) {
    for (Node n = node; n != null && n != classNode; n = n.getParentNode().orElse(null)) {
      if (n instanceof CallableDeclaration<?> callable) {
        String signature = callable.getSignature().asString();
        return callable instanceof ConstructorDeclaration
            ? "<init>" + signature.substring(signature.indexOf('(')) : signature;
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
}
