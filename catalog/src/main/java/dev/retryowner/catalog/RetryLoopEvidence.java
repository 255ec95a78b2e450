package dev.retryowner.catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What an engine found about one loop, and the RetryLoop shape's verdict on it: a hand-rolled
 * retry needs a failure signal and a retry bound (the engine checks the third condition, that no
 * counter picks the work, on its own tree). Both engines word their findings here, so they say
 * the same thing.
 *
 * @param errorKeyedCondition the loop condition is true on an error status
 * @param swallowingCatch the body holds a try whose catch does not always rethrow
 * @param statusCheckStays the body holds a status check that stays in the loop on error
 * @param counters the attempt counters, in source order: condition variables stepped by a
 *     literal per attempt
 * @param unbounded the loop has no condition, or {@code true}
 * @param exitsOnSuccess a break or return in a guarded try block or a success branch, or a method
 *     of the class the guarded work calls that sets the flag the loop tests to end it
 * @param retryingCatch a catch that otherwise rethrows goes round again through a conditional
 *     {@code continue}: the catch itself decides to retry, and its rethrow bounds the loop
 * @param failureDecides the loop's condition, or an {@code if} that leaves the loop, reads the
 *     failure: a variable a failure catch assigns, or an object the catch hands the exception to
 *     ({@code if (!shouldRetry(attempt, error)) break;}, {@code while (retries.allow())} after
 *     {@code retries.record(e)})
 * @param deadlineBound the loop's condition says only when to stop: it calls nothing but clocks
 *     and the thread's interruption, and reads no variable the loop changes ({@code while
 *     (System.nanoTime() < deadline)}, {@code while (!closed)}): it runs until a deadline or a
 *     cancellation, whatever the work did
 */
public record RetryLoopEvidence(
    boolean errorKeyedCondition,
    boolean swallowingCatch,
    boolean statusCheckStays,
    List<String> counters,
    boolean unbounded,
    boolean exitsOnSuccess,
    boolean retryingCatch,
    boolean failureDecides,
    boolean deadlineBound) {

  /**
   * The exception a wait swallows to keep waiting: a catch of it alone is no failure signal of a
   * loop.
   */
  public static final String INTERRUPTION = "java.lang.InterruptedException";

  /** Why a HandRolledRetry finding matters: the reason every engine gives. */
  public static final String WHY = "a retry outside the job layer multiplies with the retries"
      + " of the layers around it (3 layers of 3 attempts send 27 requests) and hides the policy"
      + " from the job kind";

  public RetryLoopEvidence {
    counters = List.copyOf(counters);
  }

  public boolean hasFailureSignal() {
    return errorKeyedCondition || swallowingCatch || statusCheckStays || retryingCatch;
  }

  public boolean isBounded() {
    return !counters.isEmpty() || errorKeyedCondition
        || ((unbounded || deadlineBound) && exitsOnSuccess) || retryingCatch || failureDecides;
  }

  /**
   * The finding's sentence, e.g. "this while loop runs the operation again after a failure (a
   * catch swallows the failure), bounded by attempt counter 'attempt', waiting with
   * java.lang.Thread#sleep".
   *
   * @param loopKind "while loop", "do-while loop" or "for loop"
   * @param delay the first delay call, as "pkg.Type#method" or "pkg.Type#method (in helper)"
   */
  public String describe(String loopKind, Optional<String> delay) {
    List<String> signals = new ArrayList<>();
    if (errorKeyedCondition) {
      signals.add("its condition is true on an error status");
    }
    if (swallowingCatch) {
      signals.add("a catch swallows the failure");
    }
    if (statusCheckStays) {
      signals.add("an error status check stays in the loop");
    }
    if (retryingCatch) {
      signals.add("a catch goes round again on some failures");
    }
    String bound = !counters.isEmpty()
        ? "attempt counter '" + String.join("', '", counters) + "'"
        : errorKeyedCondition ? "the error status"
        : failureDecides ? "a decision that reads the failure"
        : retryingCatch ? "the catch's rethrow"
        : deadlineBound ? "a deadline or cancellation in its condition, leaving on success"
        : "leaving only on success";
    return "this " + loopKind + " runs the operation again after a failure ("
        + String.join("; ", signals) + "), bounded by " + bound
        + delay.map(d -> ", waiting with " + d).orElse("");
  }

  /**
   * The sentence of a re-schedule finding.
   *
   * @param where where the call runs after a failure, e.g. "from a catch"
   */
  public static String reSchedule(String operation, String delayCall, String where) {
    return "this call hands '" + operation + "' back to " + delayCall + " " + where
        + ", so it runs again after a failure";
  }

  /**
   * The sentence of a re-enqueue finding, e.g. "this call hands a task to Timer.schedule from a
   * catch that puts 'event' back into a queue later, so it is tried again after a failure".
   */
  public static String reEnqueue(String item, String delayCall, String where) {
    return "this call hands " + delayCall + " a task " + where + " that puts '" + item
        + "' back into a queue later, so it is tried again after a failure";
  }

  /**
   * The sentence of a give-back finding, e.g. "this call puts 'event', taken from 'deque' before
   * the failed work, back into 'deque' from a catch, so whoever takes from there runs it again".
   */
  public static String givesBack(String item, String source, String where) {
    return "this call puts '" + item + "', taken from '" + source + "' before the failed work,"
        + " back into '" + source + "' " + where + ", so whoever takes from there runs it again";
  }

  /**
   * The sentence of a failover finding, e.g. "this for-each loop makes the same call on the next
   * target after a failure (a catch swallows it) and leaves on the first success: a retry across
   * targets".
   */
  public static String failover(String loopKind, Optional<String> delay) {
    return "this " + loopKind + " makes the same call on the next target after a failure (a"
        + " catch swallows it) and leaves on the first success: a retry across targets"
        + delay.map(d -> ", waiting with " + d).orElse("");
  }

  /**
   * The sentence of a named-bound finding: the loop counts its rounds against a bound the code
   * names for retries.
   */
  public static String namedRetryBound(String loopKind, String counter, Optional<String> delay) {
    return "this " + loopKind + " tries its work again while '" + counter + "' stays below a"
        + " bound named for retries: a retry loop" + delay.map(d -> ", waiting with " + d)
            .orElse("");
  }

  /**
   * The sentence of a failure-count finding: a catch counts consecutive failures and the loop
   * waits by that count before it tries the work again.
   */
  public static String failureCountBackOff(String loopKind, String counter, String delay) {
    return "this " + loopKind + " counts consecutive failures in '" + counter + "' (a catch"
        + " steps it, success resets it) and waits by that count with " + delay
        + " before it tries the work again: a retry with back-off";
  }

  /**
   * The sentence of an outcome-loop finding: the work's call reports failure by its result and
   * the loop waits and calls it again.
   */
  public static String outcome(String loopKind, String delay) {
    return "this " + loopKind + " calls the work again while its result says it failed (false"
        + " or null), waiting with " + delay;
  }

  /** What tells a re-send that the earlier call failed. */
  public enum ResendSignal {
    /** The earlier call's result is checked for an error status on the way to this call. */
    ERROR_STATUS("an error status check of its result"),
    /** The earlier call sits in a try whose catch swallows the failure; this call follows it. */
    SWALLOWING_CATCH("a catch swallows its failure");

    private final String words;

    ResendSignal(String words) {
      this.words = words;
    }
  }

  /**
   * The sentence of a re-send finding, e.g. "this call of okhttp3.Interceptor.Chain#proceed on
   * 'chain' sends again after an earlier one failed (an error status check of its result): a
   * retry without a loop".
   */
  public static String resend(String call, String receiver, ResendSignal signal) {
    return "this call of " + call + " on '" + receiver + "' sends again after an earlier one"
        + " failed (" + signal.words + "): a retry without a loop";
  }

  /**
   * The sentence of a recursive retry finding.
   *
   * @param where where the call runs after a failure, e.g. "from a catch"
   * @param with what it passes, e.g. "an attempt counter"
   */
  public static String recursion(String operation, String where, String with) {
    return "'" + operation + "' calls itself " + where + " with " + with + ", so it runs"
        + " again after a failure";
  }

  /**
   * The sentence of a repeated-call finding: a catch makes the call of its try block again.
   *
   * @param where where the call runs after a failure, e.g. "from a catch"
   */
  public static String repeatedCall(String method, String where) {
    return "this call of '" + method + "' repeats the call that failed in the try block, " + where
        + ": a retry without a loop";
  }

  /**
   * The sentence of a redelivery finding: the call hands the message back to the broker, which
   * delivers it again.
   */
  public static String redelivery(String call) {
    return "this call of " + call + " hands the message back to the broker to be delivered"
        + " again: a retry of the failed work with no attempt count here";
  }

  /**
   * The sentence of a back-off decision finding: after a failure the code asks a back-off
   * schedule when to try again.
   *
   * @param where where the call runs after a failure, e.g. "from a catch"
   */
  public static String backOffDecision(String call, String where) {
    return "this call of " + call + " asks a back-off schedule when to try again " + where
        + ": the failed work runs again on that schedule";
  }

  /**
   * The sentence of a resubmission finding: a callback that learns of a failure makes again the
   * call that handed the work over.
   *
   * @param where where the call runs after a failure, e.g. "from a callback handed the failure"
   */
  public static String resubmission(String method, String where) {
    return "this call of '" + method + "' " + where + " hands the work over again the way the"
        + " method first did, so the work that failed runs again";
  }

  /**
   * The sentence of a re-entry finding: a call after a failure that leads back, through other
   * methods of the class, to the method that makes it.
   *
   * @param where where the call runs after a failure, e.g. "from a catch"
   */
  public static String reEntry(String method, String where) {
    return "this call of '" + method + "' " + where + " leads back here through the class's own"
        + " methods, so the work that failed runs again";
  }

  /**
   * The sentence of a re-entry through a new attempt object: a call after a failure that leads,
   * through the methods of the class and those around it, to a new instance of the class whose
   * method makes the call, which runs the attempt again.
   */
  public static String reEntryThroughNew(String method, String where, String attemptClass) {
    return "this call of '" + method + "' " + where + " makes a new " + attemptClass
        + ", the object this method belongs to, so the work that failed runs again";
  }

  /**
   * The sentence of a resubscribe finding: a callback handed a failure hands itself to the
   * operation again.
   */
  public static String resubscribe(String method, String where) {
    return "this call of '" + method + "' hands the callback itself back " + where
        + ", so the operation that failed runs again";
  }
}
