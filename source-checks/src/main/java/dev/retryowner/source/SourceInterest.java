package dev.retryowner.source;

import java.util.Set;

/**
 * The classes a gate run must give the source checks type relations and compiled calls for, so
 * that it can leave every other class out of its import: those compiled from the files a check
 * may read by its text test, and those that call a method named in {@code methodNames} on one of
 * {@code receiverTypes} or a subtype. A receiver another call hands out is written nowhere in the
 * file, so only the compiled call shows that a check reads it.
 *
 * @param sourcePaths source files as paths below their root ({@code com/acme/Foo.java})
 * @param methodNames method names, simple
 * @param receiverTypes binary names
 */
public record SourceInterest(Set<String> sourcePaths, Set<String> methodNames,
    Set<String> receiverTypes) {
  public SourceInterest {
    sourcePaths = Set.copyOf(sourcePaths);
    methodNames = Set.copyOf(methodNames);
    receiverTypes = Set.copyOf(receiverTypes);
  }

  /** No class is of interest: a run without sources. */
  public static final SourceInterest NONE = new SourceInterest(Set.of(), Set.of(), Set.of());
}
