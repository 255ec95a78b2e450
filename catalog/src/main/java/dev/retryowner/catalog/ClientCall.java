package dev.retryowner.catalog;

import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * A call or construction as an engine sees it, for {@link ClientRequirements}.
 *
 * @param ownerTypes for a construction: the constructed type first; for a call: the receiver's
 *     type (or the owner of a static method) first, then its supertypes, binary names. A source
 *     engine may list several candidates for a name it cannot resolve exactly.
 * @param method the method name, or empty for a construction
 * @param arguments the arguments in order
 * @param context what surrounds the call, read only when an entry needs evidence ({@link
 *     ClientRequirements#needsContext})
 */
public record ClientCall(List<String> ownerTypes, String method, List<CallArgument> arguments,
    CallContext context) {
  public ClientCall {
    ownerTypes = List.copyOf(ownerTypes);
    if (ownerTypes.isEmpty()) {
      throw new IllegalArgumentException("a call needs at least its owner type");
    }
    Objects.requireNonNull(method, "method");
    arguments = List.copyOf(arguments);
    Objects.requireNonNull(context, "context");
  }

  /** A call whose surroundings are not read. */
  public ClientCall(List<String> ownerTypes, String method, List<CallArgument> arguments) {
    this(ownerTypes, method, arguments, CallContext.NONE);
  }

  /** The same call with what surrounds it. */
  public ClientCall withContext(CallContext surroundings) {
    return new ClientCall(ownerTypes, method, arguments, surroundings);
  }

  /**
   * The call as a finding starts, naming {@code owner} (the catalog entry's type, so every engine
   * words it alike): {@code calls pkg.Type#m(args)} or {@code constructs pkg.Type(args)}.
   */
  String describe(String ownerBinaryName) {
    String written = arguments.stream().map(CallArgument::sourceText)
        .collect(Collectors.joining(", "));
    String owner = ownerBinaryName.replace('$', '.');
    return method.isEmpty()
        ? "constructs " + owner + "(" + written + ")"
        : "calls " + owner + "#" + method + "(" + written + ")";
  }
}
