package dev.retryowner.catalog.shape;

import static dev.retryowner.catalog.shape.FailureReading.nameOf;

import dev.retryowner.catalog.shape.Code.Assign;
import dev.retryowner.catalog.shape.Code.Call;
import dev.retryowner.catalog.shape.Code.ClassBody;
import dev.retryowner.catalog.shape.Code.Jump;
import dev.retryowner.catalog.shape.Code.JumpKind;
import dev.retryowner.catalog.shape.Code.Loop;
import dev.retryowner.catalog.shape.Code.Name;
import dev.retryowner.catalog.shape.Code.Variable;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Loops over the addresses one host name resolves to (decision L3): a for-each over them, or a
 * loop whose condition reads them (an index below their length). They come from a catalog
 * address lookup, directly or through a method of the file's classes that returns what one
 * gave, and reach the loop through locals of the unit: one assigned them, or built or filled
 * from a local that holds them ({@code addresses.addAll(Arrays.asList(resolved))} before a
 * shuffle). Connecting to one address after another until one answers reaches one target; it
 * runs no failed operation again.
 */
final class ResolvedAddresses {
  /** The methods of the file that return the addresses a catalog lookup gave. */
  private final List<MethodCode> lookups = new ArrayList<>();

  ResolvedAddresses(List<ClassCode> classes) {
    for (ClassCode type : classes) {
      for (MethodCode unit : type.units()) {
        Set<String> held = held(unit, this::looksUp);
        boolean returnsThem = unit.body().findAll(Jump.class, node -> node instanceof ClassBody)
            .stream().anyMatch(jump -> jump.kind() == JumpKind.RETURN && jump.value() != null
                && (looksUp(jump.value()) || names(jump.value(), held)));
        if (returnsThem) {
          lookups.add(unit);
        }
      }
    }
  }

  /** True if {@code loop}, in {@code unit}, walks the addresses of one host. */
  boolean walkedBy(Loop loop, MethodCode unit) {
    Code walked = loop.condition();
    if (walked == null) {
      return false;
    }
    return resolves(walked) || names(walked, held(unit, this::resolves));
  }

  /** True if the code calls a catalog address lookup or a method of the file that returns one. */
  private boolean resolves(Code code) {
    return looksUp(code) || code.findAll(Call.class, FailureReading::startsAnotherBody).stream()
        .anyMatch(call -> lookups.stream().anyMatch(call.callee()::reaches));
  }

  private boolean looksUp(Code code) {
    return code.findAll(Call.class, FailureReading::startsAnotherBody).stream()
        .anyMatch(call -> call.callee().resolvesAddresses());
  }

  /**
   * The locals of the unit that hold resolved addresses: assigned from code {@code source}
   * accepts, or built or filled from a local that holds them, to any depth.
   */
  private static Set<String> held(MethodCode unit, Predicate<Code> source) {
    List<Code> nodes = unit.body().findAll(Code.class, node -> node instanceof ClassBody);
    Set<String> held = new HashSet<>();
    boolean grew = true;
    while (grew) {
      grew = false;
      for (Code node : nodes) {
        String local = null;
        if (node instanceof Variable variable && variable.initializer() != null
            && (source.test(variable.initializer()) || names(variable.initializer(), held))) {
          local = variable.name();
        } else if (node instanceof Assign assign && assign.operator().equals("=")
            && (source.test(assign.value()) || names(assign.value(), held))) {
          local = nameOf(assign.target()).orElse(null);
        } else if (node instanceof Call call && call.receiver() != null
            && call.arguments().stream().anyMatch(argument -> names(argument, held))) {
          local = nameOf(call.receiver()).orElse(null);
        }
        if (local != null && held.add(local)) {
          grew = true;
        }
      }
    }
    return held;
  }

  private static boolean names(Code code, Set<String> names) {
    return !names.isEmpty() && code.findAll(Name.class, FailureReading::startsAnotherBody)
        .stream().anyMatch(name -> names.contains(name.name()));
  }
}
