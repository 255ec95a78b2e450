package dev.retryowner.gate.amplification;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What the amplification map needs of one class file.
 *
 * @param name the binary name
 * @param supertypes the superclass and the interfaces it declares, by binary name
 * @param sourcePath the source file javac recorded, below its root ({@code com/acme/Foo.java}),
 *     or empty
 * @param methods the methods with code, and the abstract ones (no calls)
 * @param staticFieldOwners the classes whose static fields its code reads, by binary name: a
 *     registration of a job handler reads its kind from one
 */
public record ClassCode(String name, List<String> supertypes, String sourcePath,
    List<MethodCode> methods, Set<String> staticFieldOwners) {

  /**
   * True if one of its methods passes a parameter of its own, unchanged, to a method of one of
   * {@code classes} (binary names): a wrapper handing work on to a policy.
   */
  public boolean passesWorkOnTo(Set<String> classes) {
    return methods.stream().flatMap(m -> m.calls().stream())
        .anyMatch(call -> call.forwardsParameter() && classes.contains(call.target().owner()));
  }

  /**
   * True if one of its methods creates a lambda or method reference and calls a method of one
   * of {@code classes} (binary names), which may be handed the lambda.
   */
  public boolean handsLambdasTo(Set<String> classes) {
    return methods.stream().anyMatch(m -> m.calls().stream().anyMatch(MethodCode.Call::created)
        && m.calls().stream().anyMatch(call -> classes.contains(call.target().owner())));
  }

  /** The static fields ({@code owner#name}) its code stores an attempt count in: job kinds. */
  public Set<String> fieldsWithAttempts() {
    Set<String> fields = new LinkedHashSet<>();
    methods.forEach(m -> m.staticFieldAttempts().forEach(f -> fields.add(name + "#" + f.field())));
    return fields;
  }
}
