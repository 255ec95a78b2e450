package dev.retryowner.source;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.BooleanLiteralExpr;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.CharLiteralExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.IntegerLiteralExpr;
import com.github.javaparser.ast.expr.LongLiteralExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import com.github.javaparser.ast.expr.SuperExpr;
import com.github.javaparser.ast.expr.TextBlockLiteralExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.TypeExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.type.Type;
import dev.retryowner.catalog.ArgumentPattern;
import dev.retryowner.catalog.CallArgument;
import dev.retryowner.catalog.ClientCall;
import dev.retryowner.catalog.ClientRequirements;
import dev.retryowner.source.SourceVariables.Variable;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Describes the calls and constructions of one source file as {@link ClientRequirements} reads
 * them, without a symbol solver. A call's owner is the one javac compiled it with, when a class
 * compiled from the file is known ({@link CompiledCalls}). Otherwise a receiver's type is what
 * the source shows: a type name (a
 * static call, also through a static import), the declared type of a variable, parameter or field
 * of this file, with its supertypes from the compiled classes, or the type of an expression the
 * call is chained on. Builder methods are taken to be fluent: a call chained on a construction,
 * on a variable of known type or on a client-builder origin returns the receiver's type, and a
 * static origin ({@code Clients.custom()}) returns one of the types its catalog block configures
 * ({@link ClientRequirements#flowTypes}). Without compiled classes, a receiver that is the result
 * of any other call is not resolved, so such a call is not seen: the source engine then needs the
 * receiver's declared type or the builder's origin in view, where Error Prone sees every call.
 */
final class SourceClientCalls {
  private static final String STRING = "java.lang.String";

  private final ClientRequirements requirements;
  private final SourceTypeNames names;
  private final TypeRelations relations;
  private final CompiledCalls compiled;
  private final Map<Expression, Set<String>> types = new IdentityHashMap<>();

  SourceClientCalls(ClientRequirements requirements, SourceTypeNames names,
      TypeRelations relations, CompiledCalls compiled) {
    this.requirements = requirements;
    this.names = names;
    this.relations = relations;
    this.compiled = compiled;
  }

  /**
   * The call with its receiver's possible types and supertypes; empty if they are unknown. The
   * owner javac compiled a call of that name on that line with comes first, as a fact; the source
   * is read only where there is none.
   */
  Optional<ClientCall> call(MethodCallExpr call) {
    Set<String> owners = compiled.owners(InstructionLines.of(call), call.getNameAsString());
    if (owners.isEmpty()) {
      owners = call.getScope().isEmpty()
          ? unqualifiedOwners(call.getNameAsString(), call)
          : receiverTypes(call.getScope().get(), call);
    }
    if (owners.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(new ClientCall(List.copyOf(withSupertypes(owners)), call.getNameAsString(),
        call.getArguments().stream().map(this::argument).toList()));
  }

  /**
   * The construction, once for each catalog type the written name may stand for (a construction
   * names exactly one type, so each candidate is asked on its own).
   */
  List<ClientCall> constructions(ObjectCreationExpr creation) {
    List<CallArgument> arguments = creation.getArguments().stream().map(this::argument).toList();
    return constructedCandidates(creation.getType(), creation).stream()
        .map(type -> new ClientCall(List.of(type), "", arguments)).toList();
  }

  /**
   * A method or constructor reference as the calls it may stand for: the source does not show
   * which overload the functional interface picks, so one call for each argument count the
   * catalog knows, with arguments nobody can see (never constant, of any type).
   */
  List<ClientCall> reference(MethodReferenceExpr reference) {
    Expression scope = reference.getScope();
    boolean construction = reference.getIdentifier().equals("new");
    List<List<String>> owners = new ArrayList<>();
    if (construction) {
      if (scope instanceof TypeExpr type && type.getType() instanceof ClassOrInterfaceType c) {
        constructedCandidates(c, reference).forEach(t -> owners.add(List.of(t)));
      }
    } else {
      Set<String> types = scope instanceof TypeExpr type
          ? referencedTypes(writtenName(type.getType()), reference)
          : receiverTypes(scope, reference);
      if (!types.isEmpty()) {
        owners.add(List.copyOf(withSupertypes(types)));
      }
    }
    List<ClientCall> calls = new ArrayList<>();
    for (List<String> owner : owners) {
      for (int count = 0; count <= requirements.maxArguments(); count++) {
        List<CallArgument> unseen = new ArrayList<>();
        for (int i = 0; i < count; i++) {
          unseen.add(new CallArgument(Set.of(), Set.of(), "…"));
        }
        calls.add(new ClientCall(owner, construction ? "" : reference.getIdentifier(), unseen));
      }
    }
    return calls;
  }

  /**
   * The types an expression's value may have, as far as this file tells (without supertypes);
   * empty if unknown.
   */
  private Set<String> typeOf(Expression expression) {
    Expression e = unwrap(expression);
    Set<String> known = types.get(e);
    if (known == null) {
      known = computeTypeOf(e);
      types.put(e, known);
    }
    return known;
  }

  private Set<String> computeTypeOf(Expression e) {
    if (e instanceof ObjectCreationExpr creation) {
      return names.candidates(creation.getType().getNameWithScope(), creation);
    }
    if (e instanceof CastExpr cast) {
      return cast.getType() instanceof ClassOrInterfaceType type
          ? names.candidates(type.getNameWithScope(), cast) : Set.of();
    }
    if (e instanceof ThisExpr self && self.getTypeName().isPresent()) {
      return names.candidates(self.getTypeName().get().asString(), self);
    }
    if (e instanceof ThisExpr || e instanceof SuperExpr) {
      Node classNode = SourceTypeNames.closestClass(e);
      return classNode == null ? Set.of() : names.binaryName(classNode).map(Set::of)
          .orElse(Set.of());
    }
    Optional<Variable> variable = variableOf(e);
    if (variable.isPresent()) {
      return declaredType(variable.get());
    }
    if (e instanceof MethodCallExpr call) {
      Set<String> flowTypes = new LinkedHashSet<>();
      call(call).map(requirements::origins).orElse(List.of()).stream()
          .filter(entry -> !entry.memberName().isEmpty())
          .forEach(entry -> flowTypes.addAll(requirements.flowTypes(entry)));
      if (!flowTypes.isEmpty()) {
        return flowTypes;
      }
      Optional<Expression> scope = call.getScope().map(SourceClientCalls::unwrap);
      boolean fluent = scope.isPresent() && !(scope.get() instanceof ThisExpr)
          && !(scope.get() instanceof SuperExpr);
      return fluent ? typeOf(scope.get()) : Set.of();
    }
    return Set.of();
  }

  /** The types of a receiver: an expression's type, else the type a type name names. */
  private Set<String> receiverTypes(Expression scope, Node place) {
    Set<String> known = typeOf(scope);
    if (!known.isEmpty()) {
      return known;
    }
    return typeName(unwrap(scope)).map(name -> names.candidates(name, place)).orElse(Set.of());
  }

  /**
   * The owners of an unqualified method: the enclosing classes from the innermost one that
   * declares a method of that name (own and inherited methods), and, when none declares it, the
   * statically imported classes.
   */
  private Set<String> unqualifiedOwners(String method, Node place) {
    Set<String> owners = new LinkedHashSet<>();
    for (Node classNode = SourceTypeNames.closestClass(place); classNode != null;
        classNode = classNode.getParentNode().map(SourceTypeNames::closestClass).orElse(null)) {
      names.binaryName(classNode).ifPresent(owners::add);
      // The members of a type declaration or an anonymous class body are its child nodes.
      boolean declares = classNode.getChildNodes().stream()
          .anyMatch(m -> m instanceof MethodDeclaration d && d.getNameAsString().equals(method));
      if (declares) {
        return owners;
      }
    }
    owners.addAll(names.staticImportOwners(method, place));
    return owners;
  }

  private CallArgument argument(Expression argument) {
    String sourceText = argument.getTokenRange().map(Object::toString)
        .orElseGet(argument::toString);
    return new CallArgument(constantForms(argument), argumentTypes(argument), sourceText,
        argumentConstructions(argument));
  }

  /**
   * The construction an argument is, once for each type its written name may stand for, with
   * its own arguments; none for any other argument, nor for an anonymous subclass, whose body
   * may undo what the arguments say.
   */
  private List<ClientCall> argumentConstructions(Expression argument) {
    if (!(unwrap(argument) instanceof ObjectCreationExpr creation)
        || creation.getAnonymousClassBody().isPresent()) {
      return List.of();
    }
    List<CallArgument> arguments = creation.getArguments().stream().map(this::argument).toList();
    return names.candidates(creation.getType().getNameWithScope(), creation).stream()
        .map(type -> new ClientCall(List.of(type), "", arguments)).toList();
  }

  /**
   * The canonical constant forms of an argument: a boolean or integer literal (also through a
   * {@code final} variable initialized with one, as javac folds it), a static field or a static
   * call without arguments for each class its qualifier (or static import) may name; empty for
   * anything else.
   */
  private Set<String> constantForms(Expression argument) {
    Expression e = unwrap(argument);
    Optional<Object> literal = literalValue(e);
    if (literal.isPresent()) {
      return ArgumentPattern.canonical(literal.get()).map(Set::of).orElse(Set.of());
    }
    Optional<Variable> variable = variableOf(e);
    if (variable.isPresent()) {
      return constantOfVariable(variable.get());
    }
    Set<String> forms = new LinkedHashSet<>();
    if (e instanceof NameExpr name) {
      for (String owner : withSupertypes(names.staticImportOwners(name.getNameAsString(), e))) {
        forms.add(ArgumentPattern.staticField(owner, name.getNameAsString()));
      }
    } else if (e instanceof FieldAccessExpr field) {
      Set<String> owners = typeName(field.getScope())
          .map(written -> names.candidates(written, field)).orElse(Set.of());
      for (String owner : withSupertypes(owners)) {
        forms.add(ArgumentPattern.staticField(owner, field.getNameAsString()));
        names.declaration(owner)
            .flatMap(type -> SourceVariables.field(type, field.getNameAsString()))
            .ifPresent(constant -> forms.addAll(constantOfVariable(constant)));
      }
    } else if (e instanceof MethodCallExpr call && call.getArguments().isEmpty()) {
      Set<String> owners = call.getScope().isEmpty()
          ? unqualifiedOwners(call.getNameAsString(), call)
          : typeName(call.getScope().get()).map(written -> names.candidates(written, call))
              .orElse(Set.of());
      for (String owner : withSupertypes(owners)) {
        forms.add(ArgumentPattern.staticCall(owner, call.getNameAsString()));
      }
    }
    return forms;
  }

  private Set<String> constantOfVariable(Variable variable) {
    if (!variable.isFinal() || variable.initializer().isEmpty()) {
      return Set.of();
    }
    return literalValue(unwrap(variable.initializer().get()))
        .flatMap(ArgumentPattern::canonical).map(Set::of).orElse(Set.of());
  }

  /** A boolean or integer literal, possibly negated. */
  private static Optional<Object> literalValue(Expression e) {
    if (e instanceof BooleanLiteralExpr bool) {
      return Optional.of(bool.getValue());
    }
    if (e instanceof IntegerLiteralExpr || e instanceof LongLiteralExpr) {
      try {
        Number number = e instanceof IntegerLiteralExpr i ? i.asNumber()
            : ((LongLiteralExpr) e).asNumber();
        return Optional.of(number);
      } catch (NumberFormatException unreadable) {
        return Optional.empty();
      }
    }
    if (e instanceof UnaryExpr unary && (unary.getOperator() == UnaryExpr.Operator.MINUS
        || unary.getOperator() == UnaryExpr.Operator.PLUS)) {
      boolean negate = unary.getOperator() == UnaryExpr.Operator.MINUS;
      return literalValue(unwrap(unary.getExpression())).filter(Number.class::isInstance)
          .map(n -> negate ? (Object) Long.valueOf(-((Number) n).longValue()) : n);
    }
    return Optional.empty();
  }

  /**
   * The types an argument's value has, for telling overloads apart: literals, constructions,
   * casts and variables with a written type, with supertypes; empty (any type) otherwise.
   */
  private Set<String> argumentTypes(Expression argument) {
    Expression e = unwrap(argument);
    if (e instanceof StringLiteralExpr || e instanceof TextBlockLiteralExpr) {
      return withSupertypes(Set.of(STRING));
    }
    if (e instanceof BooleanLiteralExpr) {
      return Set.of("boolean");
    }
    if (e instanceof CharLiteralExpr) {
      return Set.of("char");
    }
    if (e instanceof IntegerLiteralExpr) {
      return Set.of("int");
    }
    if (e instanceof LongLiteralExpr) {
      return Set.of("long");
    }
    if (e instanceof ObjectCreationExpr || e instanceof CastExpr) {
      return withSupertypes(typeOf(e));
    }
    Optional<Variable> variable = variableOf(e);
    if (variable.isPresent()) {
      Type type = variable.get().type();
      if (type.isPrimitiveType()) {
        return Set.of(type.asString());
      }
      if (type.isVarType()) {
        return variable.get().initializer().map(this::argumentTypes).orElse(Set.of());
      }
      return withSupertypes(declaredType(variable.get()));
    }
    return Set.of();
  }

  /** The class types a variable's written type names; a {@code var} has its initializer's. */
  private Set<String> declaredType(Variable variable) {
    Type type = variable.type();
    if (type.isVarType()) {
      return variable.initializer().map(this::typeOf).orElse(Set.of());
    }
    return type instanceof ClassOrInterfaceType classType
        ? names.candidates(classType.getNameWithScope(), classType) : Set.of();
  }

  /** The variable a name or {@code this.name} reads, if this file declares it. */
  private static Optional<Variable> variableOf(Expression expression) {
    Expression e = unwrap(expression);
    if (e instanceof NameExpr name) {
      return SourceVariables.find(name.getNameAsString(), name);
    }
    if (e instanceof FieldAccessExpr field && field.getScope() instanceof ThisExpr self
        && self.getTypeName().isEmpty()
        && SourceTypeNames.closestClass(field) instanceof TypeDeclaration<?> type) {
      return SourceVariables.field(type, field.getNameAsString());
    }
    return Optional.empty();
  }

  /**
   * The type name an expression spells when it is no variable: {@code Clients} or
   * {@code com.acme.Clients}, as in {@code Clients.create()}.
   */
  private static Optional<String> typeName(Expression expression) {
    Expression leftmost = expression;
    while (leftmost instanceof FieldAccessExpr field) {
      leftmost = field.getScope();
    }
    boolean named = leftmost instanceof NameExpr name
        && SourceVariables.find(name.getNameAsString(), name).isEmpty();
    return named ? Optional.of(expression.toString()) : Optional.empty();
  }

  private Set<String> constructedCandidates(ClassOrInterfaceType type, Node place) {
    List<String> candidates = new ArrayList<>();
    for (String candidate : names.candidates(type.getNameWithScope(), place)) {
      if (requirements.constructedTypes().contains(candidate)) {
        candidates.add(candidate);
      }
    }
    return new LinkedHashSet<>(candidates);
  }

  /**
   * The types {@code written::method} refers to: JavaParser reads a variable before {@code ::}
   * as a type name too, so a name that is a variable of this file stands for its declared type.
   */
  private Set<String> referencedTypes(String written, Node place) {
    String[] segments = written.split("\\.");
    Optional<Variable> variable = SourceVariables.find(segments[0], place);
    if (variable.isEmpty()) {
      return names.candidates(written, place);
    }
    return segments.length == 1 ? declaredType(variable.get()) : Set.of();
  }

  private static String writtenName(Type type) {
    return type instanceof ClassOrInterfaceType classType ? classType.getNameWithScope()
        : type.asString();
  }

  private Set<String> withSupertypes(Set<String> types) {
    Set<String> all = new LinkedHashSet<>();
    types.forEach(type -> all.addAll(relations.selfAndSupertypes(type)));
    return all;
  }

  private static Expression unwrap(Expression expression) {
    Expression e = expression;
    while (e instanceof EnclosedExpr enclosed) {
      e = enclosed.getInner();
    }
    return e;
  }
}
