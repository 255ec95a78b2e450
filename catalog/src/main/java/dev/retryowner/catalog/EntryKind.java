package dev.retryowner.catalog;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/** What a catalog entry names, spelled as the first word of its line. */
public enum EntryKind {
  /**
   * A type with its nested types: any use of it or of a subtype (declaration, construction,
   * member access, inheritance).
   */
  TYPE("type"),
  /** A method on a type, all overloads: calls and method references, also through subtypes. */
  METHOD("method"),
  /**
   * Constructing a type or a subtype ({@code new T(..)}, an anonymous subclass, {@code T::new});
   * other uses of the type, such as its static methods, stay allowed.
   */
  CONSTRUCTOR("constructor"),
  /** An annotation, also when it arrives through a meta-annotation. */
  ANNOTATION("annotation"),
  /**
   * Not a forbidden use but part of the rule's scope: a class annotated with this annotation
   * (also through a meta-annotation) is one where the rule's uses are forbidden.
   */
  SCOPE_ANNOTATION("scope-annotation"),
  /**
   * Not a forbidden use but part of the rule's scope: a class that is this type or a subtype of
   * it is one where the rule's uses are forbidden.
   */
  SCOPE_TYPE("scope-type"),
  /**
   * A type (and its subtypes) that may be constructed only inside the rule's adapter packages
   * (ConstructionOnlyIn): {@code new}, an anonymous subclass or a constructor reference.
   */
  CONSTRUCT_ONLY_IN("construct-only-in"),
  /**
   * A type whose constructors (all of them, or the one with the parameter types written after the
   * name) build a client with its retries on: a construction is a finding wherever it is, since
   * it cannot be verified NoRetry.
   */
  RETRYING_CONSTRUCTOR("retrying-constructor"),
  /**
   * Where a client is built (BuilderRequirement): a constructor ({@code pkg.Type}) or a static
   * method ({@code pkg.Type#method}) that starts a builder or a client whose configuration must
   * include one of the {@code no-retry} calls of the same {@code @library} block.
   */
  CLIENT_BUILDER("client-builder"),
  /**
   * The call that switches a client's retries off, with the arguments it needs:
   * {@code pkg.Type#method(false)}, or {@code pkg.Type(0, *)} for constructor arguments. Every
   * call of that method must carry those arguments.
   */
  NO_RETRY("no-retry"),
  /**
   * A method (all overloads, or the one with the parameter types written after the name) that
   * returns a client with its retries on: usually static, but an instance method such as
   * {@code URL#openConnection} hands out a client too. {@code used-as=} and {@code
   * receiver-literal=} after the target make it a finding only with that evidence
   * ({@link UseEvidence}).
   */
  RETRYING_FACTORY("retrying-factory"),
  /** A method that turns a client's retries on, whatever its arguments. */
  RETRYING_CALL("retrying-call"),
  /**
   * A method that switches on the retries of what its block's {@code client-builder} starts,
   * which retries nothing without one (gax's {@code RetrySettings} retry only once a total timeout
   * is set): a flow from that builder is a finding only when it calls one of these and none of
   * the block's {@code no-retry} calls. Written {@code pkg.Type#method}, all overloads.
   */
  SWITCH_ON("switch-on"),
  /**
   * A method whose every call sends a request (RetryLoop): in one method or lambda body, a second
   * call on the same receiver that runs after a failure signal of the first sends the request
   * again, a retry without a loop. Written {@code pkg.Type#method}; all overloads, also through
   * subtypes.
   */
  RESEND_CALL("resend-call"),
  /**
   * A method that hands a message back to its broker to be delivered again (HandRolledRetry):
   * written {@code pkg.Type#method}, every call redelivers; with argument patterns after it
   * ({@code pkg.Channel#basicNack(*, *, false)}: {@code *} or a literal), a call whose literal
   * arguments are those does not, nor does one that passes the deciding argument through from
   * its own parameter (its caller decides).
   */
  REDELIVERY_CALL("redelivery-call"),
  /**
   * A method that asks a back-off schedule how long to wait before the next attempt (HandRolledRetry):
   * made after a failure, outside a loop, it decides that the failed work runs again. Written
   * {@code pkg.Type#method}; all overloads, also through subtypes.
   */
  BACKOFF_CALL("backoff-call"),
  /**
   * A method that only reads a state, such as the thread's interruption or a clock
   * (HandRolledRetry): a loop that tests it waits for time or a cancellation; it is no work whose
   * failure the loop could run again. Written {@code pkg.Type#method}; all overloads, also
   * through subtypes.
   */
  STATE_QUERY("state-query"),
  /**
   * A method that resolves one host name to its addresses (HandRolledRetry): a loop over what it
   * returns, connecting to one address after another until one answers, reaches one target, and
   * runs no failed operation again. Written {@code pkg.Type#method}; all overloads, also through
   * subtypes.
   */
  ADDRESS_LOOKUP("address-lookup"),
  /**
   * A call that sends a request through a client of the entry's {@code @library}: {@code
   * pkg.Type#method} (all overloads), or {@code pkg.Type} for every method of the type; the
   * clients of that library the code builds say how many attempts one send makes
   * (RetryAmplification).
   */
  CLIENT_CALL("client-call"),
  /**
   * A type whose subtypes' public methods something outside the code calls (RetryAmplification):
   * job handlers, message listeners; the paths of the amplification map start there.
   */
  ENTRY_TYPE("entry-type"),
  /**
   * A call that sets how many attempts a retry makes (RetryAmplification), written {@code
   * pkg.Type#method(N)}: its argument at index N (from 0) is the count, when it is a constant.
   */
  ATTEMPTS_ARGUMENT("attempts-argument"),
  /**
   * A method of a retry helper that runs work under its retry ({@code Retry#executeSupplier},
   * {@code RetryOperations#execute}), written {@code pkg.Type#method}, all overloads, also
   * through subtypes: not a use to forbid of its own, but where a retry is reported when one
   * class declares, configures and runs it (one retry, one finding).
   */
  RUNS("runs");

  private final String keyword;

  EntryKind(String keyword) {
    this.keyword = keyword;
  }

  /** True for the kinds that say where a rule applies rather than what it forbids. */
  public boolean isScope() {
    return this == SCOPE_ANNOTATION || this == SCOPE_TYPE;
  }

  /** True for the kinds that say where a type may be constructed and what its constructors do. */
  public boolean isConstruction() {
    return this == CONSTRUCT_ONLY_IN || this == RETRYING_CONSTRUCTOR;
  }

  /** True for the kinds written {@code pkg.Type#method}, which cannot name a type. */
  public boolean namesMethod() {
    return this == METHOD || this == RESEND_CALL || this == RETRYING_FACTORY
        || this == RETRYING_CALL || this == SWITCH_ON || this == REDELIVERY_CALL
        || this == BACKOFF_CALL
        || this == STATE_QUERY || this == ADDRESS_LOOKUP || this == ATTEMPTS_ARGUMENT
        || this == RUNS;
  }

  /** True for the kinds that name either a constructor ({@code pkg.Type}) or a method. */
  boolean allowsMember() {
    return namesMethod() || this == CLIENT_BUILDER || this == NO_RETRY || this == CLIENT_CALL;
  }

  /**
   * True for the kinds that may ask for evidence after their target ({@link UseEvidence}):
   * {@code used-as=} on both, {@code receiver-literal=} on a factory, which has a receiver.
   */
  boolean allowsEvidence() {
    return this == RETRYING_CONSTRUCTOR || this == RETRYING_FACTORY;
  }

  /** True for the kinds that may narrow their target to one overload by parameter types. */
  boolean allowsParameterTypes() {
    return this == RETRYING_CONSTRUCTOR || this == RETRYING_FACTORY;
  }

  /** True for the kinds of calls the retry shapes read (HandRolledRetry). */
  public boolean isShapeCall() {
    return this == METHOD || this == RESEND_CALL || this == REDELIVERY_CALL
        || this == BACKOFF_CALL || this == STATE_QUERY || this == ADDRESS_LOOKUP;
  }

  /** True for the kinds whose parenthesized list holds argument patterns, not types. */
  boolean allowsArgumentPatterns() {
    return this == NO_RETRY || this == REDELIVERY_CALL;
  }

  public String keyword() {
    return keyword;
  }

  static Optional<EntryKind> ofKeyword(String word) {
    return Arrays.stream(values()).filter(k -> k.keyword.equals(word)).findFirst();
  }

  static String keywords() {
    return Arrays.stream(values()).map(EntryKind::keyword).collect(Collectors.joining(", "));
  }
}
