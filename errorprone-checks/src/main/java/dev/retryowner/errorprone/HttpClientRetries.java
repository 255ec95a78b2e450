package dev.retryowner.errorprone;

import static com.google.errorprone.BugPattern.LinkType.CUSTOM;
import static com.google.errorprone.BugPattern.SeverityLevel.ERROR;

import com.google.auto.service.AutoService;
import com.google.errorprone.BugPattern;
import com.google.errorprone.ErrorProneFlags;
import com.google.errorprone.VisitorState;
import com.google.errorprone.bugpatterns.BugChecker;
import com.google.errorprone.bugpatterns.BugChecker.MemberReferenceTreeMatcher;
import com.google.errorprone.bugpatterns.BugChecker.MethodInvocationTreeMatcher;
import com.google.errorprone.bugpatterns.BugChecker.NewClassTreeMatcher;
import com.google.errorprone.fixes.SuggestedFix;
import com.google.errorprone.fixes.SuggestedFixes;
import com.google.errorprone.matchers.Description;
import com.google.errorprone.util.ASTHelpers;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.MemberReferenceTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.NewClassTree;
import com.sun.tools.javac.code.Symbol.ClassSymbol;
import com.sun.tools.javac.code.Symbol.MethodSymbol;
import com.sun.tools.javac.code.Type;
import com.sun.tools.javac.tree.JCTree;
import com.sun.tools.javac.util.JCDiagnostic.SimpleDiagnosticPosition;
import dev.retryowner.catalog.ArgumentPattern;
import dev.retryowner.catalog.Catalog;
import dev.retryowner.catalog.CatalogEntry;
import dev.retryowner.catalog.ClientCall;
import dev.retryowner.catalog.ClientRequirements;
import dev.retryowner.catalog.EntryKind;
import dev.retryowner.catalog.EntryViolation;
import dev.retryowner.catalog.RuleDescriptor;
import dev.retryowner.catalog.RuleRegistry;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import javax.inject.Inject;

/**
 * HTTP, RPC and cloud clients built with their automatic retries on (the BuilderRequirement
 * shape; the catalog names every builder, NoRetry call, retrying factory and retrying call):
 *
 * <ul>
 *   <li>a {@code no-retry} call with another argument, or one that is not a constant; the fix
 *       writes the NoRetry argument;
 *   <li>a {@code retrying-factory}, {@code retrying-constructor} or {@code retrying-call}; an
 *       entry that asks for evidence ({@code used-as=}, {@code receiver-literal=}) only where
 *       {@link JavacCallContexts} shows it;
 *   <li>a client flow ({@link ClientFlow}) from a {@code client-builder} that never calls one of
 *       its library's NoRetry methods, reported at the origin; the fix inserts the first NoRetry
 *       call of the library whose arguments can be written out.
 * </ul>
 *
 * <p>Applies in every package, the jobs packages included, so it needs no jobs packages; it
 * reads {@code -XepOpt:RetryOwner:CatalogFiles} and {@code -XepOpt:RetryOwner:JvmProperties}.
 */
@AutoService(BugChecker.class)
@BugPattern(
    summary = "HTTP, RPC and cloud clients are built with their automatic retries off (NoRetry).",
    severity = ERROR,
    linkType = CUSTOM,
    link = Documentation.RULES + "HttpClientRetries.md")
public final class HttpClientRetries extends RetryOwnerChecker
    implements MethodInvocationTreeMatcher, NewClassTreeMatcher, MemberReferenceTreeMatcher {
  private static final long serialVersionUID = 1L;
  private static final RuleDescriptor RULE = RuleRegistry.HTTP_CLIENT_RETRIES;

  private final transient ClientRequirements requirements;
  private final transient CatalogMethodNames methodNames;
  /** Per class and compilation: is it a type the catalog lists constructions of. */
  private final transient CompilationMemo<ClassSymbol, Boolean> constructedTypes =
      new CompilationMemo<>();

  /** For {@link java.util.ServiceLoader}: the bundled catalog, no JVM property declared. */
  public HttpClientRetries() {
    this(ClientRequirements.of(RULE, Catalog.bundled(), List.of()));
  }

  /** Reads {@code -XepOpt:RetryOwner:*}; fails fast, saying the fix, when they are wrong. */
  @Inject
  public HttpClientRetries(ErrorProneFlags flags) {
    this(RetryOwnerFlags.clientRequirements(flags, RULE));
  }

  private HttpClientRetries(ClientRequirements requirements) {
    this.requirements = requirements;
    this.methodNames = new CatalogMethodNames(requirements.methodNames());
  }

  @Override
  public Description matchMethodInvocation(MethodInvocationTree tree, VisitorState state) {
    MethodSymbol method = ASTHelpers.getSymbol(tree);
    if (method == null || method.isConstructor()
        || !methodNames.contains(method.getSimpleName(), state.getTypes())) {
      return Description.NO_MATCH;
    }
    return match(tree, JavacClientCalls.call(tree, method, state), tree.getArguments(), state);
  }

  @Override
  public Description matchNewClass(NewClassTree tree, VisitorState state) {
    MethodSymbol constructor = ASTHelpers.getSymbol(tree);
    ClassSymbol constructed = JavacClientCalls.constructedType(tree);
    if (constructor == null || constructed == null || !isConstructedType(constructed, state)) {
      return Description.NO_MATCH;
    }
    return match(tree, JavacClientCalls.construction(tree, constructor, state),
        tree.getArguments(), state);
  }

  /**
   * A reference stands for calls of the method or constructor with arguments nobody can see: a
   * retrying factory or constructor is a finding, a NoRetry method cannot be verified, and a
   * builder made by reference is outside any flow.
   */
  @Override
  public Description matchMemberReference(MemberReferenceTree tree, VisitorState state) {
    MethodSymbol method = ASTHelpers.getSymbol(tree);
    if (method == null || !(method.owner instanceof ClassSymbol owner)
        || !(method.isConstructor()
            ? isConstructedType(owner, state)
            : methodNames.contains(method.getSimpleName(), state.getTypes()))) {
      return Description.NO_MATCH;
    }
    ClientCall call = JavacClientCalls.reference(tree, method, state);
    requirements.check(call).ifPresent(violation ->
        state.reportMatch(describe(tree, violation, SuggestedFix.emptyFix(), state)));
    for (CatalogEntry origin : requirements.origins(call)) {
      requirements.builtWithout(origin, call, List.of()).ifPresent(violation ->
          state.reportMatch(describe(tree, violation, SuggestedFix.emptyFix(), state)));
    }
    return Description.NO_MATCH;
  }

  private boolean isConstructedType(ClassSymbol type, VisitorState state) {
    return constructedTypes.get(type, state.getTypes(),
        t -> requirements.constructedTypes().contains(t.flatName().toString()));
  }

  private Description match(ExpressionTree tree, ClientCall described,
      List<? extends ExpressionTree> arguments, VisitorState state) {
    ClientCall call = requirements.needsContext(described)
        ? described.withContext(JavacCallContexts.of(state)) : described;
    requirements.check(call).ifPresent(violation ->
        state.reportMatch(describe(tree, violation, argumentFix(violation, call, arguments,
            state), state)));
    List<CatalogEntry> origins = requirements.origins(call);
    if (!origins.isEmpty()) {
      ClientFlow flow = ClientFlow.from(state.getPath(), state);
      for (CatalogEntry origin : origins) {
        requirements.builtWithout(origin, call, flow.methods()).ifPresent(violation ->
            state.reportMatch(describe(tree, violation, insertionFix(origin, tree, flow, state),
                state)));
      }
    }
    return Description.NO_MATCH;
  }

  /**
   * For a NoRetry call with other arguments: writes the catalog's constant in place of each
   * argument it does not accept; none when such an argument may be anything.
   */
  private SuggestedFix argumentFix(EntryViolation violation, ClientCall call,
      List<? extends ExpressionTree> arguments, VisitorState state) {
    if (violation.entry().kind() != EntryKind.NO_RETRY) {
      return SuggestedFix.emptyFix();
    }
    List<ArgumentPattern> patterns = violation.entry().argumentPatterns();
    SuggestedFix.Builder fix = SuggestedFix.builder();
    for (int i = 0; i < patterns.size(); i++) {
      ArgumentPattern pattern = patterns.get(i);
      if (pattern.isConstant() && !pattern.accepts(call.arguments().get(i))) {
        fix.replace(arguments.get(i), javaSource(pattern, fix, state));
      }
    }
    return fix.build();
  }

  /** For a flow without its NoRetry call: inserts the first one the catalog can write out. */
  private SuggestedFix insertionFix(CatalogEntry origin, ExpressionTree originTree,
      ClientFlow flow, VisitorState state) {
    Type originType = ASTHelpers.getType(originTree);
    List<String> originTypes = originType != null
        && state.getTypes().erasure(originType).tsym instanceof ClassSymbol c
        ? CatalogLookup.typeAndSupertypes(c, state.getTypes()) : List.of();
    Optional<CatalogEntry> noRetry = requirements.fixFor(origin, originTypes);
    if (noRetry.isEmpty()) {
      return SuggestedFix.emptyFix();
    }
    SuggestedFix.Builder fix = SuggestedFix.builder();
    String arguments = noRetry.get().argumentPatterns().stream()
        .map(pattern -> javaSource(pattern, fix, state)).collect(Collectors.joining(", "));
    flow.insert("." + noRetry.get().memberName() + "(" + arguments + ")", fix, state);
    return fix.build();
  }

  /** A pattern as Java source, importing the owner of a static member where that is safe. */
  private static String javaSource(ArgumentPattern pattern, SuggestedFix.Builder fix,
      VisitorState state) {
    return pattern.javaSource(
        owner -> SuggestedFixes.qualifyType(state, fix, owner.replace('$', '.')));
  }

  /** The finding at the line javac gives the call's instruction. */
  private Description describe(ExpressionTree tree, EntryViolation violation, SuggestedFix fix,
      VisitorState state) {
    int position = InstructionPosition.of(state.getPath());
    Description.Builder description = position == ((JCTree) tree).getPreferredPosition()
        ? buildDescription(tree)
        : buildDescription(new SimpleDiagnosticPosition(position));
    return description.setMessage(violation.message() + ". Why: " + violation.entry().reason()
        + ". Fix: " + RULE.fix()).addFix(fix).build();
  }
}
