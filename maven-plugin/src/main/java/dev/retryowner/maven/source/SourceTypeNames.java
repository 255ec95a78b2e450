package dev.retryowner.maven.source;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.TypeDeclaration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns a type name as written in one compilation unit into the binary names it can stand for,
 * the way javac scopes names: member types of the enclosing classes, single-type imports, the
 * same package, on-demand imports, {@code java.lang}. Without a symbol solver a written name
 * may stand for several candidates (e.g. {@code a.b.C} is {@code a.b.C} or {@code a.b$C}); the
 * caller asks whether any of them is the catalog target, so a simple name never matches on its
 * own.
 */
final class SourceTypeNames {
  private final String packageName;
  private final Map<String, String> singleImports = new HashMap<>();
  private final List<String> onDemandImports = new ArrayList<>();
  private final Map<TypeDeclaration<?>, String> binaryNames = new HashMap<>();
  private final TypeRelations relations;

  SourceTypeNames(CompilationUnit unit, TypeRelations relations) {
    this.relations = relations;
    this.packageName = unit.getPackageDeclaration().map(p -> p.getNameAsString()).orElse("");
    for (ImportDeclaration imported : unit.getImports()) {
      String name = imported.getNameAsString();
      if (imported.isAsterisk()) {
        if (!imported.isStatic()) {
          onDemandImports.add(name);
        }
      } else {
        singleImports.putIfAbsent(name.substring(name.lastIndexOf('.') + 1), name);
      }
    }
    for (TypeDeclaration<?> type : unit.getTypes()) {
      index(type, packageName.isEmpty() ? type.getNameAsString()
          : packageName + "." + type.getNameAsString());
    }
  }

  private void index(TypeDeclaration<?> type, String binaryName) {
    binaryNames.put(type, binaryName);
    for (var member : type.getMembers()) {
      if (member instanceof TypeDeclaration<?> nested) {
        index(nested, binaryName + "$" + nested.getNameAsString());
      }
    }
  }

  String packageName() {
    return packageName;
  }

  /** The binary names {@code writtenName}, written at {@code place}, can stand for. */
  Set<String> candidates(String writtenName, Node place) {
    String[] segments = writtenName.split("\\.");
    String rest = segments.length == 1 ? ""
        : "$" + String.join("$", List.of(segments).subList(1, segments.length));
    Set<String> candidates = new LinkedHashSet<>();
    for (String first : simpleNameCandidates(segments[0], place)) {
      candidates.add(first + rest);
    }
    if (segments.length > 1) {
      candidates.addAll(qualifiedVariants(writtenName));
    }
    return candidates;
  }

  private Set<String> simpleNameCandidates(String simpleName, Node place) {
    for (Node node = place; node != null; node = node.getParentNode().orElse(null)) {
      if (node instanceof TypeDeclaration<?> type && binaryNames.containsKey(type)) {
        String binaryName = binaryNames.get(type);
        if (type.getNameAsString().equals(simpleName)) {
          return Set.of(binaryName);
        }
        boolean declaresMember = type.getMembers().stream().anyMatch(
            m -> m instanceof TypeDeclaration<?> t && t.getNameAsString().equals(simpleName));
        if (declaresMember) {
          return Set.of(binaryName + "$" + simpleName);
        }
      }
    }
    String imported = singleImports.get(simpleName);
    if (imported != null) {
      return qualifiedVariants(imported);
    }
    String samePackage = packageName.isEmpty() ? simpleName : packageName + "." + simpleName;
    boolean declaredHere = binaryNames.containsValue(samePackage);
    if (declaredHere || relations.isCheckedClass(samePackage)) {
      return Set.of(samePackage);
    }
    Set<String> candidates = new LinkedHashSet<>();
    candidates.add(samePackage);
    for (String onDemand : onDemandImports) {
      candidates.addAll(qualifiedVariants(onDemand + "." + simpleName));
    }
    candidates.add("java.lang." + simpleName);
    return candidates;
  }

  /** {@code a.b.C.D} → {@code a.b.C.D}, {@code a.b.C$D}, {@code a.b$C$D}, {@code a$b$C$D}. */
  private static Set<String> qualifiedVariants(String qualifiedName) {
    String[] segments = qualifiedName.split("\\.");
    Set<String> variants = new LinkedHashSet<>();
    for (int packageEnd = segments.length - 1; packageEnd >= 0; packageEnd--) {
      String pkg = String.join(".", List.of(segments).subList(0, packageEnd));
      String types = String.join("$", List.of(segments).subList(packageEnd, segments.length));
      variants.add(pkg.isEmpty() ? types : pkg + "." + types);
    }
    return variants;
  }
}
