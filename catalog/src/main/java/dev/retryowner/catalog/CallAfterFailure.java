package dev.retryowner.catalog;

/**
 * A call the source shows made after a failure (in a catch, a failure callback or an error
 * branch), as a source engine hands it to the whole-program step: a call there of another
 * class's retrying method hands the failed work to that retry.
 *
 * @param sourcePath the source path relative to a source root, e.g. {@code com/acme/Foo.java}
 * @param line the 1-based line of the called method's name
 * @param method the called method's name
 */
public record CallAfterFailure(String sourcePath, int line, String method) {}
