package dev.retryowner.gate.amplification;

import java.util.List;
import java.util.OptionalInt;
import java.util.Set;

/**
 * What the amplification map needs of one method body.
 *
 * @param id the method
 * @param access its access flags
 * @param firstLine the first source line its code has, 0 when the class file keeps no lines
 * @param lastLine the last one
 * @param calls the calls it makes, with the lambdas and method references each call is handed
 * @param counterBounds the constants a counter it increments is compared with ({@code attempt <
 *     3}): the bound of a retry loop in it, when it holds one
 * @param attemptSettings its calls of catalog {@code attempts-argument} methods
 * @param registrations its calls that hand an object to something together with an attempt count
 *     (a job handler registered for a kind whose policy says how many attempts)
 * @param staticFieldAttempts the attempt counts its code stores in static fields, by field name
 *     (a job kind declared as a constant with its policy)
 * @param clientStores its stores of a client into a field: which calls produced the client
 */
public record MethodCode(MethodId id, int access, int firstLine, int lastLine, List<Call> calls,
    Set<Integer> counterBounds, List<AttemptSetting> attemptSettings,
    List<Registration> registrations, List<FieldAttempts> staticFieldAttempts,
    List<ClientStore> clientStores) {

  /** True if {@code line} lies in the method's code. */
  boolean holdsLine(int line) {
    return firstLine > 0 && line >= firstLine && line <= lastLine;
  }

  /**
   * A call, or the creation of a lambda or method reference nothing is handed at once (stored in
   * a field, say): the code it names may run from here.
   *
   * @param line the source line, 0 when unknown
   * @param target the method called, as the instruction names it, or the lambda's body
   * @param callbacks the lambdas and method references the call is handed (directly or through a
   *     local variable), by their bodies
   * @param created true for a lambda or method reference created here and not handed to a call
   * @param onInstance true for a call dispatched on an object (not a static method, a
   *     constructor or a private method): what sends through a client
   * @param receiver for a call on a client, where the client comes from; else {@link
   *     Source#UNKNOWN}
   * @param forwardsParameter true if the call is handed one of the calling method's own
   *     parameters unchanged (work the method was handed, passed on)
   */
  record Call(int line, MethodId target, List<MethodId> callbacks, boolean created,
      boolean onInstance, Source receiver, boolean forwardsParameter) {}

  /**
   * Where an object comes from, as far as one method shows: the fields it was read from ({@code
   * owner#name}) and the calls that produced it (a builder's {@code build()}, its constructor, a
   * factory of the application's).
   */
  record Source(Set<String> fields, Set<MethodId> producedBy) {
    static final Source UNKNOWN = new Source(Set.of(), Set.of());
  }

  /** A store of a client into a field ({@code owner#name}), and where that client comes from. */
  record ClientStore(String field, Source value) {}

  /**
   * A call of an {@code attempts-argument} method.
   *
   * @param line the source line
   * @param owner the type the catalog entry names
   * @param library the entry's {@code @library}
   * @param attempts the count when the argument is a constant, else empty
   */
  record AttemptSetting(int line, String owner, String library, OptionalInt attempts) {}

  /**
   * A call handing objects of {@code constructedTypes} over together with an attempt count found
   * in another argument: directly an {@code attempts-argument} call's, or a static field's.
   */
  record Registration(int line, Set<String> constructedTypes, Set<String> staticFields,
      Set<Integer> attempts) {}

  /** A static field of the class the method stores an attempt count in. */
  record FieldAttempts(String field, int attempts) {}
}
