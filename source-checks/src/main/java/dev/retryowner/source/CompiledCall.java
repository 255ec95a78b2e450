package dev.retryowner.source;

/**
 * A method call as javac compiled it, which the source does not always show: the owner javac
 * names is the receiver's static type (or a static method's class) also where the receiver is
 * the result of another call or an untyped lambda parameter.
 *
 * @param line the line of the call's instruction
 * @param method the method's name
 * @param owner the binary name of the type the call names as its owner
 */
public record CompiledCall(int line, String method, String owner) {}
