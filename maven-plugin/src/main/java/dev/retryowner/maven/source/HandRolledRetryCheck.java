package dev.retryowner.maven.source;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.ArrayAccessExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.BooleanLiteralExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.stmt.BreakStmt;
import com.github.javaparser.ast.stmt.CatchClause;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.LocalClassDeclarationStmt;
import com.github.javaparser.ast.stmt.LocalRecordDeclarationStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.SwitchStmt;
import com.github.javaparser.ast.stmt.TryStmt;
import com.github.javaparser.ast.stmt.WhileStmt;
import dev.retryowner.catalog.CatalogEntry;
import dev.retryowner.catalog.CatalogMethods;
import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.GateConfig;
import dev.retryowner.catalog.RetryLoopEvidence;
import dev.retryowner.catalog.RuleDescriptor;
import dev.retryowner.catalog.RuleRegistry;
import dev.retryowner.catalog.Site;
import dev.retryowner.catalog.StatusCheck;
import dev.retryowner.catalog.StatusCheck.Polarity;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The source engine of HandRolledRetry: a loop, recursion, re-schedule or re-send that runs an
 * operation again after a failure signal, outside the jobs packages. It applies the decision
 * procedure written down in {@code dev.retryowner.errorprone.HandRolledRetry} (and
 * {@code docs/rules/HandRolledRetry.md}) to JavaParser trees and reports the same lines: the loop
 * keyword, or the name of the recursive, scheduling or re-sending call. Files whose text has no
 * {@code catch}, no success or error method and no status check (a status or code name and a
 * status value), or no loop keyword and no call that may schedule, are not parsed.
 */
public final class HandRolledRetryCheck {
  private static final RuleDescriptor RULE = RuleRegistry.HAND_ROLLED_RETRY;
  private static final Pattern CATCH_TEXT = Pattern.compile("\\bcatch\\b");
  private static final String WHY = "a retry outside the job layer multiplies with the retries"
      + " of the layers around it (3 layers of 3 attempts send 27 requests) and hides the policy"
      + " from the job kind";
  private static final Pattern REPEAT_TEXT = Pattern.compile("\\b(while|for|do)\\b|\\(");

  private final GateConfig config;
  private final TypeRelations relations;
  private final JavaSources sources;
  private final CatalogMethods delays;
  private final CatalogMethods resends;

  public HandRolledRetryCheck(GateConfig config, TypeRelations relations, JavaSources sources) {
    this.config = config;
    this.relations = relations;
    this.sources = sources;
    this.delays = config.catalog().delayCalls(RULE.name());
    this.resends = config.catalog().resendCalls(RULE.name());
  }

  /** The findings in every {@code .java} file under the roots; a root may be missing. */
  public List<Finding> findings(List<Path> sourceRoots) throws IOException {
    List<Finding> findings = new ArrayList<>();
    for (JavaSources.SourceFile source : JavaSources.javaFiles(sourceRoots)) {
      boolean mayMatch = sources.text(source.file()).filter(HandRolledRetryCheck::mayMatch)
          .isPresent();
      if (mayMatch) {
        sources.unit(source.file())
            .ifPresent(unit -> findings.addAll(check(unit, source.sourcePath())));
      }
    }
    return findings;
  }

  /** The cheap text test: a failure signal and something that can run code again. */
  static boolean mayMatch(String text) {
    return (CATCH_TEXT.matcher(text).find() || StatusCheck.mayAppearIn(text))
        && REPEAT_TEXT.matcher(text).find();
  }

  private List<Finding> check(CompilationUnit unit, String sourcePath) {
    String packageName = unit.getPackageDeclaration().map(p -> p.getNameAsString()).orElse("");
    if (config.jobsPackages().stream().anyMatch(p -> p.matchesPackage(packageName))) {
      return List.of();
    }
    SourceTypeNames names = new SourceTypeNames(unit, relations);
    FileContext file = new FileContext(unit, sourcePath,
        new SourceCatalogCalls(delays, names, relations, unit),
        new SourceCatalogCalls(resends, names, relations, unit));
    List<Finding> findings = new ArrayList<>();
    unit.walk(node -> {
      if (node instanceof WhileStmt loop) {
        loop(file, loop, "while loop", loop.getCondition(), loop.getBody(), List.of())
            .ifPresent(findings::add);
      } else if (node instanceof DoStmt loop) {
        loop(file, loop, "do-while loop", loop.getCondition(), loop.getBody(), List.of())
            .ifPresent(findings::add);
      } else if (node instanceof ForStmt loop) {
        loop(file, loop, "for loop", loop.getCompare().orElse(null), loop.getBody(),
            loop.getUpdate()).ifPresent(findings::add);
      } else if (node instanceof MethodCallExpr call) {
        invocation(file, call).ifPresent(findings::add);
      }
    });
    return findings;
  }

  private Optional<Finding> loop(FileContext file, Statement loop, String kind,
      Expression condition, Statement body, List<Expression> update) {
    LoopBody parts = LoopBody.of(body);
    Set<String> counters = counters(condition, update, body, parts);
    RetryLoopEvidence evidence = new RetryLoopEvidence(
        condition != null && SourceFailureSignals.polarity(condition) == Polarity.ERROR,
        !parts.guardedTries.isEmpty(), !parts.statusIfs.isEmpty(), List.copyOf(counters),
        condition == null || isTrueLiteral(condition), parts.exitsOnSuccess,
        parts.retryingCatch, parts.decidesOnFailure(condition));
    if (!evidence.hasFailureSignal() || !evidence.isBounded()
        || readsCounterAsWork(body, counters, file.delays())) {
      return Optional.empty();
    }
    String what = evidence.describe(kind, delayNote(body, file.delays()));
    return Optional.of(finding(file, loop, loop.getBegin().map(p -> p.line).orElse(0), what, ""));
  }

  private Optional<Finding> invocation(FileContext file, MethodCallExpr call) {
    Optional<CatalogEntry> send = file.resends().entry(call);
    if (send.isPresent()) {
      int line = call.getName().getBegin().map(p -> p.line).orElse(0);
      String target = send.get().displayName();
      return SourceRepeatedSend.of(call, c -> file.resends().entry(c).isPresent())
          .map(resend -> finding(file, call, line,
              RetryLoopEvidence.resend(target, resend.receiver(), resend.signal()), target));
    }
    Optional<CallableDeclaration<?>> enclosing = enclosingCallableInFailureCatch(call);
    if (enclosing.isEmpty()) {
      return Optional.empty();
    }
    CallableDeclaration<?> operation = enclosing.get();
    String name = operation.getNameAsString();
    int line = call.getName().getBegin().map(p -> p.line).orElse(0);
    Optional<CatalogEntry> delay = file.delays().entry(call).or(() -> call.getArguments().stream()
        .map(a -> file.delays().entry(a)).flatMap(Optional::stream).findFirst());
    if (delay.isPresent()
        && call.getArguments().stream().anyMatch(a -> namesOperation(a, operation))) {
      return Optional.of(finding(file, call, line,
          RetryLoopEvidence.reSchedule(name, delay.get().displayName()),
          delay.get().displayName()));
    }
    boolean recursive = operation instanceof MethodDeclaration
        && call.getNameAsString().equals(name)
        && call.getArguments().size() == operation.getParameters().size()
        && isOwnReceiver(call)
        && call.getArguments().stream().anyMatch(a -> isCounterStep(a, operation));
    if (recursive) {
      return Optional.of(finding(file, call, line, RetryLoopEvidence.recursion(name), ""));
    }
    return Optional.empty();
  }

  /**
   * The method or constructor the call belongs to (through lambdas, not through classes), if
   * the call lies in the block of a failure catch within it.
   */
  private static Optional<CallableDeclaration<?>> enclosingCallableInFailureCatch(Node call) {
    boolean inFailureCatch = false;
    Node child = call;
    for (Node node = call.getParentNode().orElse(null); node != null;
        child = node, node = node.getParentNode().orElse(null)) {
      if (node instanceof CatchClause catchClause && catchClause.getBody() == child
          && SourceFailureSignals.isFailureCatch(catchClause)) {
        inFailureCatch = true;
      }
      if (node instanceof CallableDeclaration<?> callable) {
        return inFailureCatch ? Optional.of(callable) : Optional.empty();
      }
      if (node instanceof TypeDeclaration<?>
          || (node instanceof ObjectCreationExpr && child instanceof BodyDeclaration<?>)) {
        return Optional.empty();
      }
    }
    return Optional.empty();
  }

  /** {@code this}, a method reference to the operation, or a lambda that calls it. */
  private static boolean namesOperation(Expression argument, CallableDeclaration<?> operation) {
    if (argument instanceof ThisExpr this_ && this_.getTypeName().isEmpty()) {
      return true;
    }
    String name = operation.getNameAsString();
    if (argument instanceof MethodReferenceExpr reference) {
      return operation instanceof MethodDeclaration && reference.getIdentifier().equals(name);
    }
    if (argument instanceof LambdaExpr lambda) {
      return operation instanceof MethodDeclaration && !lambda.getBody().findAll(
          MethodCallExpr.class, c -> c.getNameAsString().equals(name) && isOwnReceiver(c)
              && c.getArguments().size() == operation.getParameters().size()).isEmpty();
    }
    return false;
  }

  private static boolean isOwnReceiver(MethodCallExpr call) {
    return call.getScope().isEmpty()
        || (call.getScope().get() instanceof ThisExpr this_ && this_.getTypeName().isEmpty());
  }

  /** {@code p + 1}, {@code p - 1} (any int literal) for a parameter {@code p} of the method. */
  private static boolean isCounterStep(Expression argument, CallableDeclaration<?> method) {
    if (!(argument instanceof BinaryExpr binary)
        || (binary.getOperator() != BinaryExpr.Operator.PLUS
            && binary.getOperator() != BinaryExpr.Operator.MINUS)) {
      return false;
    }
    Expression name = SourceFailureSignals.intValue(binary.getRight()).isPresent()
        ? binary.getLeft()
        : SourceFailureSignals.intValue(binary.getLeft()).isPresent() ? binary.getRight() : null;
    return name instanceof NameExpr nameExpr && method.getParameters().stream()
        .anyMatch(p -> p.getNameAsString().equals(nameExpr.getNameAsString()));
  }

  /** The first delay call in the body, directly or one call deep ("X (in helper)"). */
  private static Optional<String> delayNote(Statement body, SourceCatalogCalls delays) {
    for (MethodCallExpr call : body.findAll(MethodCallExpr.class)) {
      Optional<CatalogEntry> direct = delays.entry(call);
      if (direct.isPresent()) {
        return Optional.of(direct.get().displayName());
      }
      Optional<CatalogEntry> helper = delays.inHelper(call);
      if (helper.isPresent()) {
        return Optional.of(helper.get().displayName() + " (in " + call.getNameAsString() + ")");
      }
    }
    return Optional.empty();
  }

  /**
   * Loop variables that count attempts: named in the condition, changed by a literal step in the
   * update or in the body outside the try blocks of failure catches.
   */
  private static Set<String> counters(Expression condition, List<Expression> update,
      Statement body, LoopBody parts) {
    if (condition == null) {
      return Set.of();
    }
    Set<String> named = new LinkedHashSet<>();
    condition.walk(Expression.class, e -> nameOf(e).ifPresent(named::add));
    Set<String> stepped = new LinkedHashSet<>();
    collectSteps(condition, parts, stepped);
    update.forEach(u -> collectSteps(u, parts, stepped));
    collectSteps(body, parts, stepped);
    named.retainAll(stepped);
    return named;
  }

  private static void collectSteps(Node node, LoopBody parts, Set<String> stepped) {
    if (node instanceof LambdaExpr || isClassBody(node)) {
      return;
    }
    if (node instanceof UnaryExpr unary && switch (unary.getOperator()) {
      case PREFIX_INCREMENT, PREFIX_DECREMENT, POSTFIX_INCREMENT, POSTFIX_DECREMENT -> true;
      default -> false;
    }) {
      nameOf(unary.getExpression()).ifPresent(stepped::add);
    } else if (node instanceof AssignExpr assign) {
      Optional<String> target = nameOf(assign.getTarget());
      boolean literalStep = switch (assign.getOperator()) {
        case PLUS, MINUS -> SourceFailureSignals.intValue(assign.getValue()).isPresent();
        case ASSIGN -> assign.getValue() instanceof BinaryExpr binary
            && (binary.getOperator() == BinaryExpr.Operator.PLUS
                || binary.getOperator() == BinaryExpr.Operator.MINUS)
            && nameOf(binary.getLeft()).equals(target)
            && SourceFailureSignals.intValue(binary.getRight()).isPresent();
        default -> false;
      };
      if (literalStep) {
        target.ifPresent(stepped::add);
      }
    }
    for (Node child : node.getChildNodes()) {
      boolean guardedBlock = node instanceof TryStmt tryStmt && parts.guardedTries.contains(tryStmt)
          && child == tryStmt.getTryBlock();
      if (!guardedBlock) {
        collectSteps(child, parts, stepped);
      }
    }
  }

  /**
   * True if a counter picks the work: it is read in a call argument or array index of the body,
   * outside catch blocks and outside delay-call arguments.
   */
  private static boolean readsCounterAsWork(Statement body, Set<String> counters,
      SourceCatalogCalls delays) {
    return !counters.isEmpty() && readsCounter(body, counters, delays, false);
  }

  private static boolean readsCounter(Node node, Set<String> counters, SourceCatalogCalls delays,
      boolean inArgument) {
    if (node instanceof CatchClause) {
      return false;
    }
    if (node instanceof NameExpr name) {
      return inArgument && counters.contains(name.getNameAsString());
    }
    if (node instanceof MethodCallExpr call) {
      boolean inScope = call.getScope()
          .map(scope -> readsCounter(scope, counters, delays, inArgument)).orElse(false);
      return inScope || (delays.entry(call).isEmpty() && call.getArguments().stream()
          .anyMatch(a -> readsCounter(a, counters, delays, true)));
    }
    if (node instanceof ArrayAccessExpr access) {
      return readsCounter(access.getName(), counters, delays, inArgument)
          || readsCounter(access.getIndex(), counters, delays, true);
    }
    return node.getChildNodes().stream()
        .anyMatch(child -> readsCounter(child, counters, delays, inArgument));
  }

  private static Optional<String> nameOf(Expression expression) {
    if (expression instanceof NameExpr name) {
      return Optional.of(name.getNameAsString());
    }
    if (expression instanceof FieldAccessExpr field && field.getScope() instanceof ThisExpr) {
      return Optional.of(field.getNameAsString());
    }
    return Optional.empty();
  }

  private static boolean isTrueLiteral(Expression expression) {
    Expression stripped = expression;
    while (stripped instanceof EnclosedExpr enclosed) {
      stripped = enclosed.getInner();
    }
    return stripped instanceof BooleanLiteralExpr literal && literal.getValue();
  }

  private static boolean isClassBody(Node node) {
    return node instanceof LocalClassDeclarationStmt || node instanceof LocalRecordDeclarationStmt
        || (node instanceof BodyDeclaration<?> && node.getParentNode().orElse(null)
            instanceof ObjectCreationExpr);
  }

  private Finding finding(FileContext file, Node node, int line, String what, String target) {
    Node classNode = SourceTypeNames.closestClass(node);
    SourceTypeNames names = new SourceTypeNames(file.unit(), relations);
    String className = classNode == null ? names.packageName()
        : names.binaryName(classNode).orElse(names.packageName());
    return new Finding(RULE.name(), className, SourceMembers.memberOf(node, classNode),
        file.sourcePath(), line, Site.CALL, target, what, WHY);
  }

  /** One parsed file under check. */
  private record FileContext(CompilationUnit unit, String sourcePath, SourceCatalogCalls delays,
      SourceCatalogCalls resends) {}

  /**
   * What a loop body holds at its own level (not inside nested loops, lambdas or classes): the
   * try statements with a failure catch, the {@code if}s on a status check that stay in the loop
   * on error, whether success leaves the loop, whether a catch that otherwise rethrows goes round
   * again, what the failure catches hand the failure to, and the {@code if}s that leave the loop.
   */
  private static final class LoopBody {
    private final List<TryStmt> guardedTries = new ArrayList<>();
    private final List<IfStmt> statusIfs = new ArrayList<>();
    private final List<IfStmt> exits = new ArrayList<>();
    /** Variables a failure catch assigns, and objects it hands the caught exception to. */
    private final Set<String> failureState = new LinkedHashSet<>();
    private boolean exitsOnSuccess;
    private boolean retryingCatch;

    static LoopBody of(Statement body) {
      LoopBody parts = new LoopBody();
      parts.visit(body, false, false);
      return parts;
    }

    /** True if the loop's condition or an exit's condition reads the failure state. */
    boolean decidesOnFailure(Expression condition) {
      return !failureState.isEmpty() && ((condition != null && readsFailureState(condition))
          || exits.stream().anyMatch(exit -> readsFailureState(exit.getCondition())));
    }

    private boolean readsFailureState(Expression condition) {
      return condition.findFirst(NameExpr.class,
          name -> failureState.contains(name.getNameAsString())).isPresent();
    }

    /**
     * A failure catch of the loop: one that does not always rethrow, unless it only catches
     * {@link InterruptedException}, which a wait swallows to keep waiting.
     */
    private static boolean isLoopFailureCatch(CatchClause catchClause) {
      return SourceFailureSignals.isFailureCatch(catchClause)
          && !SourceFailureSignals.catchesOnlyInterruption(catchClause);
    }

    private void readFailureState(CatchClause catchClause) {
      String caught = catchClause.getParameter().getNameAsString();
      catchClause.getBody().walk(AssignExpr.class, assign -> {
        if (assign.getOperator() == AssignExpr.Operator.ASSIGN) {
          nameOf(assign.getTarget()).ifPresent(failureState::add);
        }
      });
      catchClause.getBody().walk(MethodCallExpr.class, call -> {
        boolean handsOver = call.getArguments().stream().anyMatch(a -> a instanceof NameExpr n
            && n.getNameAsString().equals(caught));
        if (handsOver) {
          call.getScope().flatMap(HandRolledRetryCheck::nameOf).ifPresent(failureState::add);
        }
      });
    }

    private void visit(Node node, boolean inGuardedTry, boolean inSwitch) {
      if (node instanceof WhileStmt || node instanceof DoStmt || node instanceof ForStmt
          || node instanceof ForEachStmt || node instanceof LambdaExpr || isClassBody(node)) {
        return;
      }
      if (node instanceof TryStmt tryStmt) {
        boolean guarded = tryStmt.getCatchClauses().stream()
            .anyMatch(LoopBody::isLoopFailureCatch);
        if (guarded) {
          guardedTries.add(tryStmt);
          tryStmt.getCatchClauses().stream().filter(LoopBody::isLoopFailureCatch)
              .forEach(this::readFailureState);
        }
        retryingCatch |= tryStmt.getCatchClauses().stream()
            .anyMatch(SourceFailureSignals::goesRoundAgainOrRethrows);
        tryStmt.getResources().forEach(r -> visit(r, inGuardedTry, inSwitch));
        visit(tryStmt.getTryBlock(), inGuardedTry || guarded, inSwitch);
        tryStmt.getCatchClauses().forEach(c -> visit(c, inGuardedTry, inSwitch));
        tryStmt.getFinallyBlock().ifPresent(f -> visit(f, inGuardedTry, inSwitch));
        return;
      }
      if (node instanceof IfStmt ifStmt) {
        Polarity polarity = SourceFailureSignals.polarity(ifStmt.getCondition());
        boolean leaves = SourceFailureSignals.leaves(ifStmt.getThenStmt());
        if ((polarity == Polarity.ERROR && !leaves) || (polarity == Polarity.SUCCESS && leaves)) {
          statusIfs.add(ifStmt);
        }
        exitsOnSuccess |= polarity == Polarity.SUCCESS && leaves;
        if (leaves) {
          exits.add(ifStmt);
        }
      }
      if (node instanceof BreakStmt breakStmt) {
        exitsOnSuccess |= inGuardedTry && !inSwitch && breakStmt.getLabel().isEmpty();
      }
      if (node instanceof ReturnStmt) {
        exitsOnSuccess |= inGuardedTry;
      }
      boolean switchHere = inSwitch || node instanceof SwitchStmt;
      for (Node child : node.getChildNodes()) {
        visit(child, inGuardedTry, switchHere);
      }
    }
  }
}
