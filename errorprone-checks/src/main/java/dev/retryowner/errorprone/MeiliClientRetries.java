package dev.retryowner.errorprone;

import static com.google.errorprone.BugPattern.LinkType.CUSTOM;
import static com.google.errorprone.BugPattern.SeverityLevel.ERROR;

import com.google.auto.service.AutoService;
import com.google.errorprone.BugPattern;
import com.google.errorprone.ErrorProneFlags;
import com.google.errorprone.VisitorState;
import com.google.errorprone.bugpatterns.BugChecker;
import com.google.errorprone.bugpatterns.BugChecker.MemberReferenceTreeMatcher;
import com.google.errorprone.bugpatterns.BugChecker.NewClassTreeMatcher;
import com.google.errorprone.matchers.Description;
import com.google.errorprone.util.ASTHelpers;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.MemberReferenceTree;
import com.sun.source.tree.NewClassTree;
import com.sun.tools.javac.code.Symbol.ClassSymbol;
import com.sun.tools.javac.code.Symbol.MethodSymbol;
import com.sun.tools.javac.util.JCDiagnostic.SimpleDiagnosticPosition;
import dev.retryowner.catalog.ConstructionOnlyIn;
import dev.retryowner.catalog.EntryViolation;
import dev.retryowner.catalog.RuleDescriptor;
import dev.retryowner.catalog.RuleRegistry;
import java.util.Optional;
import javax.inject.Inject;

/**
 * Constructions of the Meilisearch client's types ({@code new}, anonymous subclasses, subclasses,
 * constructor references) outside {@code -XepOpt:RetryOwner:SearchAdapterPackages}, and of a type
 * whose constructors always build a retrying client, also inside it. The catalog names the types.
 */
@AutoService(BugChecker.class)
@BugPattern(
    summary = "The Meilisearch client is constructed only in its adapter"
        + " (searchAdapterPackages), and never with the SDK's retrying OkHttp client.",
    severity = ERROR,
    linkType = CUSTOM,
    link = Documentation.RULES + "MeiliClientRetries.md")
public final class MeiliClientRetries extends RetryOwnerChecker
    implements NewClassTreeMatcher, MemberReferenceTreeMatcher {
  private static final long serialVersionUID = 1L;
  private static final RuleDescriptor RULE = RuleRegistry.MEILI_CLIENT_RETRIES;

  private final transient Optional<ConstructionOnlyIn> shape;
  private final transient CompilationMemo<ClassSymbol, Boolean> restricted =
      new CompilationMemo<>();

  /** For {@link java.util.ServiceLoader}; Error Prone runs the check through the other one. */
  public MeiliClientRetries() {
    this.shape = Optional.empty();
  }

  /** Reads {@code -XepOpt:RetryOwner:*}; fails fast, saying the fix, when they are wrong. */
  @Inject
  public MeiliClientRetries(ErrorProneFlags flags) {
    this.shape = Optional.of(
        ConstructionOnlyIn.of(RULE, RetryOwnerFlags.gateConfig(flags, RULE.name())));
  }

  @Override
  public Description matchNewClass(NewClassTree tree, VisitorState state) {
    MethodSymbol constructor = ASTHelpers.getSymbol(tree);
    if (constructor == null) {
      return Description.NO_MATCH;
    }
    // For an anonymous class this is the anonymous class, whose supertypes decide.
    ClassSymbol constructed = (ClassSymbol) constructor.owner;
    if (!isRestricted(constructed, state)) {
      return Description.NO_MATCH;
    }
    String what = "constructs " + ASTHelpers.getType(tree.getIdentifier()).tsym
        .getQualifiedName();
    return check(constructed, what, state);
  }

  @Override
  public Description matchMemberReference(MemberReferenceTree tree, VisitorState state) {
    MethodSymbol method = ASTHelpers.getSymbol(tree);
    if (method == null || !method.isConstructor()) {
      return Description.NO_MATCH;
    }
    ClassSymbol constructed = (ClassSymbol) method.owner;
    if (!isRestricted(constructed, state)) {
      return Description.NO_MATCH;
    }
    return check(constructed, "references " + constructed.getQualifiedName() + "::new",
        state);
  }

  private Description check(ClassSymbol constructed, String what, VisitorState state) {
    ClassTree enclosing = ASTHelpers.findEnclosingNode(state.getPath(), ClassTree.class);
    if (enclosing == null) {
      return Description.NO_MATCH;
    }
    String constructingClass = ASTHelpers.getSymbol(enclosing).flatName().toString();
    Optional<EntryViolation> violation = shape().construction(
        CatalogLookup.typeAndSupertypes(constructed, state.getTypes()), what, constructingClass);
    if (violation.isEmpty()) {
      return Description.NO_MATCH;
    }
    String message = violation.get().message() + ". Why: " + violation.get().entry().reason()
        + ". Fix: " + RULE.fix();
    return buildDescription(new SimpleDiagnosticPosition(InstructionPosition.of(state.getPath())))
        .setMessage(message).build();
  }

  /** The cheap first test, once per class and compilation: most constructions are of no such type. */
  private boolean isRestricted(ClassSymbol constructed, VisitorState state) {
    return restricted.get(constructed, state.getTypes(), type ->
        shape().restricts(CatalogLookup.typeAndSupertypes(type, state.getTypes())));
  }

  private ConstructionOnlyIn shape() {
    return shape.orElseThrow(
        () -> new IllegalStateException(RetryOwnerFlags.missingJobsPackages(RULE.name())));
  }
}
