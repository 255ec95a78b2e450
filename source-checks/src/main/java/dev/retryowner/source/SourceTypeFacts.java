package dev.retryowner.source;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.type.Type;
import com.github.javaparser.ast.type.WildcardType;
import dev.retryowner.catalog.shape.Code.TypeFact;
import dev.retryowner.catalog.shape.FailureReading;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Whether a value holds a failure, read without a symbol solver: a variable's declared type, a
 * method's declared return type, and the type of an untyped lambda parameter taken from the
 * method the lambda is handed to, either declared in this file or, for a JDK method, the owner
 * javac compiled the call with ({@link CompiledCalls}). A lambda's parameter is taken to have the
 * type argument at its place of the parameter type it is handed to ({@code Function<Throwable,
 * R>}, {@code BiConsumer<T, Throwable>}), as the JDK's functional interfaces declare them.
 */
final class SourceTypeFacts {
  private final SourceTypeNames names;
  private final TypeRelations relations;
  private final CompilationUnit unit;
  private final CompiledCalls compiled;
  /** The file's method declarations by name, collected when first asked for. */
  private Map<String, List<MethodDeclaration>> declaredMethods;

  SourceTypeFacts(SourceTypeNames names, TypeRelations relations, CompilationUnit unit,
      CompiledCalls compiled) {
    this.names = names;
    this.relations = relations;
    this.unit = unit;
    this.compiled = compiled;
  }

  /** What is known of the type of the variable {@code name} refers to. */
  TypeFact ofName(NameExpr name) {
    return SourceVariables.find(name.getNameAsString(), name).map(variable ->
        variable.declaration() instanceof Parameter parameter && parameter.getType()
            .isUnknownType() && parameter.getParentNode().orElse(null) instanceof LambdaExpr lambda
            ? ofLambdaParameter(lambda, lambda.getParameters().indexOf(parameter))
            : ofType(variable.type(), variable.declaration()))
        .orElse(TypeFact.UNKNOWN);
  }

  /** What is known of the type a call returns: that of a method this file declares. */
  TypeFact ofCall(MethodCallExpr call) {
    List<MethodDeclaration> declared = declared(call);
    return declared.size() == 1 ? ofType(declared.get(0).getType(), declared.get(0))
        : TypeFact.UNKNOWN;
  }

  /** What is known of the type of the lambda's parameter at {@code index}. */
  TypeFact ofLambdaParameter(LambdaExpr lambda, int index) {
    Type written = lambda.getParameter(index).getType();
    if (!written.isUnknownType()) {
      return ofType(written, lambda);
    }
    if (!(lambda.getParentNode().orElse(null) instanceof MethodCallExpr call)) {
      return TypeFact.UNKNOWN;
    }
    int argument = call.getArguments().indexOf(lambda);
    List<MethodDeclaration> declared = declared(call);
    if (declared.size() == 1) {
      Type target = declared.get(0).getParameter(argument).getType();
      return target instanceof ClassOrInterfaceType generic
          ? generic.getTypeArguments().filter(arguments -> index < arguments.size())
              .map(arguments -> ofType(bound(arguments.get(index)), declared.get(0)))
              .orElse(TypeFact.UNKNOWN)
          : TypeFact.UNKNOWN;
    }
    Set<String> owners = compiled.owners(InstructionLines.of(call), call.getNameAsString());
    return owners.size() == 1 ? ofPlatformParameter(owners.iterator().next(), call, argument,
        index) : TypeFact.UNKNOWN;
  }

  /** The methods this file declares with the name and argument count of {@code call}. */
  private List<MethodDeclaration> declared(MethodCallExpr call) {
    if (declaredMethods == null) {
      declaredMethods = unit.findAll(MethodDeclaration.class).stream()
          .collect(Collectors.groupingBy(MethodDeclaration::getNameAsString));
    }
    return declaredMethods.getOrDefault(call.getNameAsString(), List.of()).stream()
        .filter(method -> method.getParameters().size() == call.getArguments().size()).toList();
  }

  /**
   * What is known of a written type: a failure if the relations see it extend Throwable, other
   * if they know its supertypes and Throwable is not among them; a failure by its name's suffix
   * only when nothing is known of it.
   */
  private TypeFact ofType(Type type, Node place) {
    if (type.isUnknownType() || type.isVarType()) {
      return TypeFact.UNKNOWN;
    }
    if (!type.isClassOrInterfaceType()) {
      return TypeFact.OTHER;
    }
    String binary = names.erasedName(type, place);
    Set<String> supertypes = relations.selfAndSupertypes(binary);
    if (supertypes.contains(FailureReading.FAILURE_ROOT)) {
      return TypeFact.FAILURE;
    }
    if (supertypes.size() > 1 || binary.equals(Object.class.getName())) {
      return TypeFact.OTHER;
    }
    return FailureReading.isFailureType(binary) ? TypeFact.FAILURE : TypeFact.UNKNOWN;
  }

  /** {@code ? super T} and {@code ? extends T}: {@code T}; any other type as it is. */
  private static Type bound(Type type) {
    if (type instanceof WildcardType wildcard) {
      return wildcard.getSuperType().map(Type.class::cast)
          .or(() -> wildcard.getExtendedType().map(Type.class::cast)).orElse(type);
    }
    return type;
  }

  /**
   * The lambda parameter's type from the generic signature of a platform method the call was
   * compiled against ({@code CompletableFuture#exceptionally(Function<Throwable, ? extends T>)}).
   */
  private static TypeFact ofPlatformParameter(String owner, MethodCallExpr call, int argument,
      int index) {
    Class<?> type;
    try {
      type = Class.forName(owner, false, ClassLoader.getPlatformClassLoader());
    } catch (ClassNotFoundException e) {
      return TypeFact.UNKNOWN;
    }
    Optional<java.lang.reflect.Type> parameter = List.of(type.getMethods()).stream()
        .filter(m -> m.getName().equals(call.getNameAsString())
            && m.getParameterCount() == call.getArguments().size())
        .map(Method::getGenericParameterTypes).map(types -> types[argument])
        .filter(ParameterizedType.class::isInstance).findFirst();
    if (parameter.isEmpty()) {
      return TypeFact.UNKNOWN;
    }
    java.lang.reflect.Type[] arguments =
        ((ParameterizedType) parameter.get()).getActualTypeArguments();
    if (index >= arguments.length) {
      return TypeFact.UNKNOWN;
    }
    java.lang.reflect.Type at = arguments[index];
    if (at instanceof java.lang.reflect.WildcardType wildcard) {
      at = wildcard.getLowerBounds().length > 0 ? wildcard.getLowerBounds()[0]
          : wildcard.getUpperBounds()[0];
    }
    return at instanceof Class<?> resolved
        ? Throwable.class.isAssignableFrom(resolved) ? TypeFact.FAILURE : TypeFact.OTHER
        : TypeFact.UNKNOWN;
  }
}
