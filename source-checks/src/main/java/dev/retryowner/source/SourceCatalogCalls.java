package dev.retryowner.source;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.DataKey;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.type.Type;
import dev.retryowner.catalog.CatalogEntry;
import dev.retryowner.catalog.CatalogMethods;
import dev.retryowner.source.SourceVariables.Variable;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Finds the calls of one catalog method list (the delay calls, the re-sending calls) in one source
 * file without a symbol solver: the receiver's type comes from the declaration of the variable,
 * parameter or field it names (a declared simple name may also be a member type inherited from a
 * supertype of an enclosing class), or the receiver is a type name ({@code Thread.sleep}) or an
 * enum constant of one ({@code TimeUnit.SECONDS.sleep}). An unqualified call is a statically
 * imported method or one inherited from {@code Object} ({@code wait}) unless the file declares a
 * method of that name. Where the file's bytecode is known, the owner javac compiled a call of
 * that name on that line with comes first ({@link CompiledCalls}): it also covers receivers that
 * are call results and lambda parameters whose type is not written, which the source alone
 * does not resolve.
 */
final class SourceCatalogCalls {
  private static final String OBJECT = "java.lang.Object";
  /** A file's method declarations by name, kept on its tree for every lookup of every instance. */
  private static final DataKey<Map<String, List<MethodDeclaration>>> DECLARED_METHODS =
      new DataKey<>() {};

  private final CatalogMethods methods;
  private final SourceTypeNames names;
  private final TypeRelations relations;
  private final CompilationUnit unit;
  private final CompiledCalls compiled;
  private final Set<String> methodNames;

  SourceCatalogCalls(CatalogMethods methods, SourceTypeNames names, TypeRelations relations,
      CompilationUnit unit, CompiledCalls compiled) {
    this.methods = methods;
    this.names = names;
    this.relations = relations;
    this.unit = unit;
    this.compiled = compiled;
    this.methodNames = methods.methodNames();
  }

  /** The catalog entry if {@code expression} is a call of one of the listed methods. */
  Optional<CatalogEntry> entry(Expression expression) {
    if (!(expression instanceof MethodCallExpr call)
        || !methodNames.contains(call.getNameAsString())) {
      return Optional.empty();
    }
    String method = call.getNameAsString();
    Set<String> owners = compiled.owners(InstructionLines.of(call), method);
    for (String owner : owners.isEmpty() ? ownerCandidates(call) : owners) {
      for (String type : relations.selfAndSupertypes(owner)) {
        Optional<CatalogEntry> entry = methods.method(type, method);
        if (entry.isPresent()) {
          return entry;
        }
      }
    }
    return Optional.empty();
  }

  /**
   * A listed call directly in the body of a method this file declares with the name and argument
   * count of {@code call} (a helper one call deep).
   */
  Optional<CatalogEntry> inHelper(MethodCallExpr call) {
    boolean ownReceiver = call.getScope().isEmpty()
        || call.getScope().get() instanceof ThisExpr;
    if (!ownReceiver) {
      return Optional.empty();
    }
    for (MethodDeclaration helper : declaredMethods(call.getNameAsString())) {
      if (helper.getParameters().size() != call.getArguments().size()) {
        continue;
      }
      Optional<CatalogEntry> entry = helper.getBody().flatMap(body -> body
          .findAll(MethodCallExpr.class).stream().map(this::entry).flatMap(Optional::stream)
          .findFirst());
      if (entry.isPresent()) {
        return entry;
      }
    }
    return Optional.empty();
  }

  private List<MethodDeclaration> declaredMethods(String name) {
    if (!unit.containsData(DECLARED_METHODS)) {
      unit.setData(DECLARED_METHODS, unit.findAll(MethodDeclaration.class).stream()
          .collect(Collectors.groupingBy(MethodDeclaration::getNameAsString)));
    }
    return unit.getData(DECLARED_METHODS).getOrDefault(name, List.of());
  }

  private Set<String> ownerCandidates(MethodCallExpr call) {
    Set<String> owners = new LinkedHashSet<>();
    if (call.getScope().isEmpty()) {
      if (declaredMethods(call.getNameAsString()).isEmpty()) {
        owners.addAll(names.staticImportOwners(call.getNameAsString(), call));
        owners.add(OBJECT);
      }
      return owners;
    }
    Expression scope = call.getScope().get();
    Optional<Type> declared = declaredType(scope);
    if (declared.isPresent()) {
      Type type = declared.get();
      String written = type.isClassOrInterfaceType()
          ? type.asClassOrInterfaceType().getNameWithScope() : type.asString();
      owners.addAll(names.candidates(written, call));
      owners.addAll(inheritedMemberTypes(written, call));
      return owners;
    }
    if (scope instanceof NameExpr || scope instanceof FieldAccessExpr) {
      String written = scope.toString();
      owners.addAll(names.candidates(written, call));
      if (scope instanceof FieldAccessExpr constant) {
        owners.addAll(names.candidates(constant.getScope().toString(), call));
      }
    }
    return owners;
  }

  /**
   * The member types of the enclosing classes' supertypes that {@code written} can name: inside
   * a class implementing {@code a.Outer}, {@code Inner} may be {@code a.Outer$Inner}. The
   * supertypes come from the bytecode relations.
   */
  private Set<String> inheritedMemberTypes(String written, Node place) {
    Set<String> candidates = new LinkedHashSet<>();
    for (Node type = SourceTypeNames.closestClass(place); type != null;
        type = type.getParentNode().map(SourceTypeNames::closestClass).orElse(null)) {
      names.binaryName(type).ifPresent(self -> relations.selfAndSupertypes(self).stream()
          .filter(supertype -> !supertype.equals(self))
          .forEach(supertype -> candidates.add(supertype + "$" + written.replace('.', '$'))));
    }
    return candidates;
  }

  /**
   * The declared type of the variable, parameter or field {@code scope} reads, if any: a name,
   * a field of this class or of an enclosing one ({@code this.timer}, {@code Outer.this.timer}),
   * or a field of a field whose type this file declares ({@code this.manager.timer}). A lambda
   * parameter without a written type has none.
   */
  private Optional<Type> declaredType(Expression scope) {
    if (scope instanceof NameExpr name) {
      return SourceVariables.find(name.getNameAsString(), name).map(Variable::type)
          .filter(type -> !type.isUnknownType());
    }
    if (!(scope instanceof FieldAccessExpr field)) {
      return Optional.empty();
    }
    Optional<TypeDeclaration<?>> owner;
    if (field.getScope() instanceof ThisExpr self) {
      owner = self.getTypeName().isEmpty()
          ? Optional.ofNullable(SourceTypeNames.closestClass(field))
              .filter(TypeDeclaration.class::isInstance).map(t -> (TypeDeclaration<?>) t)
          : enclosingType(field, self.getTypeName().get().getIdentifier());
    } else {
      owner = declaredType(field.getScope()).filter(Type::isClassOrInterfaceType)
          .map(type -> type.asClassOrInterfaceType().getName().getIdentifier())
          .flatMap(this::typeDeclaredHere);
    }
    return owner.flatMap(type -> SourceVariables.field(type, field.getNameAsString()))
        .map(Variable::type);
  }

  private static Optional<TypeDeclaration<?>> enclosingType(Node place, String simpleName) {
    for (Node node = place; node != null; node = node.getParentNode().orElse(null)) {
      if (node instanceof TypeDeclaration<?> type && type.getNameAsString().equals(simpleName)) {
        return Optional.of(type);
      }
    }
    return Optional.empty();
  }

  private Optional<TypeDeclaration<?>> typeDeclaredHere(String simpleName) {
    return unit.findAll(TypeDeclaration.class).stream()
        .filter(type -> type.getNameAsString().equals(simpleName))
        .<TypeDeclaration<?>>map(type -> type).findFirst();
  }
}
