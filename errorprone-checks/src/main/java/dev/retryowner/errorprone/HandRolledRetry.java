package dev.retryowner.errorprone;

import static com.google.errorprone.BugPattern.LinkType.CUSTOM;
import static com.google.errorprone.BugPattern.SeverityLevel.ERROR;

import com.google.auto.service.AutoService;
import com.google.errorprone.BugPattern;
import com.google.errorprone.ErrorProneFlags;
import com.google.errorprone.VisitorState;
import com.google.errorprone.bugpatterns.BugChecker;
import com.google.errorprone.bugpatterns.BugChecker.DoWhileLoopTreeMatcher;
import com.google.errorprone.bugpatterns.BugChecker.ForLoopTreeMatcher;
import com.google.errorprone.bugpatterns.BugChecker.MethodInvocationTreeMatcher;
import com.google.errorprone.bugpatterns.BugChecker.WhileLoopTreeMatcher;
import com.google.errorprone.matchers.Description;
import com.google.errorprone.util.ASTHelpers;
import com.sun.source.tree.ArrayAccessTree;
import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.BinaryTree;
import com.sun.source.tree.BreakTree;
import com.sun.source.tree.CatchTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.CompoundAssignmentTree;
import com.sun.source.tree.DoWhileLoopTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.ForLoopTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.IfTree;
import com.sun.source.tree.LambdaExpressionTree;
import com.sun.source.tree.LiteralTree;
import com.sun.source.tree.MemberReferenceTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.ReturnTree;
import com.sun.source.tree.StatementTree;
import com.sun.source.tree.SwitchTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.TryTree;
import com.sun.source.tree.UnaryTree;
import com.sun.source.tree.WhileLoopTree;
import com.sun.source.util.TreePath;
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
import dev.retryowner.catalog.RetryLoopEvidence;
import dev.retryowner.catalog.RuleDescriptor;
import dev.retryowner.catalog.RuleRegistry;
import dev.retryowner.catalog.StatusCheck.Polarity;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.inject.Inject;
import javax.lang.model.element.Name;

/**
 * A hand-rolled retry outside the jobs packages: code that runs the same operation again after a
 * failure signal. The decision procedure (the plugin's source check applies the same one):
 *
 * <p><b>Failure signals.</b> A <em>failure catch</em> is a catch clause whose block is empty or
 * does not end in {@code throw}. A <em>status check</em> is {@code x.isSuccessful()} (also
 * {@code isSuccess}, {@code is2xxSuccessful}; {@code isError}, {@code is4xxClientError},
 * {@code is5xxServerError} for the error side), or a comparison of a variable, field or
 * no-argument call whose name contains "status" or "code" with an int literal: {@code == 4xx/5xx},
 * {@code != 2xx}, {@code >= 300..599}, {@code > 299..599} are true on an error; {@code == 2xx},
 * {@code < 300..599}, {@code <= 299..599} on success; {@code !} flips, and in {@code &&}/{@code
 * ||} the first operand that is a status check decides.
 *
 * <p><b>1. Retry loop</b> ({@code while}, {@code do}, basic {@code for}; never for-each, whose
 * every iteration is a different item), reported at the loop keyword, when all of:
 * <ol>
 *   <li>a failure signal: the loop condition is true on an error; or the body holds a try with a
 *       failure catch; or an {@code if} on a status check that stays in the loop on error (an
 *       error check whose then-branch does not end in break/return/throw, or a success check
 *       whose then-branch does). "The body holds" never looks into nested loops, lambdas or
 *       classes: those repeat something else.
 *   <li>a retry bound: an attempt counter (a variable of the condition that the update or the
 *       body changes by {@code ++}, {@code --} or {@code ±=} a literal, outside the try blocks of
 *       failure catches, so it counts attempts or failures, not successes); or an error-keyed
 *       condition; or no condition at all ({@code for(;;)}, {@code while (true)}) with a
 *       {@code break} or {@code return} in such a try block or success branch, so success ends
 *       the loop and failure goes round again.
 *   <li>the same operation: no counter is read in a method argument or array index of the body
 *       outside catch blocks and delay-call arguments ({@code items.get(i)} or
 *       {@code hosts.get(i)} means each iteration is different work).
 * </ol>
 * Not flagged therefore: status polls with a deadline (no failure signal: they compare a state,
 * not an error status), consume loops ({@code remaining -= batch.size()} is no attempt counter,
 * and nothing ends them on success), long-lived reconnect loops ({@code while (true)} with
 * nothing that ends it on success), CAS spin loops (no failure signal), Reactor/RxJava
 * {@code repeat*} (no loop).
 *
 * <p><b>2. Re-schedule</b>, reported at the scheduling call's name: inside a failure catch (also
 * within a lambda of the method), a catalog delay call, or a call with a catalog delay call as an
 * argument ({@code runAsync(task, delayedExecutor(...))}), that is handed the operation again:
 * {@code this}, a method reference to the enclosing method, or a lambda that calls it.
 *
 * <p><b>3. Recursive retry</b>, reported at the recursive call's name: inside a failure catch
 * (also within a lambda of the method, as in a scheduled attempt), a call of the enclosing method
 * itself, without a receiver or on {@code this}, with an argument {@code p + n} or {@code p - n}
 * where {@code p} is a parameter and {@code n} an int literal (an attempt counter).
 *
 * <p><b>4. Re-send</b>, reported at the later call's name: in one method or lambda body, a catalog
 * {@code resend-call} ({@code chain.proceed}) made again on the same local variable or parameter
 * after a failure signal of an earlier call, with no loop: see {@link RepeatedSend}.
 *
 * <p>Delay calls (catalog entries of this rule, also one call deep in a helper method of the same
 * class) are evidence the message names; no shape requires them except the re-schedule. Suppress
 * with {@code @SuppressWarnings("HandRolledRetry")}.
 */
@AutoService(BugChecker.class)
@BugPattern(
    summary = "A loop, recursion or re-schedule re-runs an operation after a failure only inside"
        + " the jobs packages.",
    severity = ERROR,
    linkType = CUSTOM,
    link = Documentation.RULES + "HandRolledRetry.md")
public final class HandRolledRetry extends RetryOwnerChecker
    implements WhileLoopTreeMatcher,
        DoWhileLoopTreeMatcher,
        ForLoopTreeMatcher,
        MethodInvocationTreeMatcher {
  private static final long serialVersionUID = 1L;

  private static final RuleDescriptor RULE = RuleRegistry.HAND_ROLLED_RETRY;

  private final transient Optional<GateConfig> config;
  private final transient Optional<CatalogMethods> delays;
  private final transient Optional<CatalogMethods> resends;
  private final transient CatalogMethodNames delayNames;
  private final transient CatalogMethodNames resendNames;
  /** The compilation unit {@link #isInJobsPackages} last answered, and its answer. */
  private transient CompilationUnitTree answeredUnit;
  private transient boolean answeredUnitInJobs;

  /** For {@link java.util.ServiceLoader}; Error Prone runs the check through the other one. */
  public HandRolledRetry() {
    this.config = Optional.empty();
    this.delays = Optional.empty();
    this.resends = Optional.empty();
    this.delayNames = new CatalogMethodNames(Set.of());
    this.resendNames = new CatalogMethodNames(Set.of());
  }

  /** Reads {@code -XepOpt:RetryOwner:*}; fails fast, saying the fix, when they are wrong. */
  @Inject
  public HandRolledRetry(ErrorProneFlags flags) {
    GateConfig gate = RetryOwnerFlags.gateConfig(flags, RULE.name());
    this.config = Optional.of(gate);
    this.delays = Optional.of(gate.catalog().delayCalls(RULE.name()));
    this.resends = Optional.of(gate.catalog().resendCalls(RULE.name()));
    this.delayNames = new CatalogMethodNames(delays().methodNames());
    this.resendNames = new CatalogMethodNames(resends().methodNames());
  }

  @Override
  public Description matchWhileLoop(WhileLoopTree tree, VisitorState state) {
    return matchLoop(tree, "while loop", tree.getCondition(), tree.getStatement(), List.of(),
        state);
  }

  @Override
  public Description matchDoWhileLoop(DoWhileLoopTree tree, VisitorState state) {
    return matchLoop(tree, "do-while loop", tree.getCondition(), tree.getStatement(), List.of(),
        state);
  }

  @Override
  public Description matchForLoop(ForLoopTree tree, VisitorState state) {
    return matchLoop(tree, "for loop", tree.getCondition(), tree.getStatement(),
        tree.getUpdate(), state);
  }

  private Description matchLoop(Tree loop, String kind, ExpressionTree condition,
      StatementTree body, List<? extends Tree> update, VisitorState state) {
    if (isInJobsPackages(state)) {
      return Description.NO_MATCH;
    }
    LoopBody parts = LoopBody.of(body);
    Set<String> counters = counters(condition, update, body, parts);
    RetryLoopEvidence evidence = new RetryLoopEvidence(
        condition != null && FailureSignals.polarity(condition) == Polarity.ERROR,
        !parts.guardedTries.isEmpty(), !parts.statusIfs.isEmpty(), List.copyOf(counters),
        condition == null || isTrueLiteral(condition), parts.exitsOnSuccess,
        parts.retryingCatch, parts.decidesOnFailure(condition));
    if (!evidence.hasFailureSignal() || !evidence.isBounded()
        || readsCounterAsWork(body, counters, state)) {
      return Description.NO_MATCH;
    }
    String what = evidence.describe(kind, delayNote(body, state));
    return report(((JCTree) loop).getStartPosition(), what);
  }

  @Override
  public Description matchMethodInvocation(MethodInvocationTree tree, VisitorState state) {
    MethodSymbol called = ASTHelpers.getSymbol(tree);
    if (called == null || isInJobsPackages(state)) {
      return Description.NO_MATCH;
    }
    Optional<CatalogEntry> send = resendCall(tree, state);
    if (send.isPresent()) {
      return RepeatedSend.of(state.getPath(), c -> resendCall(c, state).isPresent(), state)
          .map(resend -> report(namePosition(tree, state), RetryLoopEvidence.resend(
              send.get().displayName(), resend.receiver(), resend.signal())))
          .orElse(Description.NO_MATCH);
    }
    Optional<CatalogEntry> delay = delayCall(tree, state).or(() -> tree.getArguments().stream()
        .filter(a -> a instanceof MethodInvocationTree).map(a -> delayCall(a, state))
        .flatMap(Optional::stream).findFirst());
    boolean mayRecurse = isOwnReceiver(tree)
        && tree.getArguments().stream().anyMatch(a -> steppedName(a).isPresent());
    // Only a delay call or a stepping call on the own receiver can re-run the operation: most
    // calls end here, before the walk up the tree.
    if (delay.isEmpty() && !mayRecurse) {
      return Description.NO_MATCH;
    }
    Optional<MethodTree> enclosing = enclosingMethodInFailureCatch(state.getPath());
    if (enclosing.isEmpty()) {
      return Description.NO_MATCH;
    }
    MethodSymbol operation = ASTHelpers.getSymbol(enclosing.get());
    if (delay.isPresent()
        && tree.getArguments().stream().anyMatch(a -> namesOperation(a, operation))) {
      return report(namePosition(tree, state), RetryLoopEvidence.reSchedule(
          operation.getSimpleName().toString(), delay.get().displayName()));
    }
    if (called.equals(operation) && mayRecurse
        && tree.getArguments().stream().anyMatch(a -> isCounterStep(a, enclosing.get()))) {
      return report(namePosition(tree, state),
          RetryLoopEvidence.recursion(operation.getSimpleName().toString()));
    }
    return Description.NO_MATCH;
  }

  /**
   * The method the invocation belongs to (through lambdas, not through classes), if the
   * invocation lies in the block of a failure catch within it.
   */
  private static Optional<MethodTree> enclosingMethodInFailureCatch(TreePath path) {
    boolean inFailureCatch = false;
    Tree child = path.getLeaf();
    for (TreePath p = path.getParentPath(); p != null; child = p.getLeaf(), p = p.getParentPath()) {
      Tree leaf = p.getLeaf();
      if (leaf instanceof CatchTree catchTree && catchTree.getBlock() == child
          && FailureSignals.isFailureCatch(catchTree)) {
        inFailureCatch = true;
      }
      if (leaf instanceof MethodTree method) {
        return inFailureCatch ? Optional.of(method) : Optional.empty();
      }
      if (leaf instanceof ClassTree) {
        return Optional.empty();
      }
    }
    return Optional.empty();
  }

  /** {@code this}, {@code this::op} or {@code X::op}, or a lambda whose body calls {@code op}. */
  private static boolean namesOperation(ExpressionTree argument, MethodSymbol operation) {
    if (argument instanceof IdentifierTree identifier
        && identifier.getName().contentEquals("this")) {
      return true;
    }
    if (argument instanceof MemberReferenceTree reference) {
      return operation.equals(ASTHelpers.getSymbol(reference));
    }
    if (argument instanceof LambdaExpressionTree lambda) {
      boolean[] calls = {false};
      new TreeScanner<Void, Void>() {
        @Override
        public Void visitMethodInvocation(MethodInvocationTree call, Void unused) {
          calls[0] |= operation.equals(ASTHelpers.getSymbol(call)) && isOwnReceiver(call);
          return super.visitMethodInvocation(call, null);
        }
      }.scan(lambda.getBody(), null);
      return calls[0];
    }
    return false;
  }

  private static boolean isOwnReceiver(MethodInvocationTree tree) {
    ExpressionTree select = tree.getMethodSelect();
    return select instanceof IdentifierTree
        || (select instanceof MemberSelectTree member
            && member.getExpression() instanceof IdentifierTree receiver
            && receiver.getName().contentEquals("this"));
  }

  /** {@code p + 1}, {@code p - 1} (any int literal) for a parameter {@code p} of the method. */
  private static boolean isCounterStep(ExpressionTree argument, MethodTree method) {
    return steppedName(argument).filter(name -> method.getParameters().stream()
        .anyMatch(p -> p.getName().contentEquals(name))).isPresent();
  }

  /** The {@code x} of {@code x + n}, {@code x - n}, {@code n + x} for an int literal {@code n}. */
  private static Optional<Name> steppedName(ExpressionTree argument) {
    if (!(argument instanceof BinaryTree binary)
        || (binary.getKind() != Tree.Kind.PLUS && binary.getKind() != Tree.Kind.MINUS)) {
      return Optional.empty();
    }
    ExpressionTree left = binary.getLeftOperand();
    ExpressionTree right = binary.getRightOperand();
    ExpressionTree name = isIntLiteral(right) ? left : isIntLiteral(left) ? right : null;
    return name instanceof IdentifierTree identifier
        ? Optional.of(identifier.getName()) : Optional.empty();
  }

  /** The catalog entry if the expression is a call of a catalog delay method. */
  private Optional<CatalogEntry> delayCall(ExpressionTree expression, VisitorState state) {
    return catalogCall(delays(), delayNames, expression, state);
  }

  /** The catalog entry if the expression is a call of a catalog resend method. */
  private Optional<CatalogEntry> resendCall(ExpressionTree expression, VisitorState state) {
    return catalogCall(resends(), resendNames, expression, state);
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

  /**
   * The first delay call in the loop body, or in a method of the same file the body calls (one
   * call deep, "X (in helper)"); empty when the loop re-sends at once.
   */
  private Optional<String> delayNote(StatementTree body, VisitorState state) {
    JCCompilationUnit unit = (JCCompilationUnit) state.getPath().getCompilationUnit();
    List<String> found = new ArrayList<>();
    new TreeScanner<Void, Void>() {
      @Override
      public Void visitMethodInvocation(MethodInvocationTree call, Void unused) {
        if (found.isEmpty()) {
          delayCall(call, state).ifPresentOrElse(e -> found.add(e.displayName()),
              () -> helperDelay(call, unit, state)
                  .ifPresent(e -> found.add(e.displayName() + " (in "
                      + ASTHelpers.getSymbol(call).getSimpleName() + ")")));
        }
        return super.visitMethodInvocation(call, null);
      }
    }.scan(body, null);
    return found.stream().findFirst();
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

  /**
   * Loop variables that count attempts: named in the condition, changed by a literal step in the
   * update or in the body outside the try blocks of failure catches.
   */
  private static Set<String> counters(ExpressionTree condition, List<? extends Tree> update,
      StatementTree body, LoopBody parts) {
    if (condition == null) {
      return Set.of();
    }
    Set<String> named = new LinkedHashSet<>();
    new TreeScanner<Void, Void>() {
      @Override
      public Void visitIdentifier(IdentifierTree identifier, Void unused) {
        named.add(identifier.getName().toString());
        return null;
      }

      @Override
      public Void visitMemberSelect(MemberSelectTree select, Void unused) {
        nameOf(select).ifPresent(named::add);
        return super.visitMemberSelect(select, null);
      }
    }.scan(condition, null);
    Set<String> stepped = new LinkedHashSet<>();
    TreeScanner<Void, Void> steps = new TreeScanner<>() {
      @Override
      public Void visitTry(TryTree tryTree, Void unused) {
        if (!parts.guardedTries.contains(tryTree)) {
          scan(tryTree.getBlock(), null);
        }
        scan(tryTree.getCatches(), null);
        scan(tryTree.getFinallyBlock(), null);
        return null;
      }

      @Override
      public Void visitUnary(UnaryTree unary, Void unused) {
        switch (unary.getKind()) {
          case PREFIX_INCREMENT, PREFIX_DECREMENT, POSTFIX_INCREMENT, POSTFIX_DECREMENT ->
              nameOf(unary.getExpression()).ifPresent(stepped::add);
          default -> { }
        }
        return super.visitUnary(unary, null);
      }

      @Override
      public Void visitCompoundAssignment(CompoundAssignmentTree assignment, Void unused) {
        if ((assignment.getKind() == Tree.Kind.PLUS_ASSIGNMENT
            || assignment.getKind() == Tree.Kind.MINUS_ASSIGNMENT)
            && isIntLiteral(assignment.getExpression())) {
          nameOf(assignment.getVariable()).ifPresent(stepped::add);
        }
        return super.visitCompoundAssignment(assignment, null);
      }

      @Override
      public Void visitAssignment(AssignmentTree assignment, Void unused) {
        Optional<String> target = nameOf(assignment.getVariable());
        if (target.isPresent() && assignment.getExpression() instanceof BinaryTree binary
            && (binary.getKind() == Tree.Kind.PLUS || binary.getKind() == Tree.Kind.MINUS)
            && nameOf(binary.getLeftOperand()).equals(target)
            && isIntLiteral(binary.getRightOperand())) {
          stepped.add(target.get());
        }
        return super.visitAssignment(assignment, null);
      }

      @Override
      public Void visitLambdaExpression(LambdaExpressionTree lambda, Void unused) {
        return null;
      }

      @Override
      public Void visitClass(ClassTree type, Void unused) {
        return null;
      }
    };
    steps.scan(condition, null);
    steps.scan(update, null);
    steps.scan(body, null);
    named.retainAll(stepped);
    return named;
  }

  /**
   * True if a counter picks the work: it is read in a call argument or array index of the body,
   * outside catch blocks (backoff and logging live there) and outside delay-call arguments.
   */
  private boolean readsCounterAsWork(StatementTree body, Set<String> counters,
      VisitorState state) {
    if (counters.isEmpty()) {
      return false;
    }
    boolean[] reads = {false};
    new TreeScanner<Void, Boolean>() {
      @Override
      public Void visitCatch(CatchTree catchTree, Boolean inArgument) {
        return null;
      }

      @Override
      public Void visitMethodInvocation(MethodInvocationTree call, Boolean inArgument) {
        scan(call.getMethodSelect(), inArgument);
        if (delayCall(call, state).isEmpty()) {
          scan(call.getArguments(), true);
        }
        return null;
      }

      @Override
      public Void visitArrayAccess(ArrayAccessTree access, Boolean inArgument) {
        scan(access.getExpression(), inArgument);
        scan(access.getIndex(), true);
        return null;
      }

      @Override
      public Void visitIdentifier(IdentifierTree identifier, Boolean inArgument) {
        reads[0] |= Boolean.TRUE.equals(inArgument)
            && counters.contains(identifier.getName().toString());
        return null;
      }
    }.scan(body, false);
    return reads[0];
  }

  private static Optional<String> nameOf(ExpressionTree tree) {
    if (tree instanceof IdentifierTree identifier) {
      return Optional.of(identifier.getName().toString());
    }
    if (tree instanceof MemberSelectTree select && select.getExpression() instanceof IdentifierTree
        receiver && receiver.getName().contentEquals("this")) {
      return Optional.of(select.getIdentifier().toString());
    }
    return Optional.empty();
  }

  private static boolean isIntLiteral(ExpressionTree tree) {
    return tree instanceof LiteralTree literal && literal.getValue() instanceof Integer;
  }

  private static boolean isTrueLiteral(ExpressionTree tree) {
    ExpressionTree stripped = ASTHelpers.stripParentheses(tree);
    return stripped instanceof LiteralTree literal && Boolean.TRUE.equals(literal.getValue());
  }

  /** The position of the called method's name: the line a reader looks for. */
  private static int namePosition(MethodInvocationTree tree, VisitorState state) {
    ExpressionTree select = tree.getMethodSelect();
    if (select instanceof MemberSelectTree member) {
      return state.getEndPosition(member) - member.getIdentifier().length();
    }
    return ((JCTree) select).getStartPosition();
  }

  private Description report(int position, String what) {
    String message = what + ", outside the jobs packages " + config().jobsPackagesText()
        + ". Fix: " + RULE.fix();
    return buildDescription(new SimpleDiagnosticPosition(position)).setMessage(message).build();
  }

  /** Asked at every call and loop, so answered once per compilation unit. */
  private boolean isInJobsPackages(VisitorState state) {
    JCCompilationUnit unit = (JCCompilationUnit) state.getPath().getCompilationUnit();
    if (unit != answeredUnit) {
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

  private CatalogMethods resends() {
    return configured(resends);
  }

  /** Asked at every node: no lambda to allocate on the way. */
  private static <T> T configured(Optional<T> value) {
    if (value.isEmpty()) {
      throw new IllegalStateException(RetryOwnerFlags.missingJobsPackages(RULE.name()));
    }
    return value.get();
  }

  /**
   * What a loop body holds at its own level (not inside nested loops, lambdas or classes): the
   * try statements with a failure catch, the {@code if}s on a status check that stay in the loop
   * on error, and whether success leaves the loop.
   */
  private static final class LoopBody extends TreeScanner<Void, Void> {
    private final List<TryTree> guardedTries = new ArrayList<>();
    private final List<IfTree> statusIfs = new ArrayList<>();
    private final List<IfTree> exits = new ArrayList<>();
    /** Variables a failure catch assigns, and objects it hands the caught exception to. */
    private final Set<String> failureState = new LinkedHashSet<>();
    private boolean exitsOnSuccess;
    private boolean retryingCatch;
    private int guardedDepth;
    private int breakableDepth;

    static LoopBody of(StatementTree body) {
      LoopBody parts = new LoopBody();
      parts.scan(body, null);
      return parts;
    }

    /** True if the loop's condition or an exit's condition reads the failure state. */
    boolean decidesOnFailure(ExpressionTree condition) {
      return !failureState.isEmpty() && ((condition != null && readsFailureState(condition))
          || exits.stream().anyMatch(exit -> readsFailureState(exit.getCondition())));
    }

    private boolean readsFailureState(ExpressionTree condition) {
      Boolean reads = new TreeScanner<Boolean, Void>() {
        @Override
        public Boolean visitIdentifier(IdentifierTree identifier, Void unused) {
          return failureState.contains(identifier.getName().toString());
        }

        @Override
        public Boolean reduce(Boolean left, Boolean right) {
          return Boolean.TRUE.equals(left) || Boolean.TRUE.equals(right);
        }
      }.scan(condition, null);
      return Boolean.TRUE.equals(reads);
    }

    /**
     * A failure catch of the loop: one that does not always rethrow, unless it only catches
     * {@link InterruptedException}, which a wait swallows to keep waiting.
     */
    private static boolean isLoopFailureCatch(CatchTree catchTree) {
      return FailureSignals.isFailureCatch(catchTree)
          && !FailureSignals.catchesOnlyInterruption(catchTree);
    }

    private void readFailureState(CatchTree catchTree) {
      Name caught = catchTree.getParameter().getName();
      new TreeScanner<Void, Void>() {
        @Override
        public Void visitAssignment(AssignmentTree assignment, Void unused) {
          nameOf(assignment.getVariable()).ifPresent(failureState::add);
          return super.visitAssignment(assignment, null);
        }

        @Override
        public Void visitMethodInvocation(MethodInvocationTree call, Void unused) {
          boolean handsOver = call.getArguments().stream().anyMatch(a ->
              a instanceof IdentifierTree id && id.getName().equals(caught));
          if (handsOver && call.getMethodSelect() instanceof MemberSelectTree select) {
            nameOf(select.getExpression()).ifPresent(failureState::add);
          }
          return super.visitMethodInvocation(call, null);
        }
      }.scan(catchTree.getBlock(), null);
    }

    @Override
    public Void visitTry(TryTree tryTree, Void unused) {
      boolean guarded = tryTree.getCatches().stream().anyMatch(LoopBody::isLoopFailureCatch);
      if (guarded) {
        guardedTries.add(tryTree);
        tryTree.getCatches().stream().filter(LoopBody::isLoopFailureCatch)
            .forEach(this::readFailureState);
        guardedDepth++;
      }
      retryingCatch |= tryTree.getCatches().stream()
          .anyMatch(FailureSignals::goesRoundAgainOrRethrows);
      scan(tryTree.getResources(), null);
      scan(tryTree.getBlock(), null);
      if (guarded) {
        guardedDepth--;
      }
      scan(tryTree.getCatches(), null);
      scan(tryTree.getFinallyBlock(), null);
      return null;
    }

    @Override
    public Void visitIf(IfTree ifTree, Void unused) {
      Polarity polarity = FailureSignals.polarity(ifTree.getCondition());
      boolean leaves = FailureSignals.leaves(ifTree.getThenStatement());
      if ((polarity == Polarity.ERROR && !leaves) || (polarity == Polarity.SUCCESS && leaves)) {
        statusIfs.add(ifTree);
      }
      if (polarity == Polarity.SUCCESS && leaves) {
        exitsOnSuccess = true;
      }
      if (leaves) {
        exits.add(ifTree);
      }
      return super.visitIf(ifTree, null);
    }

    @Override
    public Void visitBreak(BreakTree breakTree, Void unused) {
      exitsOnSuccess |= guardedDepth > 0 && breakableDepth == 0 && breakTree.getLabel() == null;
      return null;
    }

    @Override
    public Void visitReturn(ReturnTree returnTree, Void unused) {
      exitsOnSuccess |= guardedDepth > 0;
      return super.visitReturn(returnTree, null);
    }

    @Override
    public Void visitSwitch(SwitchTree switchTree, Void unused) {
      breakableDepth++;
      super.visitSwitch(switchTree, null);
      breakableDepth--;
      return null;
    }

    /** Nested loops, lambdas and classes repeat or run something else: not this loop's body. */
    @Override
    public Void scan(Tree tree, Void unused) {
      return FailureSignals.startsAnotherBody(tree) ? null : super.scan(tree, null);
    }
  }
}
