package dev.retryowner.catalog.shape;

import static dev.retryowner.catalog.shape.FailureReading.nameOf;

import dev.retryowner.catalog.RetryLoopEvidence;
import dev.retryowner.catalog.shape.Code.Assign;
import dev.retryowner.catalog.shape.Code.Call;
import dev.retryowner.catalog.shape.Code.Catch;
import dev.retryowner.catalog.shape.Code.If;
import dev.retryowner.catalog.shape.Code.Loop;
import dev.retryowner.catalog.shape.Code.LoopKind;
import dev.retryowner.catalog.shape.Code.Name;
import dev.retryowner.catalog.shape.Code.Unary;
import dev.retryowner.catalog.shape.Code.Variable;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A loop that backs off on consecutive failures: a catch steps a failure counter, the work's
 * success sets it back to zero, and the loop waits by it (a wait guarded by a test of the
 * counter, or given a delay computed from it) before it tries the work again. Whatever else the
 * loop does (it may poll for work forever), the failed work runs again after a back-off that
 * grows with the failures: a retry with back-off, with no bound but the loop's own.
 */
final class FailureCountLoop {
  private FailureCountLoop() {}

  static Optional<ShapeMatch> find(Loop loop) {
    if (loop.kind() == LoopKind.FOR_EACH) {
      return Optional.empty();
    }
    List<Catch> catches = loop.body().findAll(Catch.class, FailureReading::startsAnotherBody);
    Set<String> stepped = new LinkedHashSet<>();
    for (Catch handler : catches) {
      if (FailureReading.catchesOnlyInterruption(handler)) {
        continue;
      }
      handler.body().walk(FailureReading::startsAnotherBody, node -> stepOf(node)
          .ifPresent(stepped::add));
    }
    for (String counter : stepped) {
      if (resetOutsideCatches(loop.body(), counter)) {
        Optional<String> wait = waitBy(loop.body(), counter);
        if (wait.isPresent()) {
          return Optional.of(new ShapeMatch(loop.origin(), RetryLoopEvidence.failureCountBackOff(
              loop.kind().words(), counter, wait.get()), ""));
        }
      }
    }
    return Optional.empty();
  }

  /** The counter {@code x++}, {@code ++x} or {@code x += 1} steps up. */
  private static Optional<String> stepOf(Code node) {
    if (node instanceof Unary unary && (unary.operator().equals(Unary.PRE_INCREMENT)
        || unary.operator().equals(Unary.POST_INCREMENT))) {
      return nameOf(unary.operand());
    }
    if (node instanceof Assign assign && assign.operator().equals("+=")
        && FailureReading.intValue(assign.value()).isPresent()) {
      return nameOf(assign.target());
    }
    return Optional.empty();
  }

  /** True if the body sets {@code counter} to 0 outside its catches: after the work succeeded. */
  private static boolean resetOutsideCatches(Code body, String counter) {
    return body.findAll(Assign.class, node -> node instanceof Catch
            || FailureReading.startsAnotherBody(node)).stream()
        .anyMatch(assign -> assign.operator().equals("=")
            && nameOf(assign.target()).filter(counter::equals).isPresent()
            && FailureReading.intValue(assign.value()).filter(v -> v == 0).isPresent());
  }

  /**
   * The delay call that waits by the counter: inside an {@code if} whose condition reads it, or
   * given an argument that reads it, directly or through a local computed from it.
   */
  private static Optional<String> waitBy(Code body, String counter) {
    Set<String> readers = new LinkedHashSet<>(Set.of(counter));
    for (Variable local : body.findAll(Variable.class, FailureReading::startsAnotherBody)) {
      if (local.initializer() != null && reads(local.initializer(), readers)) {
        readers.add(local.name());
      }
    }
    for (If guard : body.findAll(If.class, FailureReading::startsAnotherBody)) {
      if (reads(guard.condition(), Set.of(counter))) {
        Optional<String> delay = RetryShapes.delayNote(guard.then());
        if (delay.isPresent()) {
          return delay;
        }
      }
    }
    for (Call call : body.findAll(Call.class, FailureReading::startsAnotherBody)) {
      if (call.callee().delay().isPresent()
          && call.arguments().stream().anyMatch(argument -> reads(argument, readers))) {
        return call.callee().delay();
      }
    }
    return Optional.empty();
  }

  private static boolean reads(Code code, Set<String> names) {
    return code.findAll(Name.class, FailureReading::startsAnotherBody).stream()
        .anyMatch(name -> names.contains(name.name()));
  }
}
