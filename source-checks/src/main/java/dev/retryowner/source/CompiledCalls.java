package dev.retryowner.source;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The calls compiled from one source file, looked up by line and method name. They are read from
 * the bytecode on the first lookup: most files never need one. One instance a file serves every
 * check ({@link #of}), whichever thread asks first.
 */
final class CompiledCalls {
  private final Supplier<List<CompiledCall>> calls;
  private Map<Integer, Map<String, Set<String>>> ownersByLine;

  /**
   * The calls compiled from {@code file}, as {@code relations} knows them; the same instance for
   * every check of the file while {@code sources} holds it.
   */
  static CompiledCalls of(JavaSources sources, TypeRelations relations,
      JavaSources.SourceFile file) {
    return sources.fileFact(file.file(), CompiledCalls.class,
        () -> new CompiledCalls(() -> relations.callsCompiledFrom(file.sourcePath())));
  }

  private CompiledCalls(Supplier<List<CompiledCall>> calls) {
    this.calls = calls;
  }

  private synchronized Map<Integer, Map<String, Set<String>>> ownersByLine() {
    if (ownersByLine == null) {
      ownersByLine = new HashMap<>();
      for (CompiledCall call : calls.get()) {
        ownersByLine.computeIfAbsent(call.line(), line -> new HashMap<>())
            .computeIfAbsent(call.method(), method -> new LinkedHashSet<>()).add(call.owner());
      }
    }
    return ownersByLine;
  }

  /** The owners javac named for calls of {@code method} on {@code line}; empty if none. */
  Set<String> owners(int line, String method) {
    return ownersByLine().getOrDefault(line, Map.of()).getOrDefault(method, Set.of());
  }

  /** True if a call of one of {@code methods} names an owner {@code owner} accepts. */
  boolean anyCall(Set<String> methods, Predicate<String> owner) {
    return ownersByLine().values().stream().flatMap(byMethod -> byMethod.entrySet().stream())
        .anyMatch(e -> methods.contains(e.getKey()) && e.getValue().stream().anyMatch(owner));
  }
}
