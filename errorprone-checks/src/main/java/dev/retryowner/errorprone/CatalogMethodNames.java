package dev.retryowner.errorprone;

import com.sun.tools.javac.code.Types;
import com.sun.tools.javac.util.Name;
import java.util.Set;

/**
 * The method names of some catalog entries, asked with javac's names: the cheap first test
 * before any walk over a receiver's supertypes. A name is turned into a string once per
 * compilation, not once per call.
 */
final class CatalogMethodNames {
  private final Set<String> names;
  private final CompilationMemo<Name, Boolean> answers = new CompilationMemo<>();

  CatalogMethodNames(Set<String> names) {
    this.names = Set.copyOf(names);
  }

  /** True if some entry names a method called {@code name}. */
  boolean contains(Name name, Types types) {
    return answers.get(name, types, n -> names.contains(n.toString()));
  }
}
