package dev.retryowner.catalog.shape;

import dev.retryowner.catalog.shape.Code.Call;
import dev.retryowner.catalog.shape.Code.ClassBody;
import dev.retryowner.catalog.shape.Code.Name;
import dev.retryowner.catalog.shape.Code.New;
import dev.retryowner.catalog.shape.Code.Select;
import dev.retryowner.catalog.shape.Code.Variable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Where the file's code hands a new instance of one of its classes to another object: the
 * receiver and method of each call that is given {@code new Attempt(..)} (directly or through a
 * local). A callback that, told of a failure, hands {@code this} to the same method of the same
 * receiver subscribes itself again; one that hands {@code this} elsewhere (to a clean-up, a
 * throttler's release) reports that it is done.
 */
final class HandOvers {
  private final Map<Object, ClassCode> classesByOrigin = new IdentityHashMap<>();
  private final Map<String, List<ClassCode>> namedClasses = new HashMap<>();
  private final Map<ClassCode, Set<String>> callsByClass = new IdentityHashMap<>();

  HandOvers(List<ClassCode> classes) {
    for (ClassCode type : classes) {
      classesByOrigin.put(type.origin(), type);
      if (!type.name().isEmpty()) {
        namedClasses.computeIfAbsent(type.name(), name -> new ArrayList<>()).add(type);
      }
    }
    for (ClassCode type : classes) {
      for (MethodCode unit : type.units()) {
        for (Call call : unit.body().findAll(Call.class, node -> node instanceof ClassBody)) {
          for (Code argument : call.arguments()) {
            newInstance(argument, unit).flatMap(this::classOf).ifPresent(handed ->
                callsByClass.computeIfAbsent(handed, c -> new HashSet<>()).add(key(call)));
          }
        }
      }
    }
  }

  /**
   * True if {@code call} is made on a receiver and method that the file hands a new instance of
   * {@code type} to.
   */
  boolean handsOverAgain(Call call, ClassCode type) {
    return type != null && callsByClass.getOrDefault(type, Set.of()).contains(key(call));
  }

  /** The class body a local or anonymous class's {@link ClassBody} stands for. */
  ClassCode classOf(ClassBody body) {
    return classesByOrigin.get(body.origin());
  }

  private Optional<ClassCode> classOf(New creation) {
    if (creation.body() != null) {
      return Optional.ofNullable(classesByOrigin.get(creation.body().origin()));
    }
    List<ClassCode> named =
        namedClasses.getOrDefault(ClassCode.simpleName(creation.type()), List.of());
    return named.size() == 1 ? Optional.of(named.get(0)) : Optional.empty();
  }

  /** {@code new X(..)}, or a local of the unit initialized with one. */
  private static Optional<New> newInstance(Code argument, MethodCode unit) {
    if (argument instanceof New creation) {
      return Optional.of(creation);
    }
    if (argument instanceof Name local) {
      return unit.body().findAll(Variable.class, node -> node instanceof ClassBody).stream()
          .filter(v -> v.name().equals(local.name()) && v.initializer() instanceof New)
          .map(v -> (New) v.initializer()).findFirst();
    }
    return Optional.empty();
  }

  private static String key(Call call) {
    String receiver = call.receiver() instanceof Name name ? name.name()
        : call.receiver() instanceof Select select && select.scope() instanceof Name scope
            && scope.name().equals("this") ? select.name() : "?";
    return receiver + "#" + call.name() + "/" + call.arguments().size();
  }
}
