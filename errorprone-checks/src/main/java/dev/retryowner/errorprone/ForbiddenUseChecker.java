package dev.retryowner.errorprone;

import com.google.errorprone.ErrorProneFlags;
import com.google.errorprone.VisitorState;
import com.google.errorprone.bugpatterns.BugChecker.AnnotationTreeMatcher;
import com.google.errorprone.bugpatterns.BugChecker.ClassTreeMatcher;
import com.google.errorprone.bugpatterns.BugChecker.IdentifierTreeMatcher;
import com.google.errorprone.bugpatterns.BugChecker.MemberReferenceTreeMatcher;
import com.google.errorprone.bugpatterns.BugChecker.MemberSelectTreeMatcher;
import com.google.errorprone.bugpatterns.BugChecker.MethodInvocationTreeMatcher;
import com.google.errorprone.bugpatterns.BugChecker.MethodTreeMatcher;
import com.google.errorprone.bugpatterns.BugChecker.NewClassTreeMatcher;
import com.google.errorprone.bugpatterns.BugChecker.VariableTreeMatcher;
import com.google.errorprone.matchers.Description;
import com.google.errorprone.util.ASTHelpers;
import com.sun.source.tree.AnnotatedTypeTree;
import com.sun.source.tree.AnnotationTree;
import com.sun.source.tree.ArrayTypeTree;
import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.BlockTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.CompoundAssignmentTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.ImportTree;
import com.sun.source.tree.IntersectionTypeTree;
import com.sun.source.tree.LineMap;
import com.sun.source.tree.MemberReferenceTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.ModifiersTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.tree.ParameterizedTypeTree;
import com.sun.source.tree.StatementTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.UnaryTree;
import com.sun.source.tree.UnionTypeTree;
import com.sun.source.tree.VariableTree;
import com.sun.source.tree.WildcardTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import com.sun.tools.javac.code.Symbol;
import com.sun.tools.javac.code.Symbol.ClassSymbol;
import com.sun.tools.javac.code.Symbol.MethodSymbol;
import com.sun.tools.javac.code.Symbol.VarSymbol;
import com.sun.tools.javac.code.Type;
import com.sun.tools.javac.tree.JCTree;
import com.sun.tools.javac.tree.JCTree.JCCompilationUnit;
import com.sun.tools.javac.util.JCDiagnostic.SimpleDiagnosticPosition;
import com.sun.tools.javac.util.Name;
import com.sun.tools.javac.util.Names;
import dev.retryowner.catalog.Catalog;
import dev.retryowner.catalog.CatalogEntry;
import dev.retryowner.catalog.ForbiddenUseScope;
import dev.retryowner.catalog.GateConfig;
import dev.retryowner.catalog.RuleDescriptor;
import dev.retryowner.errorprone.CatalogLookup.AnnotationMatch;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import javax.lang.model.element.ElementKind;

/**
 * The ForbiddenUse shape for Error Prone: uses of a rule's catalog entries (library calls, types,
 * annotations) in the rule's scope. The catalog names what is forbidden and the scope says where
 * ({@link ForbiddenUseScope}); this class only knows the shapes of a use. A check is a small
 * subclass that names its rule and carries the {@code @BugPattern}.
 */
public abstract class ForbiddenUseChecker extends RetryOwnerChecker
    implements MethodInvocationTreeMatcher,
        NewClassTreeMatcher,
        MemberReferenceTreeMatcher,
        MemberSelectTreeMatcher,
        IdentifierTreeMatcher,
        AnnotationTreeMatcher,
        VariableTreeMatcher,
        MethodTreeMatcher,
        ClassTreeMatcher {
  private static final long serialVersionUID = 1L;

  /** Variables whose declared type is a use; enum constants only repeat their own type. */
  private static final Set<ElementKind> DECLARED_VARIABLES = Set.of(
      ElementKind.FIELD, ElementKind.PARAMETER, ElementKind.LOCAL_VARIABLE,
      ElementKind.EXCEPTION_PARAMETER, ElementKind.RESOURCE_VARIABLE,
      ElementKind.BINDING_VARIABLE);

  private final RuleDescriptor rule;
  private final transient Optional<ForbiddenUseScope> scope;
  private final transient Optional<CatalogLookup> lookup;
  /** The statements of {@link #statementsUnit} that hold a finding already. */
  private final transient Set<Tree> reportedStatements =
      Collections.newSetFromMap(new IdentityHashMap<>());
  private transient CompilationUnitTree statementsUnit;
  /** While {@link #firstUseIn} probes a statement: it, and where its uses would be reported. */
  private transient Tree probedStatement;
  private transient List<Integer> probedPositions;

  /** For {@link java.util.ServiceLoader}; Error Prone runs the check through the other one. */
  protected ForbiddenUseChecker(RuleDescriptor rule) {
    this.rule = rule;
    this.scope = Optional.empty();
    this.lookup = Optional.empty();
  }

  /** Reads {@code -XepOpt:RetryOwner:*}; fails fast, saying the fix, when they are wrong. */
  protected ForbiddenUseChecker(RuleDescriptor rule, ErrorProneFlags flags) {
    this.rule = rule;
    if (!RetryOwnerFlags.isEnabled(flags, rule)) {
      // An opt-in check nobody enabled looks uses up in an empty catalog: it never reports.
      this.scope = Optional.empty();
      this.lookup = Optional.of(new CatalogLookup(Catalog.of(List.of()).forbiddenUse(rule.name())));
      return;
    }
    GateConfig gate = RetryOwnerFlags.gateConfig(flags, rule.name());
    this.scope = Optional.of(gate.forbiddenUseScope(rule));
    this.lookup = Optional.of(new CatalogLookup(gate.catalog().forbiddenUse(rule.name())));
  }

  @Override
  public Description matchMethodInvocation(MethodInvocationTree tree, VisitorState state) {
    MethodSymbol method = ASTHelpers.getSymbol(tree);
    if (method == null) {
      return Description.NO_MATCH;
    }
    if (method.isConstructor()) {
      // super(...) and this(...), also the ones javac inserts: they construct the type too.
      ClassSymbol owner = (ClassSymbol) method.owner;
      return lookup().type(owner, state.getTypes())
          .map(e -> inCode(tree, "calls the constructor of " + display(owner), e, state))
          .orElse(Description.NO_MATCH);
    }
    // The name decides first: most calls are of names no entry has, on types no entry covers.
    if (!lookup().mayMatchMethod(method.getSimpleName(), state.getTypes())
        || isOwnMember(method, state)) {
      return Description.NO_MATCH;
    }
    ClassSymbol owner = qualifier(tree.getMethodSelect(), method, state);
    String called = "calls " + display(owner) + "#" + method.getSimpleName();
    Optional<CatalogEntry> entry = lookup().method(owner, method.getSimpleName(), state.getTypes());
    if (entry.isPresent()) {
      return inCode(tree, called, entry.get(), state);
    }
    return handsOver(tree, called, method, state);
  }

  @Override
  public Description matchNewClass(NewClassTree tree, VisitorState state) {
    MethodSymbol constructor = ASTHelpers.getSymbol(tree);
    if (constructor == null) {
      return Description.NO_MATCH;
    }
    // For an anonymous class this is the anonymous class, whose supertypes decide.
    ClassSymbol constructed = (ClassSymbol) constructor.owner;
    String constructs = "constructs " + display(ASTHelpers.getType(tree.getIdentifier()).tsym);
    Optional<CatalogEntry> entry = lookup().constructed(constructed, state.getTypes());
    if (entry.isPresent()) {
      return inCode(tree, constructs, entry.get(), state);
    }
    return isOwnMember(constructor, state) ? Description.NO_MATCH
        : handsOver(tree, constructs, constructor, state);
  }

  /**
   * A call or reference of a member that is no catalog entry but takes or returns a catalog type
   * (parameters first, then the return type, as erased in the descriptor javac writes): it hands
   * a retry helper over or receives one, e.g. a decorator's {@code withRetry(retry)} or a
   * holder's {@code getRetry()}. One finding, for the first such type.
   */
  private Description handsOver(Tree tree, String called, MethodSymbol member,
      VisitorState state) {
    if (!lookup().hasTypes()) {
      return Description.NO_MATCH;
    }
    Type erased = state.getTypes().erasure(member.type);
    List<Type> signature = new ArrayList<>(erased.getParameterTypes());
    if (!member.isConstructor()) {
      signature.add(erased.getReturnType());
    }
    int parameters = erased.getParameterTypes().size();
    for (int i = 0; i < signature.size(); i++) {
      Type involved = signature.get(i);
      while (involved instanceof Type.ArrayType array) {
        involved = array.elemtype;
      }
      if (involved.tsym instanceof ClassSymbol type) {
        Optional<CatalogEntry> entry = lookup().type(type, state.getTypes());
        if (entry.isPresent()) {
          String how = i < parameters ? ", which takes a " : ", which returns a ";
          return inCode(tree, called + how + display(type), entry.get(), state);
        }
      }
    }
    return Description.NO_MATCH;
  }

  @Override
  public Description matchMemberReference(MemberReferenceTree tree, VisitorState state) {
    MethodSymbol method = ASTHelpers.getSymbol(tree);
    if (method == null) {
      return Description.NO_MATCH;
    }
    if (method.isConstructor()) {
      ClassSymbol owner = (ClassSymbol) method.owner;
      String referenced = "references " + display(owner) + "::new";
      Optional<CatalogEntry> entry = lookup().constructed(owner, state.getTypes());
      if (entry.isPresent()) {
        return inCode(tree, referenced, entry.get(), state);
      }
      return isOwnMember(method, state) ? Description.NO_MATCH
          : handsOver(tree, referenced, method, state);
    }
    if (!lookup().mayMatchMethod(method.getSimpleName(), state.getTypes())) {
      return Description.NO_MATCH;
    }
    ClassSymbol owner = isObjectMember(method, state)
        ? (ClassSymbol) method.owner
        : classOf(ASTHelpers.getType(tree.getQualifierExpression()), state)
            .orElse((ClassSymbol) method.owner);
    String referenced = "references " + display(owner) + "::" + method.getSimpleName();
    Optional<CatalogEntry> entry = lookup().method(owner, method.getSimpleName(), state.getTypes());
    if (entry.isPresent()) {
      return inCode(tree, referenced, entry.get(), state);
    }
    return isOwnMember(method, state) ? Description.NO_MATCH
        : handsOver(tree, referenced, method, state);
  }

  @Override
  public Description matchMemberSelect(MemberSelectTree tree, VisitorState state) {
    return matchFieldAccess(tree, state);
  }

  @Override
  public Description matchIdentifier(IdentifierTree tree, VisitorState state) {
    return matchFieldAccess(tree, state);
  }

  @Override
  public Description matchAnnotation(AnnotationTree tree, VisitorState state) {
    if (!lookup().hasAnnotations()
        || !(ASTHelpers.getSymbol(tree.getAnnotationType()) instanceof ClassSymbol type)) {
      return Description.NO_MATCH;
    }
    Optional<AnnotationMatch> match = lookup().annotation(type, state.getTypes());
    if (match.isEmpty()) {
      return Description.NO_MATCH;
    }
    Optional<String> annotated = annotatedElement(state.getPath());
    if (annotated.isEmpty()) {
      return Description.NO_MATCH;
    }
    StringBuilder what = new StringBuilder(annotated.get()).append(" is annotated with @")
        .append(display(type));
    List<String> via = match.get().via();
    for (int i = 1; i < via.size(); i++) {
      what.append(", which carries @").append(via.get(i));
    }
    if (!via.isEmpty()) {
      what.append(", which carries @").append(match.get().entry().displayName());
    }
    return report(tree, preferred(tree), what.toString(), match.get().entry(), state);
  }

  @Override
  public Description matchVariable(VariableTree tree, VisitorState state) {
    if (!lookup().hasTypes()) {
      return Description.NO_MATCH;
    }
    VarSymbol variable = ASTHelpers.getSymbol(tree);
    if (variable == null || !DECLARED_VARIABLES.contains(variable.getKind())
        || !hasSourceType(tree.getType())) {
      return Description.NO_MATCH;
    }
    return declaration(tree.getType(), () -> {
      String kind = switch (variable.getKind()) {
        case FIELD -> "field";
        case PARAMETER -> "parameter";
        case EXCEPTION_PARAMETER -> "exception parameter";
        case RESOURCE_VARIABLE -> "resource";
        default -> "local variable";
      };
      return "declares " + kind + " '" + variable.getSimpleName() + "' of type ";
    }, state);
  }

  @Override
  public Description matchMethod(MethodTree tree, VisitorState state) {
    if (!lookup().hasTypes() || !hasSourceType(tree.getReturnType())) {
      return Description.NO_MATCH;
    }
    return declaration(tree.getReturnType(),
        () -> "declares method '" + tree.getName() + "' returning ", state);
  }

  @Override
  public Description matchClass(ClassTree tree, VisitorState state) {
    if (!lookup().hasTypes()) {
      return Description.NO_MATCH;
    }
    ClassSymbol declared = ASTHelpers.getSymbol(tree);
    Supplier<String> name = () ->
        declared.isAnonymous() ? "anonymous class" : "'" + tree.getSimpleName() + "'";
    if (tree.getExtendsClause() != null) {
      Description extendsMatch =
          declaration(tree.getExtendsClause(), () -> name.get() + " extends ", state);
      if (extendsMatch != Description.NO_MATCH) {
        return extendsMatch;
      }
    }
    String implementsWord = declared.isInterface() ? " extends " : " implements ";
    for (Tree supertype : tree.getImplementsClause()) {
      Description implementsMatch =
          declaration(supertype, () -> name.get() + implementsWord, state);
      if (implementsMatch != Description.NO_MATCH) {
        return implementsMatch;
      }
    }
    return Description.NO_MATCH;
  }

  /** A field read or write, qualified ({@code T.f}, {@code x.f}) or not (static import, own). */
  private Description matchFieldAccess(ExpressionTree tree, VisitorState state) {
    // Only a type entry covers a field, so the catalog answer comes before the walks up the tree.
    if (!lookup().hasTypes() || !(ASTHelpers.getSymbol(tree) instanceof VarSymbol field)
        || !(field.getKind() == ElementKind.FIELD || field.getKind() == ElementKind.ENUM_CONSTANT)
        || isPseudoField(field, state) || isArrayLength(field, state)) {
      return Description.NO_MATCH;
    }
    ClassSymbol owner = qualifier(tree, field, state);
    Optional<CatalogEntry> entry = lookup().type(owner, state.getTypes());
    if (entry.isEmpty() || !isCode(state.getPath()) || isOwnMember(field, state)) {
      return Description.NO_MATCH;
    }
    String verb = isWritten(state.getPath()) ? "writes field " : "reads field ";
    return inCode(tree, verb + display(owner) + "#" + field.getSimpleName(), entry.get(), state);
  }

  /**
   * Reports the first catalog type the declared type tree mentions, at that mention; {@code what}
   * starts the message and is only built for a finding.
   */
  private Description declaration(Tree typeTree, Supplier<String> what, VisitorState state) {
    for (Tree mention : classMentions(typeTree)) {
      if (ASTHelpers.getSymbol(mention) instanceof ClassSymbol type) {
        Optional<CatalogEntry> entry = lookup().type(type, state.getTypes());
        if (entry.isPresent()) {
          return report(mention, preferred(mention), what.get() + display(type), entry.get(),
              state);
        }
      }
    }
    return Description.NO_MATCH;
  }

  /** Reports a use in code at the line javac gives its instruction. */
  private Description inCode(Tree tree, String what, CatalogEntry entry, VisitorState state) {
    return report(tree, InstructionPosition.of(state.getPath()), what, entry, state);
  }

  /**
   * Reports the use if the code it sits in lies in the rule's scope: once a statement (a builder
   * chain is one finding, as the Maven plugin reports it), at the line of the statement's first
   * use, where the retry is set up (a declaration: at its type), else at {@code position}.
   */
  private Description report(Tree tree, int position, String what, CatalogEntry entry,
      VisitorState state) {
    Optional<String> where = scopeReason(state);
    if (where.isEmpty()) {
      return Description.NO_MATCH;
    }
    Optional<TreePath> statement = statementOf(state.getPath());
    if (statement.isPresent()) {
      if (probedPositions != null) {
        // A use in a statement nested in the probed one (a lambda's block) is that one's.
        if (statement.get().getLeaf() == probedStatement) {
          probedPositions.add(position);
        }
        return Description.NO_MATCH;
      }
      if (!firstFindingIn(statement.get().getLeaf(), state)) {
        return Description.NO_MATCH;
      }
      position = statement.get().getLeaf() instanceof VariableTree declaration
          ? firstPosition(declaration) : firstUseIn(statement.get(), state);
    }
    String coveredBy = what.contains(entry.displayName()) ? ""
        : " (catalog entry " + entry.displayName() + ")";
    String message = what + " " + where.get() + coveredBy + ". Why: " + entry.reason()
        + ". Fix: " + rule.fix();
    Description.Builder description = position == preferred(tree)
        ? buildDescription(tree)
        : buildDescription(new SimpleDiagnosticPosition(position));
    return description.setMessage(message).build();
  }

  /**
   * The position of the statement's use on its lowest line: Error Prone meets the outermost call
   * of a chain first, the Maven plugin reads every use's line from bytecode, and both report the
   * line where the chain starts using the library ({@code .retryWhen(..)}, not {@code return}).
   */
  private int firstUseIn(TreePath statement, VisitorState state) {
    List<Integer> positions = new ArrayList<>();
    probedStatement = statement.getLeaf();
    probedPositions = positions;
    try {
      new TreePathScanner<Void, Void>() {
        @Override
        public Void visitMethodInvocation(MethodInvocationTree tree, Void unused) {
          matchMethodInvocation(tree, state.withPath(getCurrentPath()));
          return super.visitMethodInvocation(tree, null);
        }

        @Override
        public Void visitNewClass(NewClassTree tree, Void unused) {
          matchNewClass(tree, state.withPath(getCurrentPath()));
          return super.visitNewClass(tree, null);
        }

        @Override
        public Void visitMemberReference(MemberReferenceTree tree, Void unused) {
          matchMemberReference(tree, state.withPath(getCurrentPath()));
          return super.visitMemberReference(tree, null);
        }

        @Override
        public Void visitMemberSelect(MemberSelectTree tree, Void unused) {
          matchMemberSelect(tree, state.withPath(getCurrentPath()));
          return super.visitMemberSelect(tree, null);
        }

        @Override
        public Void visitIdentifier(IdentifierTree tree, Void unused) {
          matchIdentifier(tree, state.withPath(getCurrentPath()));
          return super.visitIdentifier(tree, null);
        }
      }.scan(statement, null);
    } finally {
      probedStatement = null;
      probedPositions = null;
    }
    LineMap lines = state.getPath().getCompilationUnit().getLineMap();
    return positions.stream()
        .min(Comparator.comparingLong((Integer p) -> lines.getLineNumber(p))
            .thenComparing(p -> p))
        .orElse(firstPosition(statement.getLeaf()));
  }

  /**
   * The statement a use in code, or a local or field declaration, belongs to: the nearest
   * enclosing statement that is not a block, or the field; empty for annotations and for the
   * declarations of methods, classes and parameters, which are reported where they are.
   */
  private static Optional<TreePath> statementOf(TreePath path) {
    for (TreePath at = path; at != null; at = at.getParentPath()) {
      Tree tree = at.getLeaf();
      if (tree instanceof ModifiersTree || tree instanceof MethodTree
          || tree instanceof ClassTree) {
        return Optional.empty();
      }
      if (tree instanceof VariableTree) {
        Tree parent = at.getParentPath() == null ? null : at.getParentPath().getLeaf();
        return parent instanceof BlockTree || parent instanceof ClassTree
            ? Optional.of(at) : Optional.empty();
      }
      if (tree instanceof StatementTree && !(tree instanceof BlockTree)) {
        return Optional.of(at);
      }
    }
    return Optional.empty();
  }

  /**
   * Where a statement is reported: its start, or for a declaration the start of its type (a
   * field's annotations above it are not the declaration's line), else its name.
   */
  private static int firstPosition(Tree statement) {
    if (statement instanceof VariableTree variable) {
      JCTree type = (JCTree) variable.getType();
      return type != null && type.getStartPosition() >= 0 ? type.getStartPosition()
          : ((JCTree) variable).getPreferredPosition();
    }
    return ((JCTree) statement).getStartPosition();
  }

  /** True the first time a finding of this check falls in {@code statement}. */
  private boolean firstFindingIn(Tree statement, VisitorState state) {
    CompilationUnitTree unit = state.getPath().getCompilationUnit();
    if (unit != statementsUnit) {
      reportedStatements.clear();
      statementsUnit = unit;
    }
    return reportedStatements.add(statement);
  }

  /** The class type names in a type tree, outermost first (base before type arguments). */
  private static List<Tree> classMentions(Tree typeTree) {
    if (typeTree == null) {
      return List.of();
    }
    return switch (typeTree.getKind()) {
      case IDENTIFIER, MEMBER_SELECT -> List.of(typeTree);
      case PARAMETERIZED_TYPE -> {
        ParameterizedTypeTree parameterized = (ParameterizedTypeTree) typeTree;
        List<Tree> mentions = new ArrayList<>(classMentions(parameterized.getType()));
        parameterized.getTypeArguments().forEach(a -> mentions.addAll(classMentions(a)));
        yield mentions;
      }
      case ARRAY_TYPE -> classMentions(((ArrayTypeTree) typeTree).getType());
      case ANNOTATED_TYPE -> classMentions(((AnnotatedTypeTree) typeTree).getUnderlyingType());
      case EXTENDS_WILDCARD, SUPER_WILDCARD -> classMentions(((WildcardTree) typeTree).getBound());
      case UNION_TYPE -> ((UnionTypeTree) typeTree).getTypeAlternatives().stream()
          .flatMap(t -> classMentions(t).stream()).toList();
      case INTERSECTION_TYPE -> ((IntersectionTypeTree) typeTree).getBounds().stream()
          .flatMap(t -> classMentions(t).stream()).toList();
      default -> List.of();
    };
  }

  /**
   * The class javac names as the owner of a member access in bytecode: the static type of the
   * qualifier, the enclosing class for an unqualified instance member, the declaring class for
   * an unqualified static member, and Object for methods declared there.
   */
  private static ClassSymbol qualifier(ExpressionTree access, Symbol member, VisitorState state) {
    ClassSymbol declaring = (ClassSymbol) member.owner;
    if (isObjectMember(member, state)) {
      return declaring;
    }
    if (access instanceof MemberSelectTree select) {
      return classOf(ASTHelpers.getType(select.getExpression()), state).orElse(declaring);
    }
    if (member.isStatic()) {
      return declaring;
    }
    for (TreePath path = state.getPath(); path != null; path = path.getParentPath()) {
      if (path.getLeaf() instanceof ClassTree enclosing) {
        ClassSymbol candidate = ASTHelpers.getSymbol(enclosing);
        if (candidate.isSubClass(declaring, state.getTypes())) {
          return candidate;
        }
      }
    }
    return declaring;
  }

  /**
   * A member the code's own top-level class declares: using it is app code talking to itself,
   * even when the declaring class extends a catalog type (its extends clause is the finding).
   */
  private static boolean isOwnMember(Symbol member, VisitorState state) {
    if (member.owner == state.getSymtab().arrayClass) {
      // An array's members (clone(), length) belong to no class, so to no top-level class.
      return false;
    }
    JCCompilationUnit unit = (JCCompilationUnit) state.getPath().getCompilationUnit();
    ClassSymbol declaringTopLevel = member.owner.outermostClass();
    return unit.getTypeDecls().stream()
        .anyMatch(type -> type instanceof JCTree.JCClassDecl decl && decl.sym == declaringTopLevel);
  }

  private static boolean isObjectMember(Symbol member, VisitorState state) {
    return member.owner == state.getSymtab().objectType.tsym;
  }

  private static Optional<ClassSymbol> classOf(Type type, VisitorState state) {
    if (type == null) {
      return Optional.empty();
    }
    return state.getTypes().erasure(type).tsym instanceof ClassSymbol c
        ? Optional.of(c) : Optional.empty();
  }

  /** What the annotation sits on, if it is a declaration the rule covers. */
  private static Optional<String> annotatedElement(TreePath annotationPath) {
    TreePath modifiers = annotationPath.getParentPath();
    if (modifiers == null || !(modifiers.getLeaf() instanceof ModifiersTree)) {
      return Optional.empty();
    }
    Tree element = modifiers.getParentPath().getLeaf();
    if (element instanceof ClassTree type) {
      return Optional.of(kindOf(ASTHelpers.getSymbol(type)) + " '" + type.getSimpleName() + "'");
    }
    if (element instanceof MethodTree method) {
      MethodSymbol symbol = ASTHelpers.getSymbol(method);
      return Optional.of(symbol.isConstructor() ? "constructor of '" + symbol.owner.getSimpleName()
          + "'" : "method '" + method.getName() + "'");
    }
    if (element instanceof VariableTree variable) {
      ElementKind kind = ASTHelpers.getSymbol(variable).getKind();
      if (kind == ElementKind.FIELD || kind == ElementKind.PARAMETER) {
        return Optional.of(kind.name().toLowerCase(Locale.ROOT) + " '"
            + variable.getName() + "'");
      }
    }
    return Optional.empty();
  }

  private static String kindOf(ClassSymbol type) {
    return switch (type.getKind()) {
      case ANNOTATION_TYPE -> "annotation type";
      case INTERFACE -> "interface";
      case ENUM -> "enum";
      case RECORD -> "record";
      default -> "class";
    };
  }

  /** {@code this}, {@code super} and {@code X.class} look like fields to javac. */
  private static boolean isPseudoField(VarSymbol field, VisitorState state) {
    Name name = field.getSimpleName();
    Names names = state.getNames();
    return name == names._this || name == names._super || name == names._class;
  }

  /** An array's {@code length}: a member of javac's array pseudo-class, which has no owner. */
  private static boolean isArrayLength(VarSymbol field, VisitorState state) {
    return field.owner == state.getSymtab().arrayClass;
  }

  /** False inside imports and annotations, where a field name is no instruction. */
  private static boolean isCode(TreePath path) {
    for (TreePath p = path.getParentPath(); p != null; p = p.getParentPath()) {
      Tree leaf = p.getLeaf();
      if (leaf instanceof ImportTree || leaf instanceof AnnotationTree) {
        return false;
      }
    }
    return true;
  }

  private static boolean isWritten(TreePath path) {
    Tree leaf = path.getLeaf();
    Tree parent = path.getParentPath().getLeaf();
    return (parent instanceof AssignmentTree assignment && assignment.getVariable() == leaf)
        || (parent instanceof CompoundAssignmentTree compound && compound.getVariable() == leaf)
        || (parent instanceof UnaryTree unary && unary.getExpression() == leaf
            && switch (unary.getKind()) {
              case PREFIX_INCREMENT, PREFIX_DECREMENT, POSTFIX_INCREMENT, POSTFIX_DECREMENT -> true;
              default -> false;
            });
  }

  /** False for {@code var} and implicit lambda parameters: no type is written there. */
  private static boolean hasSourceType(Tree typeTree) {
    return typeTree != null && ((JCTree) typeTree).getStartPosition() >= 0;
  }

  /** Why the innermost class around the current node is in the rule's scope, if it is. */
  private Optional<String> scopeReason(VisitorState state) {
    ClassTree enclosing = state.findEnclosing(ClassTree.class);
    ClassSymbol type = enclosing == null ? null : ASTHelpers.getSymbol(enclosing);
    if (type == null) {
      return Optional.empty();
    }
    return scope().reasonFor(new JavacScopeSubject(type, state.getTypes()));
  }

  private static String display(Symbol type) {
    return type instanceof ClassSymbol c && !c.isAnonymous()
        ? c.getQualifiedName().toString() : type.flatName().toString();
  }

  private static int preferred(Tree tree) {
    return ((JCTree) tree).getPreferredPosition();
  }

  private ForbiddenUseScope scope() {
    return configured(scope);
  }

  private CatalogLookup lookup() {
    return configured(lookup);
  }

  /** Asked at every node: no lambda to allocate on the way. */
  private <T> T configured(Optional<T> value) {
    if (value.isEmpty()) {
      throw new IllegalStateException(RetryOwnerFlags.missingJobsPackages(rule.name()));
    }
    return value.get();
  }
}
