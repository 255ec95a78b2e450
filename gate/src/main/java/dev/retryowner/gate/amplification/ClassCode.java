package dev.retryowner.gate.amplification;

import java.util.List;

/**
 * What the amplification map needs of one class file.
 *
 * @param name the binary name
 * @param supertypes the superclass and the interfaces it declares, by binary name
 * @param annotations the class-level annotation types
 * @param sourcePath the source file javac recorded, below its root ({@code com/acme/Foo.java}),
 *     or empty
 * @param methods the methods with code, and the abstract ones (no calls)
 */
public record ClassCode(String name, List<String> supertypes, List<String> annotations,
    String sourcePath, List<MethodCode> methods) {}
