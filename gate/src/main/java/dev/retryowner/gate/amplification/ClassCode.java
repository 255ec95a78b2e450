package dev.retryowner.gate.amplification;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What the amplification map needs of one class file.
 *
 * @param name the binary name
 * @param supertypes the superclass and the interfaces it declares, by binary name
 * @param annotations the class-level annotation types
 * @param sourcePath the source file javac recorded, below its root ({@code com/acme/Foo.java}),
 *     or empty
 * @param methods the methods with code, and the abstract ones (no calls)
 * @param staticFieldOwners the classes whose static fields its code reads, by binary name: a
 *     registration of a job handler reads its kind from one
 */
public record ClassCode(String name, List<String> supertypes, List<String> annotations,
    String sourcePath, List<MethodCode> methods, Set<String> staticFieldOwners) {

  /** The static fields ({@code owner#name}) its code stores an attempt count in: job kinds. */
  public Set<String> fieldsWithAttempts() {
    Set<String> fields = new LinkedHashSet<>();
    methods.forEach(m -> m.staticFieldAttempts().forEach(f -> fields.add(name + "#" + f.field())));
    return fields;
  }
}
