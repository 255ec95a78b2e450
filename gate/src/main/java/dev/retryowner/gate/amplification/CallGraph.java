package dev.retryowner.gate.amplification;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import org.objectweb.asm.Opcodes;

/**
 * The calls between the methods of the classes read: a call reaches the method it names (or the
 * one its class inherits) and every override in the classes read below that type. Dispatch
 * through a type of a library (a {@code Runnable}, say) is not widened to the application's
 * implementations of it: such calls reach the lambdas handed to them instead.
 */
final class CallGraph {
  private final Map<String, ClassCode> classes;
  private final Map<MethodId, MethodCode> methods = new HashMap<>();
  private final Map<String, List<String>> directSubtypes = new HashMap<>();
  private final Map<String, Set<String>> allSubtypes = new HashMap<>();
  private final Map<MethodId, Set<MethodId>> resolved = new HashMap<>();
  private final Set<MethodId> called = new HashSet<>();

  CallGraph(Collection<ClassCode> read) {
    Map<String, ClassCode> byName = new HashMap<>();
    for (ClassCode type : read) {
      byName.putIfAbsent(type.name(), type);
    }
    this.classes = byName;
    for (ClassCode type : byName.values()) {
      type.methods().forEach(method -> methods.put(method.id(), method));
      type.supertypes().forEach(parent ->
          directSubtypes.computeIfAbsent(parent, p -> new ArrayList<>()).add(type.name()));
    }
    for (MethodCode method : methods.values()) {
      for (MethodCode.Call call : method.calls()) {
        called.addAll(targets(call.target()));
        call.callbacks().forEach(callback -> called.addAll(targets(callback)));
      }
    }
  }

  Optional<ClassCode> type(String name) {
    return Optional.ofNullable(classes.get(name));
  }

  Collection<ClassCode> types() {
    return classes.values();
  }

  Optional<MethodCode> method(MethodId id) {
    return Optional.ofNullable(methods.get(id));
  }

  /** True if some call or method reference among the classes read reaches the method. */
  boolean isCalled(MethodId id) {
    return called.contains(id);
  }

  /**
   * The method of {@code className} a finding on {@code line} in {@code member} is in: among
   * those whose code spans the line and that {@code preferred} accepts (else any of those), the
   * innermost (a lambda's body); the member itself when no code spans the line (a {@code
   * while (true)} compiles to no instruction of its own).
   */
  Optional<MethodCode> methodAt(String className, String member, int line,
      Predicate<MethodCode> preferred) {
    ClassCode type = classes.get(className);
    if (type == null) {
      return Optional.empty();
    }
    List<MethodCode> spanning = type.methods().stream().filter(m -> m.holdsLine(line)).toList();
    List<MethodCode> candidates = spanning.stream().filter(preferred).toList();
    Optional<MethodCode> innermost = (candidates.isEmpty() ? spanning : candidates).stream()
        .min(Comparator.comparingInt(m -> m.lastLine() - m.firstLine()));
    return innermost.or(() -> type.methods().stream()
        .filter(m -> m.id().member().equals(member)).findFirst());
  }

  /** The methods with code that a call naming {@code named} may run. */
  Set<MethodId> targets(MethodId named) {
    Set<MethodId> known = resolved.get(named);
    if (known != null) {
      return known;
    }
    Set<MethodId> targets = new LinkedHashSet<>();
    declaration(named).ifPresent(declared -> {
      targets.add(declared.id());
      if (!named.name().equals("<init>")
          && (declared.access() & (Opcodes.ACC_STATIC | Opcodes.ACC_PRIVATE)) == 0) {
        for (String subtype : subtypes(named.owner())) {
          MethodId override = new MethodId(subtype, named.name(), named.descriptor());
          if (methods.containsKey(override)) {
            targets.add(override);
          }
        }
      }
    });
    targets.removeIf(id -> (methods.get(id).access() & Opcodes.ACC_ABSTRACT) != 0);
    Set<MethodId> result = Set.copyOf(targets);
    resolved.put(named, result);
    return result;
  }

  /** The method a call naming {@code named} binds to: its own, or one a supertype declares. */
  private Optional<MethodCode> declaration(MethodId named) {
    Deque<String> pending = new ArrayDeque<>(List.of(named.owner()));
    Set<String> seen = new HashSet<>();
    while (!pending.isEmpty()) {
      String owner = pending.pop();
      if (!seen.add(owner)) {
        continue;
      }
      MethodCode found = methods.get(new MethodId(owner, named.name(), named.descriptor()));
      if (found != null) {
        return Optional.of(found);
      }
      ClassCode type = classes.get(owner);
      if (type != null && !named.name().equals("<init>")) {
        pending.addAll(type.supertypes());
      }
    }
    return Optional.empty();
  }

  /** The classes read below {@code type}, at any depth. */
  private Set<String> subtypes(String type) {
    Set<String> known = allSubtypes.get(type);
    if (known != null) {
      return known;
    }
    Set<String> found = new LinkedHashSet<>();
    Deque<String> pending = new ArrayDeque<>(directSubtypes.getOrDefault(type, List.of()));
    while (!pending.isEmpty()) {
      String subtype = pending.pop();
      if (found.add(subtype)) {
        pending.addAll(directSubtypes.getOrDefault(subtype, List.of()));
      }
    }
    allSubtypes.put(type, found);
    return found;
  }
}
