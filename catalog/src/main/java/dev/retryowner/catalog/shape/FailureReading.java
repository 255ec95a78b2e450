package dev.retryowner.catalog.shape;

import dev.retryowner.catalog.CodeWords;
import dev.retryowner.catalog.RetryLoopEvidence;
import dev.retryowner.catalog.StatusCheck;
import dev.retryowner.catalog.StatusCheck.Polarity;
import dev.retryowner.catalog.shape.Code.Binary;
import dev.retryowner.catalog.shape.Code.Block;
import dev.retryowner.catalog.shape.Code.Call;
import dev.retryowner.catalog.shape.Code.Catch;
import dev.retryowner.catalog.shape.Code.ClassBody;
import dev.retryowner.catalog.shape.Code.Jump;
import dev.retryowner.catalog.shape.Code.JumpKind;
import dev.retryowner.catalog.shape.Code.Lambda;
import dev.retryowner.catalog.shape.Code.Literal;
import dev.retryowner.catalog.shape.Code.Loop;
import dev.retryowner.catalog.shape.Code.Name;
import dev.retryowner.catalog.shape.Code.Select;
import dev.retryowner.catalog.shape.Code.TypeFact;
import dev.retryowner.catalog.shape.Code.Unary;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * How the retry shapes read a failure from {@link Code}: a catch that does not unconditionally
 * rethrow, and a check of a call's outcome that is true on an error (or on success).
 */
public final class FailureReading {
  /** The type every failure extends: a value of a subtype holds a failure. */
  public static final String FAILURE_ROOT = "java.lang.Throwable";

  /** A name that says it holds a failure. */
  private static final Pattern FAILURE_NAME =
      Pattern.compile("(?i)exception|error|failure|throwable|cause|^(e|ex|exc|err|t)$");

  /** A callback named for a failure: onError, onFailure, failed, retriesExhausted. */
  private static final Pattern FAILURE_CALLBACK =
      Pattern.compile("(?i)error|failure|failed|exception|exhausted");

  /** A stage that runs its lambda instead of failed work: withFallback, recover, recoverWith. */
  private static final Pattern RECOVERY_STAGE = Pattern.compile("(?i)fallback|recover");

  /** A predicate's or getter's name: it asks about a failure, it does not run after one. */
  private static final Pattern QUESTION_NAME = Pattern.compile("^(is|has|can|should|get)[A-Z]");

  /** A value or predicate named for a decision to run the work again. */
  private static final Pattern RETRY_DECISION = Pattern.compile("(?i)retry|retrying|retriable");

  /** A count or a bound named for retries or attempts: {@code maxRetries}, {@code attempt}. */
  private static final Pattern RETRY_COUNT = Pattern.compile("(?i)retr(y|ies)|attempt");

  /** Any name one of the patterns above reads a signal in: see {@link #isSignalName}. */
  private static final Pattern SIGNAL_NAME = Pattern.compile(String.join("|",
      FAILURE_NAME.pattern(), FAILURE_CALLBACK.pattern(), RETRY_DECISION.pattern(),
      RETRY_COUNT.pattern()));

  /** See {@link #isLookupMiss}. */
  private static final Pattern LOOKUP_MISS = Pattern.compile(
      "NotFound|NoSuch|Format|Parse|DateTime|IllegalArgument|Unsupported|ClassCast|Instantiation"
          + "|Linkage|IllegalAccess|InvocationTarget|Reflective|Security|Authentication");

  private FailureReading() {}

  /**
   * False only if {@code code} can hold no failure signal: no catch, no failure type or name, no
   * status check. A failure type that only a throws clause or a {@code throw new} names is no
   * signal: a failure is read there by no one. For engines that skip a source file before
   * parsing it.
   */
  public static boolean mayAppearIn(CodeWords code) {
    return code.anyReadingMatch(FailureReading::isFailureWord) || StatusCheck.mayAppearIn(code);
  }

  /**
   * False only if one member of a class (a method, constructor or initializer, with its
   * declaration) reads no failure and no retry of its own: besides what {@link #mayAppearIn}
   * looks for, no name the shapes read a signal in ({@link #isSignalName}). A member without one
   * can still take part in a shape through the members it calls or that call it; engines that
   * skip members keep those. {@code isSignalName} may be {@link #isSignalName} itself or a
   * memo of it: the same words come back in member after member.
   */
  public static boolean mayBeReadIn(CodeWords member, Predicate<String> isSignalName) {
    return mayAppearIn(member) || member.anyMatch(isSignalName);
  }

  /**
   * True for a name the shapes read a signal in: a failure's or a failure callback's, one
   * letter as {@code e}, a retry's decision or count.
   */
  public static boolean isSignalName(String word) {
    return SIGNAL_NAME.matcher(word).find();
  }

  /**
   * {@code catch}, a word naming a failure type or a failure, or a failure stage that hands one
   * to a lambda ({@code exceptionally}, {@code exceptionallyCompose}, {@code onErrorResume}, and
   * {@code whenComplete} and {@code handle}, which hand the failure or null).
   */
  private static boolean isFailureWord(String word) {
    if (word.equals("catch") || word.contains("Throwable") || word.contains("Error")
        || word.equals("whenComplete") || word.equals("handle")) {
      return true;
    }
    String lower = word.toLowerCase(Locale.ROOT);
    return lower.contains("exception") || lower.contains("failure") || lower.contains("cause");
  }

  /** A catch whose block is empty or does not end in {@code throw}: the failure is swallowed. */
  public static boolean isFailureCatch(Catch catchClause) {
    List<Code> statements = catchClause.body().statements();
    return statements.isEmpty() || !isJump(statements.get(statements.size() - 1), JumpKind.THROW);
  }

  /** True for {@code catch (InterruptedException e)}: a wait swallows it to keep waiting. */
  public static boolean catchesOnlyInterruption(Catch catchClause) {
    String interruption = RetryLoopEvidence.INTERRUPTION;
    return catchClause.types().size() == 1
        && (catchClause.types().get(0).equals(interruption) || catchClause.types().get(0)
            .equals(interruption.substring(interruption.lastIndexOf('.') + 1)));
  }

  /**
   * True for a nested loop, lambda or class: code in it repeats or runs something else, so it
   * is not part of the enclosing loop's body.
   */
  public static boolean startsAnotherBody(Code node) {
    return node instanceof Loop || node instanceof Lambda || node instanceof ClassBody;
  }

  /**
   * True if a catch that otherwise rethrows goes round its loop again: its block ends in
   * {@code throw} and holds a {@code continue} of that loop (not of a loop, lambda or class
   * inside the catch).
   */
  public static boolean goesRoundAgainOrRethrows(Catch catchClause) {
    return !isFailureCatch(catchClause) && catchClause.body()
        .findAll(Jump.class, FailureReading::startsAnotherBody).stream()
        .anyMatch(jump -> jump.kind() == JumpKind.CONTINUE && jump.label() == null);
  }

  /** True if the statement always ends in {@code break}, {@code return} or {@code throw}. */
  public static boolean leaves(Code statement) {
    Code last = lastOf(statement);
    return isJump(last, JumpKind.BREAK) || isJump(last, JumpKind.RETURN)
        || isJump(last, JumpKind.THROW);
  }

  /** True if the statement always ends in {@code throw}: it gives up. */
  static boolean givesUp(Code statement) {
    return isJump(lastOf(statement), JumpKind.THROW);
  }

  /** The statement a block ends with, through nested blocks; an empty block itself. */
  private static Code lastOf(Code statement) {
    Code last = statement;
    while (last instanceof Block block && !block.statements().isEmpty()) {
      last = block.statements().get(block.statements().size() - 1);
    }
    return last;
  }

  /**
   * True if the catch takes a failure worth trying again: not only an interruption, and not only
   * the miss of a look-up ({@link #isLookupMiss}).
   */
  static boolean catchesTransientFailure(Catch catchClause) {
    return !catchesOnlyInterruption(catchClause)
        && !catchClause.types().stream().allMatch(FailureReading::isLookupMiss);
  }

  /**
   * ERROR for {@code !r.isSuccessful()}, {@code r.isError()}, {@code status >= 500},
   * {@code code == 429}, {@code status != 200}; SUCCESS for their negations; the first operand
   * that says something decides a {@code &&} or {@code ||}; a boolean local reads as the check it
   * holds ({@code if (unavailable)} after {@code boolean unavailable = code == 503}).
   */
  public static Polarity polarity(Code condition) {
    return polarity(condition, true, false);
  }

  /**
   * The polarity the re-send shape reads: as {@link #polarity}, but a credential challenge
   * ({@code code == 401}, {@code == 407}) says nothing, since sending again with fresh
   * credentials does not repeat the failure.
   */
  public static Polarity resendPolarity(Code condition) {
    return polarity(condition, false, false);
  }

  /**
   * The polarity of a branch's condition: as {@link #polarity}, and also ERROR for a failure that
   * is there ({@code failure != null}), for a predicate handed the failure
   * ({@code shouldRetry(attempt, error)}) and for a value named for a decision to retry
   * ({@code if (state.retrying)}): its branch runs knowing of a failure. A loop's
   * condition does not read it so: walking a cause chain ({@code while (cause != null)}) repeats
   * nothing.
   */
  public static Polarity branchPolarity(Code condition) {
    return polarity(condition, true, true);
  }

  private static Polarity polarity(Code condition, boolean challengeIsError,
      boolean failureValues) {
    if (condition instanceof Name name && name.definition() != null) {
      return polarity(name.definition(), challengeIsError, failureValues);
    }
    if (condition instanceof Unary unary && unary.operator().equals("!")) {
      return polarity(unary.operand(), challengeIsError, failureValues).negated();
    }
    if (failureValues && namesRetryDecision(condition)) {
      return Polarity.ERROR;
    }
    if (condition instanceof Call call) {
      Polarity method = call.arguments().isEmpty() ? StatusCheck.ofMethod(call.name())
          : Polarity.NONE;
      boolean handedFailure = failureValues && call.arguments().stream()
          .anyMatch(a -> a instanceof Name name && holdsFailure(name));
      return method == Polarity.NONE && handedFailure ? Polarity.ERROR : method;
    }
    if (condition instanceof Binary binary) {
      if (binary.operator().equals("&&") || binary.operator().equals("||")) {
        Polarity left = polarity(binary.left(), challengeIsError, failureValues);
        return left != Polarity.NONE ? left
            : polarity(binary.right(), challengeIsError, failureValues);
      }
      Polarity status = comparison(binary, challengeIsError);
      return status == Polarity.NONE && failureValues ? failurePresent(binary) : status;
    }
    return Polarity.NONE;
  }

  /**
   * A boolean variable, field or no-argument call named for a decision to retry
   * ({@code retryRequest}, {@code state.retrying}), alone or as an operand of {@code &&}.
   */
  static boolean namesRetryDecision(Code condition) {
    if (condition instanceof Binary binary && binary.operator().equals("&&")) {
      return namesRetryDecision(binary.left()) || namesRetryDecision(binary.right());
    }
    String name = valueName(condition);
    return name != null && RETRY_DECISION.matcher(name).find();
  }

  private static Polarity comparison(Binary binary, boolean challengeIsError) {
    String operator = binary.operator();
    if (!List.of("==", "!=", "<", "<=", ">", ">=").contains(operator)) {
      return Polarity.NONE;
    }
    Optional<Integer> right = intValue(binary.right());
    Optional<Integer> left = intValue(binary.left());
    Optional<Integer> namedRight = namedStatus(binary.right());
    Optional<Integer> namedLeft = namedStatus(binary.left());
    boolean literalFirst;
    int value;
    if (right.isPresent() && isStatusLike(binary.left())) {
      literalFirst = false;
      value = right.get();
    } else if (left.isPresent() && isStatusLike(binary.right())) {
      literalFirst = true;
      value = left.get();
    } else if (namedRight.isPresent() && namedLeft.isEmpty()) {
      literalFirst = false;
      value = namedRight.get();
    } else if (namedLeft.isPresent() && namedRight.isEmpty()) {
      literalFirst = true;
      value = namedLeft.get();
    } else {
      return Polarity.NONE;
    }
    if (!challengeIsError && StatusCheck.isCredentialChallenge(operator, value)) {
      return Polarity.NONE;
    }
    return StatusCheck.ofComparison(operator, value, literalFirst);
  }

  /**
   * ERROR for {@code failure != null}, SUCCESS for {@code failure == null}, where the value (a
   * variable, field or no-argument call) holds a failure: its type is a failure type, or, where
   * the engine knows no type, it is named for a failure (exception, error, failure, throwable,
   * cause, or the usual short names of a caught exception).
   */
  private static Polarity failurePresent(Binary binary) {
    boolean nullRight = binary.right() instanceof Literal literal && literal.value() == null;
    boolean nullLeft = binary.left() instanceof Literal literal && literal.value() == null;
    Code value = nullRight ? binary.left() : nullLeft ? binary.right() : null;
    boolean failure = value instanceof Name name ? holdsFailure(name)
        : value instanceof Call call && call.arguments().isEmpty()
            ? holdsFailure(call.type(), call.name())
            : value instanceof Select select && isFailureName(select.name());
    if (!failure) {
      return Polarity.NONE;
    }
    return binary.operator().equals("!=") ? Polarity.ERROR
        : binary.operator().equals("==") ? Polarity.SUCCESS : Polarity.NONE;
  }

  /**
   * True for a lambda of one parameter that holds a failure: a recovery stage or fallback that
   * the failure is handed to ({@code exceptionally(error -> ...)}), whose whole body runs after
   * it. The parameter's type says so; where the engine knows no type, its name does
   * ({@code error -> ...}), and a one-letter name ({@code e}, {@code t}), as often an element or
   * a timer's handle, only when the body ignores it and the lambda is handed to a call named for
   * a failure or a recovery ({@code exceptionally(t -> fallback)}, {@code onErrorResume(e ->
   * other)}, {@code withFallback(e -> other)}), as a fallback that does not look at the failure
   * is. {@code parent} is the node around the lambda.
   */
  static boolean isHandedFailure(Lambda lambda, Code parent) {
    if (lambda.parameters().size() != 1) {
      return false;
    }
    TypeFact type = lambda.parameterTypes().get(0);
    String parameter = lambda.parameters().get(0);
    if (type != TypeFact.UNKNOWN) {
      return type == TypeFact.FAILURE;
    }
    if (!isFailureName(parameter)) {
      return false;
    }
    return parameter.length() > 1
        || parent instanceof Call stage && stage.arguments().contains(lambda)
            && (isFailureWord(stage.name()) || RECOVERY_STAGE.matcher(stage.name()).find())
            && lambda.body().findAll(Name.class, node -> false).stream()
                .noneMatch(name -> name.name().equals(parameter));
  }

  /** True if the variable holds a failure: by its type, or by its name where none is known. */
  static boolean holdsFailure(Name name) {
    return holdsFailure(name.type(), name.name());
  }

  private static boolean holdsFailure(TypeFact type, String name) {
    return type == TypeFact.FAILURE || type == TypeFact.UNKNOWN && isFailureName(name);
  }

  /** True for a name that counts retries or attempts, or bounds them ({@code MAX_RETRIES}). */
  static boolean namesRetryCount(String name) {
    return RETRY_COUNT.matcher(name).find();
  }

  /**
   * True if the whole of {@code method} runs after a failure: it is handed one (a parameter of a
   * failure type), or it is a method named for one ({@code retriesExhausted(operation)}; a
   * constructor of a class so named is not).
   */
  static boolean isHandedFailure(MethodCode method) {
    return hasFailureParameter(method)
        || method.kind() == MethodCode.Kind.METHOD && isFailureCallbackName(method.name());
  }

  /** True if a parameter of the unit is of a failure type: its type alone says so. */
  static boolean hasFailureParameter(MethodCode method) {
    return method.parameters().stream().anyMatch(p -> isFailureType(p.type()));
  }

  /**
   * True if a failure {@code method} is handed is its caller's: the method is a way in for any
   * class (public or protected, of a top-level class), as a reporter's {@code notify(Throwable
   * e)} is. A callback object's failure method (a nested, local or anonymous class, called back
   * by the operation it was handed to) is handed its own operation's failure.
   */
  static boolean takesCallersFailure(MethodCode method, ClassCode type) {
    return method.access() == MethodCode.Access.OPEN && type.enclosing() == null;
  }

  /**
   * True for the name of a callback that runs when work failed, even when it is not handed the
   * failure itself ({@code retriesExhausted(operation)}).
   */
  static boolean isFailureCallbackName(String name) {
    return FAILURE_CALLBACK.matcher(name).find() && !QUESTION_NAME.matcher(name).find();
  }

  /** True for a name that says it holds a failure. */
  static boolean isFailureName(String name) {
    return FAILURE_NAME.matcher(name).find();
  }

  /**
   * True for a type whose simple name says it is a failure: an exception, error or throwable,
   * as a callback's parameter that is handed the failure.
   */
  public static boolean isFailureType(String type) {
    String simple = type.substring(type.lastIndexOf('.') + 1);
    return simple.endsWith("Exception") || simple.endsWith("Throwable")
        || simple.endsWith("Error");
  }

  /**
   * True for a failure type whose name says a lookup missed or an input was wrong: no such class,
   * method or element, a bad format or argument, a reflective call or a refused authentication.
   * Trying the next candidate after one is a fallback search, not a retry: the same call would
   * fail the same way again.
   */
  public static boolean isLookupMiss(String type) {
    return LOOKUP_MISS.matcher(type.substring(type.lastIndexOf('.') + 1)).find();
  }

  /** The value of an int literal; empty for anything else. */
  public static Optional<Integer> intValue(Code code) {
    return code instanceof Literal literal && literal.value() instanceof Integer value
        ? Optional.of(value) : Optional.empty();
  }

  /**
   * The status a constant named for one stands for: a field ({@code HttpStatus.CONFLICT}) or an
   * upper-case name, statically imported ({@code HTTP_UNAVAILABLE}); the constant itself says it
   * is a status, so the other side may be any value.
   */
  private static Optional<Integer> namedStatus(Code code) {
    String name = code instanceof Select select ? select.name()
        : code instanceof Name n && n.name().equals(n.name().toUpperCase(Locale.ROOT))
            ? n.name() : null;
    return name == null ? Optional.empty() : StatusCheck.namedStatus(name);
  }

  /**
   * The name of a value a condition reads: a variable, a field or a no-argument call
   * ({@code retrying}, {@code state.retrying}, {@code response.status()}); null for anything else.
   */
  private static String valueName(Code code) {
    return code instanceof Name n ? n.name()
        : code instanceof Select select ? select.name()
        : code instanceof Call call && call.arguments().isEmpty() ? call.name() : null;
  }

  /**
   * A name, field or no-argument call whose name says status or code, or a local set by such a
   * call ({@code int v = response.code();}).
   */
  private static boolean isStatusLike(Code code) {
    if (code instanceof Name local && local.definition() != null
        && isStatusLike(local.definition())) {
      return true;
    }
    String name = valueName(code);
    return name != null && StatusCheck.isStatusName(name);
  }

  /** The variable a name or {@code this.name} denotes; empty for anything else. */
  public static Optional<String> nameOf(Code code) {
    if (code instanceof Name name && !name.name().equals("this")) {
      return Optional.of(name.name());
    }
    if (code instanceof Select select && select.scope() instanceof Name scope
        && scope.name().equals("this")) {
      return Optional.of(select.name());
    }
    return Optional.empty();
  }

  static boolean isJump(Code code, JumpKind kind) {
    return code instanceof Jump jump && jump.kind() == kind;
  }
}
