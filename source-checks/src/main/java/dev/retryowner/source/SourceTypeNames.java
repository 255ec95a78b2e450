package dev.retryowner.source;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.nodeTypes.NodeWithStatements;
import com.github.javaparser.ast.nodeTypes.NodeWithTypeParameters;
import com.github.javaparser.ast.stmt.LocalClassDeclarationStmt;
import com.github.javaparser.ast.stmt.LocalRecordDeclarationStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.type.ArrayType;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.type.Type;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Turns a type name as written in one compilation unit into the binary names it can stand for,
 * the way javac scopes names: type variables, local classes, member types of the enclosing
 * classes, single-type imports, the same package, on-demand imports, {@code java.lang}. A type
 * variable stands for no class at all. Without a symbol solver a written name may stand for
 * several candidates (e.g. {@code a.b.C} is {@code a.b.C} or {@code a.b$C}); the caller asks
 * whether any of them is the catalog target, so a simple name never matches on its own.
 */
final class SourceTypeNames {
  private final String packageName;
  private final Map<String, String> singleImports = new HashMap<>();
  private final List<String> onDemandImports = new ArrayList<>();
  private final List<String> singleStaticImports = new ArrayList<>();
  private final List<String> onDemandStaticImports = new ArrayList<>();
  /**
   * By identity: JavaParser's equals and hashCode compare and hash whole subtrees, which made each
   * lookup walk a class body and would take two equal nested classes of different outer classes
   * for one.
   */
  private final Map<TypeDeclaration<?>, String> binaryNames = new IdentityHashMap<>();
  private final TypeRelations relations;

  SourceTypeNames(CompilationUnit unit, TypeRelations relations) {
    this.relations = relations;
    this.packageName = unit.getPackageDeclaration().map(p -> p.getNameAsString()).orElse("");
    for (ImportDeclaration imported : unit.getImports()) {
      String name = imported.getNameAsString();
      if (imported.isAsterisk()) {
        (imported.isStatic() ? onDemandStaticImports : onDemandImports).add(name);
      } else {
        // A single static import may name a static member type as well as fields and methods.
        singleImports.putIfAbsent(name.substring(name.lastIndexOf('.') + 1), name);
        if (imported.isStatic()) {
          singleStaticImports.add(name);
        }
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

  /**
   * The erased type as bytecode names it ({@code java.util.function.Supplier},
   * {@code byte[]}, {@code java.lang.Object} for a type variable): of the names {@code type} can
   * stand for, the one a known class has, else a {@code java.lang} class the platform has, else
   * the first.
   */
  String erasedName(Type type, Node place) {
    if (type instanceof ArrayType array) {
      return erasedName(array.getComponentType(), place) + "[]";
    }
    if (!(type instanceof ClassOrInterfaceType classType)) {
      return type.asString();
    }
    String written = classType.getNameWithScope();
    Set<String> candidates = candidates(written, place);
    if (candidates.isEmpty()) {
      return "java.lang.Object";
    }
    return candidates.stream().filter(c -> relations.knownTypes().contains(c)
            || relations.isCheckedClass(c)).findFirst()
        .or(() -> candidates.stream().filter(SourceTypeNames::isPlatformLangClass).findFirst())
        .orElse(candidates.iterator().next());
  }

  private static boolean isPlatformLangClass(String binaryName) {
    if (!binaryName.startsWith("java.lang.") || binaryName.indexOf('.', 10) >= 0) {
      return false;
    }
    try {
      Class.forName(binaryName, false, ClassLoader.getPlatformClassLoader());
      return true;
    } catch (ClassNotFoundException e) {
      return false;
    }
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
    Node child = place;
    for (Node node = place; node != null; child = node, node = node.getParentNode().orElse(null)) {
      if (declaresTypeVariable(node, simpleName)) {
        return Set.of();
      }
      if (node instanceof NodeWithStatements<?> block) {
        Optional<TypeDeclaration<?>> local = localClassBefore(block, child, simpleName);
        if (local.isPresent()) {
          return binaryName(local.get()).map(Set::of).orElse(Set.of());
        }
      }
      if (isClass(node)) {
        Optional<String> binaryName = binaryName(node);
        if (node instanceof TypeDeclaration<?> type && type.getNameAsString().equals(simpleName)) {
          return binaryName.map(Set::of).orElse(Set.of());
        }
        boolean declaresMember = membersOf(node).stream().anyMatch(
            m -> m instanceof TypeDeclaration<?> t && t.getNameAsString().equals(simpleName));
        if (declaresMember) {
          return binaryName.map(name -> Set.of(name + "$" + simpleName)).orElse(Set.of());
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

  /**
   * The binary names of the classes a static member used by its simple name may be imported
   * from: those of the single static imports of that name, else those of every on-demand static
   * import (a single import shadows on-demand ones). The caller checks first that no variable or
   * method of the enclosing code has that name.
   */
  Set<String> staticImportOwners(String memberName, Node place) {
    Set<String> owners = new LinkedHashSet<>();
    for (String imported : singleStaticImports) {
      if (imported.endsWith("." + memberName)) {
        owners.addAll(candidates(imported.substring(0, imported.lastIndexOf('.')), place));
      }
    }
    if (owners.isEmpty()) {
      onDemandStaticImports.forEach(imported -> owners.addAll(candidates(imported, place)));
    }
    return owners;
  }

  /** The type this file declares with that binary name, if any (nested types included). */
  Optional<TypeDeclaration<?>> declaration(String binaryName) {
    return binaryNames.entrySet().stream().filter(e -> e.getValue().equals(binaryName))
        .<TypeDeclaration<?>>map(Map.Entry::getKey).findFirst();
  }

  /**
   * The class types a declared type names: the type itself, type arguments, wildcard bounds,
   * array elements, union and intersection alternatives; not the scopes of qualified names
   * ({@code Outer} in {@code Outer.Inner}).
   */
  static List<ClassOrInterfaceType> classTypesIn(Type declared) {
    return declared.findAll(ClassOrInterfaceType.class, t -> !isScopeOfParent(t));
  }

  private static boolean isScopeOfParent(ClassOrInterfaceType type) {
    return type.getParentNode().orElse(null) instanceof ClassOrInterfaceType parent
        && parent.getScope().filter(scope -> scope == type).isPresent();
  }

  /**
   * The binary name javac gives a class-like node: {@code Outer$Inner} for member types,
   * {@code Outer$1Local} for local classes and {@code Outer$1} for anonymous classes, numbered in
   * source order per directly enclosing class as javac does; empty if the node is no class.
   */
  Optional<String> binaryName(Node classNode) {
    if (classNode instanceof TypeDeclaration<?> type && binaryNames.containsKey(type)) {
      return Optional.of(binaryNames.get(type));
    }
    Node parent = classNode.getParentNode().orElse(null);
    Node enclosing = parent == null ? null : closestClass(parent);
    if (enclosing == null || !isClass(classNode)) {
      return Optional.empty();
    }
    Optional<String> outer = binaryName(enclosing);
    if (classNode instanceof TypeDeclaration<?> type) {
      String name = type.getNameAsString();
      if (!isLocalClass(type)) {
        return outer.map(o -> o + "$" + name);
      }
      List<TypeDeclaration<?>> sameName = new ArrayList<>();
      enclosing.findAll(TypeDeclaration.class, t -> isLocalClass(t)
              && t.getNameAsString().equals(name)
              && closestClass(t.getParentNode().orElseThrow()) == enclosing)
          .forEach(sameName::add);
      int number = indexOf(sameName, type) + 1;
      return outer.map(o -> o + "$" + number + name);
    }
    List<ObjectCreationExpr> anonymous = new ArrayList<>(enclosing.findAll(
        ObjectCreationExpr.class, o -> o.getAnonymousClassBody().isPresent()
            && closestClass(o.getParentNode().orElseThrow()) == enclosing));
    int number = indexOf(anonymous, classNode) + 1;
    return outer.map(o -> o + "$" + number);
  }

  /** The nearest enclosing class-like node: a type declaration or an anonymous class. */
  static Node closestClass(Node node) {
    for (Node n = node; n != null; n = n.getParentNode().orElse(null)) {
      if (isClass(n)) {
        return n;
      }
    }
    return null;
  }

  private static boolean isClass(Node node) {
    return node instanceof TypeDeclaration<?>
        || node instanceof ObjectCreationExpr creation
            && creation.getAnonymousClassBody().isPresent();
  }

  static boolean isLocalClass(TypeDeclaration<?> type) {
    Node parent = type.getParentNode().orElse(null);
    return parent instanceof LocalClassDeclarationStmt
        || parent instanceof LocalRecordDeclarationStmt;
  }

  private static List<BodyDeclaration<?>> membersOf(Node classNode) {
    if (classNode instanceof TypeDeclaration<?> type) {
      return type.getMembers();
    }
    return ((ObjectCreationExpr) classNode).getAnonymousClassBody().orElseGet(NodeList::new);
  }

  /** Identity, not equality: two structurally equal nodes are still two declarations. */
  private static int indexOf(List<? extends Node> nodes, Node node) {
    for (int i = 0; i < nodes.size(); i++) {
      if (nodes.get(i) == node) {
        return i;
      }
    }
    return -1;
  }

  /** A type parameter of a generic class or method hides every type of that simple name. */
  private static boolean declaresTypeVariable(Node node, String simpleName) {
    return node instanceof NodeWithTypeParameters<?> generic && generic.getTypeParameters()
        .stream().anyMatch(p -> p.getNameAsString().equals(simpleName));
  }

  /**
   * A local class or record named {@code simpleName} declared in {@code block} before the
   * statement holding the name: its scope runs from its declaration to the end of the block.
   */
  private static Optional<TypeDeclaration<?>> localClassBefore(NodeWithStatements<?> block,
      Node child, String simpleName) {
    for (Statement statement : block.getStatements()) {
      if (statement == child) {
        break;
      }
      Optional<TypeDeclaration<?>> local = statement instanceof LocalClassDeclarationStmt c
          ? Optional.of(c.getClassDeclaration())
          : statement instanceof LocalRecordDeclarationStmt r
              ? Optional.of(r.getRecordDeclaration()) : Optional.empty();
      if (local.isPresent() && local.get().getNameAsString().equals(simpleName)) {
        return local;
      }
    }
    return Optional.empty();
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
