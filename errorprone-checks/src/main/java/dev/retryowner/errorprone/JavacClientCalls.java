package dev.retryowner.errorprone;

import com.google.errorprone.VisitorState;
import com.google.errorprone.util.ASTHelpers;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.MemberReferenceTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.tree.Tree;
import com.sun.tools.javac.code.Symbol;
import com.sun.tools.javac.code.Symbol.ClassSymbol;
import com.sun.tools.javac.code.Symbol.MethodSymbol;
import com.sun.tools.javac.code.Symbol.VarSymbol;
import com.sun.tools.javac.code.Type;
import com.sun.tools.javac.code.Type.ArrayType;
import com.sun.tools.javac.code.Types;
import dev.retryowner.catalog.ArgumentPattern;
import dev.retryowner.catalog.CallArgument;
import dev.retryowner.catalog.ClientCall;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.ElementKind;

/**
 * Describes javac's calls and constructions as {@link ClientCall}s, in the binary names the
 * catalog uses: the receiver's type with its supertypes, and each argument's constant forms,
 * declared parameter type and, for a {@code new T(..)} argument, that construction.
 */
final class JavacClientCalls {
  private JavacClientCalls() {}

  /** A method call: owners are the receiver's type (a static method's class) and supertypes. */
  static ClientCall call(MethodInvocationTree tree, MethodSymbol method, VisitorState state) {
    Type receiver = ASTHelpers.getReceiverType(tree);
    ClassSymbol owner = receiver != null
        && state.getTypes().erasure(receiver).tsym instanceof ClassSymbol c
        ? c : (ClassSymbol) method.owner;
    return new ClientCall(CatalogLookup.typeAndSupertypes(owner, state.getTypes()),
        method.getSimpleName().toString(), arguments(tree.getArguments(), method, state));
  }

  /**
   * A construction: owners are the type written after {@code new} (also for an anonymous
   * subclass, which runs that type's constructor) and its supertypes.
   */
  static ClientCall construction(NewClassTree tree, MethodSymbol constructor,
      VisitorState state) {
    return new ClientCall(CatalogLookup.typeAndSupertypes(constructedType(tree), state.getTypes()), "",
        arguments(tree.getArguments(), constructor, state));
  }

  /**
   * A method or constructor reference, as the call it stands for: owners as for a call (the
   * qualifier's type), one argument per parameter of the referenced method, never a constant and
   * written as its type's simple name.
   */
  static ClientCall reference(MemberReferenceTree tree, MethodSymbol method, VisitorState state) {
    Type qualifier = ASTHelpers.getType(tree.getQualifierExpression());
    ClassSymbol owner = method.isConstructor() || qualifier == null
        || !(state.getTypes().erasure(qualifier).tsym instanceof ClassSymbol c)
        ? (ClassSymbol) method.owner : c;
    List<CallArgument> arguments = new ArrayList<>();
    for (VarSymbol parameter : method.getParameters()) {
      arguments.add(new CallArgument(Set.of(), Set.of(binaryName(parameter.type, state.getTypes())),
          state.getTypes().erasure(parameter.type).tsym.getSimpleName().toString()));
    }
    return new ClientCall(CatalogLookup.typeAndSupertypes(owner, state.getTypes()),
        method.isConstructor() ? "" : method.getSimpleName().toString(), arguments);
  }

  /** The class written after {@code new}, or null when javac could not resolve it. */
  static ClassSymbol constructedType(NewClassTree tree) {
    Type written = ASTHelpers.getType(tree.getIdentifier());
    return written != null && written.tsym instanceof ClassSymbol c ? c : null;
  }

  /** The erased type as a binary name: {@code a.B$C}, {@code int}, {@code byte[]}. */
  static String binaryName(Type type, Types types) {
    Type erased = types.erasure(type);
    if (erased instanceof ArrayType array) {
      return binaryName(array.elemtype, types) + "[]";
    }
    return erased.tsym instanceof ClassSymbol c ? c.flatName().toString() : erased.toString();
  }

  private static List<CallArgument> arguments(List<? extends ExpressionTree> arguments,
      MethodSymbol invoked, VisitorState state) {
    List<VarSymbol> parameters = invoked.getParameters();
    List<CallArgument> described = new ArrayList<>();
    for (int i = 0; i < arguments.size(); i++) {
      // Varargs: the arguments past the last parameter belong to it.
      Set<String> types = parameters.isEmpty() ? Set.of()
          : Set.of(binaryName(parameters.get(Math.min(i, parameters.size() - 1)).type,
              state.getTypes()));
      ExpressionTree argument = arguments.get(i);
      // On one line, so that a finding that quotes a lambda or a wrapped expression stays one.
      described.add(new CallArgument(constantForms(argument, state), types,
          state.getSourceForNode(argument).replaceAll("\\s+", " "),
          constructions(argument, state)));
    }
    return described;
  }

  /**
   * The construction an argument is, with its own arguments; none for any other argument, nor
   * for an anonymous subclass, whose body may undo what the arguments say.
   */
  private static List<ClientCall> constructions(ExpressionTree argument, VisitorState state) {
    if (ASTHelpers.stripParentheses(argument) instanceof NewClassTree created
        && created.getClassBody() == null && constructedType(created) != null) {
      MethodSymbol constructor = ASTHelpers.getSymbol(created);
      return constructor == null ? List.of()
          : List.of(construction(created, constructor, state));
    }
    return List.of();
  }

  /**
   * What a constant argument stands for: a literal or compile-time constant by value, a static
   * field read (qualified, or through a static import) or a static no-argument call by owner and
   * name. The owner is the declaring class, and also the class the code names when it differs.
   */
  private static Set<String> constantForms(ExpressionTree argument, VisitorState state) {
    ExpressionTree expression = ASTHelpers.stripParentheses(argument);
    Set<String> forms = new LinkedHashSet<>();
    ArgumentPattern.canonical(ASTHelpers.constValue(expression)).ifPresent(forms::add);
    Symbol symbol = ASTHelpers.getSymbol((Tree) expression);
    if (symbol instanceof VarSymbol field && field.isStatic()
        && (field.getKind() == ElementKind.FIELD || field.getKind() == ElementKind.ENUM_CONSTANT)) {
      for (String owner : owners(expression, field, state)) {
        forms.add(ArgumentPattern.staticField(owner, field.getSimpleName().toString()));
      }
    } else if (symbol instanceof MethodSymbol method && method.isStatic()
        && expression instanceof MethodInvocationTree call && call.getArguments().isEmpty()) {
      for (String owner : owners(call.getMethodSelect(), method, state)) {
        forms.add(ArgumentPattern.staticCall(owner, method.getSimpleName().toString()));
      }
    }
    return forms;
  }

  private static Set<String> owners(ExpressionTree access, Symbol member, VisitorState state) {
    Set<String> owners = new LinkedHashSet<>();
    owners.add(((ClassSymbol) member.owner).flatName().toString());
    if (access instanceof MemberSelectTree select
        && ASTHelpers.getSymbol(select.getExpression()) instanceof ClassSymbol named) {
      owners.add(binaryName(named.type, state.getTypes()));
    }
    return owners;
  }
}
