package dev.retryowner.source;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/** The calls compiled from one source file, looked up by line and method name. */
final class CompiledCalls {
  private final Map<Integer, Map<String, Set<String>>> ownersByLine = new HashMap<>();

  CompiledCalls(List<CompiledCall> calls) {
    for (CompiledCall call : calls) {
      ownersByLine.computeIfAbsent(call.line(), line -> new HashMap<>())
          .computeIfAbsent(call.method(), method -> new LinkedHashSet<>()).add(call.owner());
    }
  }

  /** The owners javac named for calls of {@code method} on {@code line}; empty if none. */
  Set<String> owners(int line, String method) {
    return ownersByLine.getOrDefault(line, Map.of()).getOrDefault(method, Set.of());
  }

  /** True if a call of one of {@code methods} names an owner {@code owner} accepts. */
  boolean anyCall(Set<String> methods, Predicate<String> owner) {
    return ownersByLine.values().stream().flatMap(byMethod -> byMethod.entrySet().stream())
        .anyMatch(e -> methods.contains(e.getKey()) && e.getValue().stream().anyMatch(owner));
  }
}
