package dev.retryowner.errorprone;

import com.google.errorprone.util.ASTHelpers;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.TreePath;
import com.sun.tools.javac.code.Symbol;
import com.sun.tools.javac.code.Symbol.ClassSymbol;
import com.sun.tools.javac.code.Symbol.MethodSymbol;
import com.sun.tools.javac.code.Symbol.VarSymbol;
import com.sun.tools.javac.code.Types;
import dev.retryowner.catalog.Exemption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ElementKind;

/**
 * {@code @RetryOwnerExempt} as javac sees it. An exemption covers, for Error Prone, the code
 * lexically inside the annotated declaration: walking up from a match to the compilation unit
 * passes every enclosing class, method, constructor and field, and through them lambdas and
 * local and anonymous classes, exactly the coverage the annotation documents.
 */
final class JavacExemptions {
  private JavacExemptions() {}

  /** True if a valid exemption naming {@code rule} sits on a declaration around {@code path}. */
  static boolean exempts(String rule, TreePath path, Types types) {
    for (TreePath p = path; p != null; p = p.getParentPath()) {
      Optional<Symbol> declared = declaration(p.getLeaf());
      if (declared.isPresent() && on(declared.get(), types).stream()
          .anyMatch(e -> e.rule().equals(rule) && e.problem(Set.of()).isEmpty())) {
        return true;
      }
    }
    return false;
  }

  /** The exemptions on a declaration, repeated ones unpacked from their container. */
  static List<Exemption> on(Symbol declared, Types types) {
    List<Exemption> exemptions = new ArrayList<>();
    for (AnnotationMirror annotation : declared.getAnnotationMirrors()) {
      String type = binaryName(annotation);
      if (type.equals(Exemption.ANNOTATION)) {
        exemptions.add(of(annotation, declared, types));
      } else if (type.equals(Exemption.CONTAINER)) {
        for (AnnotationValue repeated : values(annotation)) {
          exemptions.add(of((AnnotationMirror) repeated.getValue(), declared, types));
        }
      }
    }
    return exemptions;
  }

  /** The exemption one {@code @RetryOwnerExempt} mirror states. */
  static Exemption of(AnnotationMirror annotation, Symbol declared, Types types) {
    String rule = stringOf(annotation, "rule");
    String reason = stringOf(annotation, "reason");
    ClassSymbol owner = declared instanceof ClassSymbol type ? type : declared.enclClass();
    return new Exemption(rule, reason, owner.flatName().toString(), member(declared, types));
  }

  /** The declared symbol of a class, method, constructor or field tree. */
  private static Optional<Symbol> declaration(Tree tree) {
    if (tree instanceof ClassTree type) {
      return Optional.ofNullable(ASTHelpers.getSymbol(type));
    }
    if (tree instanceof MethodTree method) {
      return Optional.ofNullable(ASTHelpers.getSymbol(method));
    }
    if (tree instanceof VariableTree variable) {
      VarSymbol symbol = ASTHelpers.getSymbol(variable);
      return symbol != null && symbol.getKind() == ElementKind.FIELD
          ? Optional.of(symbol) : Optional.empty();
    }
    return Optional.empty();
  }

  /** How findings name a member: field name, or method name with erased parameter types. */
  private static String member(Symbol declared, Types types) {
    if (declared instanceof MethodSymbol method) {
      return method.getSimpleName() + method.getParameters().stream()
          .map(p -> types.erasure(p.type).tsym.flatName().toString())
          .collect(Collectors.joining(", ", "(", ")"));
    }
    return declared instanceof VarSymbol ? declared.getSimpleName().toString() : "";
  }

  private static String binaryName(AnnotationMirror annotation) {
    return ((ClassSymbol) annotation.getAnnotationType().asElement()).flatName().toString();
  }

  /** An element's string value; empty when javac kept none (the compile reports that). */
  private static String stringOf(AnnotationMirror annotation, String name) {
    return valueOf(annotation, name).map(AnnotationValue::getValue)
        .filter(String.class::isInstance).map(String.class::cast).orElse("");
  }

  private static Optional<AnnotationValue> valueOf(AnnotationMirror annotation, String name) {
    return annotation.getElementValues().entrySet().stream()
        .filter(entry -> entry.getKey().getSimpleName().contentEquals(name))
        .map(entry -> (AnnotationValue) entry.getValue()).findFirst();
  }

  /** The repeated annotations a container holds. */
  private static List<AnnotationValue> values(AnnotationMirror container) {
    Object value = valueOf(container, "value").map(AnnotationValue::getValue).orElse(List.of());
    List<AnnotationValue> values = new ArrayList<>();
    if (value instanceof List<?> list) {
      list.forEach(item -> values.add((AnnotationValue) item));
    }
    return values;
  }
}
