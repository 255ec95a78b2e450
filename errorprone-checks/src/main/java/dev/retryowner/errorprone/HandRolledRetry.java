package dev.retryowner.errorprone;

import static com.google.errorprone.BugPattern.LinkType.CUSTOM;
import static com.google.errorprone.BugPattern.SeverityLevel.ERROR;

import com.google.auto.service.AutoService;
import com.google.errorprone.BugPattern;
import com.google.errorprone.ErrorProneFlags;
import com.google.errorprone.VisitorState;
import com.google.errorprone.bugpatterns.BugChecker;
import com.google.errorprone.bugpatterns.BugChecker.ClassTreeMatcher;
import com.google.errorprone.bugpatterns.BugChecker.MethodTreeMatcher;
import com.google.errorprone.matchers.Description;
import com.google.errorprone.util.ASTHelpers;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.util.TreeScanner;
import com.sun.tools.javac.code.Symbol;
import com.sun.tools.javac.code.Symbol.ClassSymbol;
import com.sun.tools.javac.code.Symbol.MethodSymbol;
import com.sun.tools.javac.code.Type;
import com.sun.tools.javac.tree.JCTree;
import com.sun.tools.javac.tree.JCTree.JCCompilationUnit;
import com.sun.tools.javac.util.JCDiagnostic.SimpleDiagnosticPosition;
import dev.retryowner.catalog.CatalogEntry;
import dev.retryowner.catalog.CatalogMethods;
import dev.retryowner.catalog.GateConfig;
import dev.retryowner.catalog.RuleDescriptor;
import dev.retryowner.catalog.RuleRegistry;
import dev.retryowner.catalog.shape.ClassCode;
import dev.retryowner.catalog.shape.MethodCode;
import dev.retryowner.catalog.shape.RetryShapes;
import dev.retryowner.catalog.shape.ShapeMatch;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.inject.Inject;

/**
 * A hand-rolled retry outside the jobs packages: code that runs the same operation again after a
 * failure signal (a retry loop, a recursive retry, a re-schedule from a catch, a re-send). The
 * decision procedure is written once, on the engine-neutral model, in
 * {@link dev.retryowner.catalog.shape.RetryShapes}; this check adapts each method, constructor
 * and initializer into that model ({@link JavacCode}) and reports what it finds, at the loop
 * keyword or the name of the re-running call. The plugin's source check does the same on
 * JavaParser trees. The shapes are described in {@code docs/rules/HandRolledRetry.md}. Suppress
 * with {@code @SuppressWarnings("HandRolledRetry")} on the method or the class.
 */
@AutoService(BugChecker.class)
@BugPattern(
    summary = "A loop, recursion or re-schedule re-runs an operation after a failure only inside"
        + " the jobs packages.",
    severity = ERROR,
    linkType = CUSTOM,
    link = Documentation.RULES + "HandRolledRetry.md")
public final class HandRolledRetry extends RetryOwnerChecker
    implements MethodTreeMatcher, ClassTreeMatcher {
  private static final long serialVersionUID = 1L;

  private static final RuleDescriptor RULE = RuleRegistry.HAND_ROLLED_RETRY;

  private final transient Optional<GateConfig> config;
  private final transient Optional<CatalogMethods> delays;
  private final transient Optional<CatalogMethods> shapeCalls;
  private final transient CatalogMethodNames delayNames;
  private final transient CatalogMethodNames shapeCallNames;
  /** The compilation unit {@link #isInJobsPackages} last answered, and its answer. */
  private transient CompilationUnitTree answeredUnit;
  private transient boolean answeredUnitInJobs;
  /**
   * The findings of methods whose class was read and that were not visited yet; a method under
   * {@code @SuppressWarnings} is never visited, so its entry is dropped with its file's.
   */
  private final transient Map<MethodTree, List<ShapeMatch>> pendingByMethod =
      new IdentityHashMap<>();
  /** The findings in the initializers of classes that were read and not visited yet. */
  private final transient Map<ClassTree, List<ShapeMatch>> pendingByClass =
      new IdentityHashMap<>();

  /** For {@link java.util.ServiceLoader}; Error Prone runs the check through the other one. */
  public HandRolledRetry() {
    this.config = Optional.empty();
    this.delays = Optional.empty();
    this.shapeCalls = Optional.empty();
    this.delayNames = new CatalogMethodNames(Set.of());
    this.shapeCallNames = new CatalogMethodNames(Set.of());
  }

  /** Reads {@code -XepOpt:RetryOwner:*}; fails fast, saying the fix, when they are wrong. */
  @Inject
  public HandRolledRetry(ErrorProneFlags flags) {
    GateConfig gate = RetryOwnerFlags.gateConfig(flags, RULE.name());
    this.config = Optional.of(gate);
    this.delays = Optional.of(gate.catalog().delayCalls(RULE.name()));
    this.shapeCalls = Optional.of(gate.catalog().shapeCalls(RULE.name()));
    this.delayNames = new CatalogMethodNames(delays().methodNames());
    this.shapeCallNames = new CatalogMethodNames(shapeCalls().methodNames());
  }

  @Override
  public Description matchClass(ClassTree tree, VisitorState state) {
    if (isInJobsPackages(state)) {
      return Description.NO_MATCH;
    }
    if (state.getPath().getParentPath().getLeaf() instanceof CompilationUnitTree) {
      readClassBodies(tree, state);
    }
    List<ShapeMatch> initializers = pendingByClass.remove(tree);
    if (initializers != null) {
      report(initializers, state);
    }
    return Description.NO_MATCH;
  }

  /**
   * Reads a top-level class with every class body in it (nested, local, anonymous) together, as
   * a retry may run through several of their methods; each method's findings wait for its own
   * visit, and each class's initializer findings for its class's, so a suppression there holds.
   */
  private void readClassBodies(ClassTree topLevel, VisitorState state) {
    JavacCode code = code(state);
    List<ClassCode> classes = new ArrayList<>();
    Map<ClassTree, ClassCode> read = new IdentityHashMap<>();
    new TreeScanner<Void, ClassCode>() {
      @Override
      public Void visitClass(ClassTree type, ClassCode enclosing) {
        ClassCode body = new ClassCode(type, type.getSimpleName().toString(), code.units(type),
            enclosing);
        classes.add(body);
        read.put(type, body);
        return super.visitClass(type, body);
      }
    }.scan(topLevel, null);
    RetryShapes.ClassMatches matches = RetryShapes.find(classes);
    read.forEach((type, body) -> {
      List<ShapeMatch> initializers = new ArrayList<>();
      for (MethodCode unit : body.units()) {
        if (unit.kind() == MethodCode.Kind.INITIALIZER) {
          initializers.addAll(matches.in(unit));
        } else {
          pendingByMethod.put((MethodTree) unit.origin(), matches.in(unit));
        }
      }
      pendingByClass.put(type, initializers);
    });
  }

  @Override
  public Description matchMethod(MethodTree tree, VisitorState state) {
    List<ShapeMatch> pending = pendingByMethod.remove(tree);
    if (pending != null) {
      report(pending, state);
    }
    return Description.NO_MATCH;
  }

  /** Reports each retry shape at the loop keyword or the call's name. */
  private void report(List<ShapeMatch> matches, VisitorState state) {
    for (ShapeMatch match : matches) {
      int position = match.origin() instanceof MethodInvocationTree call
          ? namePosition(call, state) : ((JCTree) match.origin()).getStartPosition();
      state.reportMatch(describe(position, match.what()));
    }
  }

  private JavacCode code(VisitorState state) {
    JCCompilationUnit unit = (JCCompilationUnit) state.getPath().getCompilationUnit();
    return new JavacCode(call -> catalogCall(shapeCalls(), shapeCallNames, call, state),
        call -> helperDelay(call, unit, state).map(CatalogEntry::displayName));
  }

  /** The catalog entry if the expression is a call of a catalog delay method. */
  private Optional<CatalogEntry> delayCall(ExpressionTree expression, VisitorState state) {
    return catalogCall(delays(), delayNames, expression, state);
  }

  /**
   * The entry of {@code methods} if the expression calls one of them, also through a subtype;
   * {@code names} are their names, the test that settles most calls.
   */
  private static Optional<CatalogEntry> catalogCall(CatalogMethods methods,
      CatalogMethodNames names, ExpressionTree expression, VisitorState state) {
    if (!(expression instanceof MethodInvocationTree)
        || !(ASTHelpers.getSymbol(expression) instanceof MethodSymbol method)
        || !names.contains(method.getSimpleName(), state.getTypes())) {
      return Optional.empty();
    }
    ClassSymbol owner = (ClassSymbol) method.owner;
    for (Type supertype : state.getTypes().closure(owner.type)) {
      Optional<CatalogEntry> entry = methods.method(
          ((ClassSymbol) supertype.tsym).flatName().toString(), method.getSimpleName().toString());
      if (entry.isPresent()) {
        return entry;
      }
    }
    return Optional.empty();
  }

  /** A delay call directly in the body of a method of this compilation unit that {@code call} calls. */
  private Optional<CatalogEntry> helperDelay(MethodInvocationTree call, JCCompilationUnit unit,
      VisitorState state) {
    Symbol called = ASTHelpers.getSymbol(call);
    if (called == null) {
      return Optional.empty();
    }
    List<CatalogEntry> found = new ArrayList<>();
    new TreeScanner<Void, Void>() {
      @Override
      public Void visitMethod(MethodTree method, Void unused) {
        if (called.equals(ASTHelpers.getSymbol(method)) && method.getBody() != null) {
          new TreeScanner<Void, Void>() {
            @Override
            public Void visitMethodInvocation(MethodInvocationTree inner, Void unused2) {
              if (found.isEmpty()) {
                delayCall(inner, state).ifPresent(found::add);
              }
              return super.visitMethodInvocation(inner, null);
            }
          }.scan(method.getBody(), null);
        }
        return super.visitMethod(method, null);
      }
    }.scan(unit, null);
    return found.stream().findFirst();
  }

  /** The position of the called method's name: the line a reader looks for. */
  private static int namePosition(MethodInvocationTree tree, VisitorState state) {
    ExpressionTree select = tree.getMethodSelect();
    if (select instanceof MemberSelectTree member) {
      return state.getEndPosition(member) - member.getIdentifier().length();
    }
    return ((JCTree) select).getStartPosition();
  }

  private Description describe(int position, String what) {
    String message = what + ", outside the jobs packages " + config().jobsPackagesText()
        + ". Fix: " + RULE.fix();
    return buildDescription(new SimpleDiagnosticPosition(position)).setMessage(message).build();
  }

  /** Asked at every call and loop, so answered once per compilation unit. */
  private boolean isInJobsPackages(VisitorState state) {
    JCCompilationUnit unit = (JCCompilationUnit) state.getPath().getCompilationUnit();
    if (unit != answeredUnit) {
      pendingByMethod.clear();
      pendingByClass.clear();
      String packageName = unit.packge == null ? "" : unit.packge.getQualifiedName().toString();
      answeredUnitInJobs =
          config().jobsPackages().stream().anyMatch(p -> p.matchesPackage(packageName));
      answeredUnit = unit;
    }
    return answeredUnitInJobs;
  }

  private GateConfig config() {
    return configured(config);
  }

  private CatalogMethods delays() {
    return configured(delays);
  }

  private CatalogMethods shapeCalls() {
    return configured(shapeCalls);
  }

  /** Asked at every node: no lambda to allocate on the way. */
  private static <T> T configured(Optional<T> value) {
    if (value.isEmpty()) {
      throw new IllegalStateException(RetryOwnerFlags.missingJobsPackages(RULE.name()));
    }
    return value.get();
  }
}
