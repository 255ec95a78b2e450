package dev.retryowner.catalog.shape;

import dev.retryowner.catalog.ArgumentPattern;
import dev.retryowner.catalog.CatalogEntry;
import dev.retryowner.catalog.RetryLoopEvidence;
import dev.retryowner.catalog.shape.Code.Call;
import dev.retryowner.catalog.shape.Code.Literal;
import dev.retryowner.catalog.shape.Code.Name;
import java.util.List;
import java.util.Optional;

/**
 * The redelivery shape: a call that hands a message back to its broker to be delivered again (a
 * catalog {@code redelivery-call}), so the broker runs the failed work again with no attempt
 * count the code can see. An entry with argument patterns names the literals that keep the
 * message from coming back ({@code basicNack(tag, false, false)} drops or dead-letters it); a
 * call that passes such an argument through from a parameter of its method leaves the decision
 * to its caller, and so is not the place that retries; nor is a method that forwards to the
 * method of its own name (a wrapper of the broker's channel or session).
 */
final class Redelivery {
  private Redelivery() {}

  static Optional<ShapeMatch> find(MethodCode unit, Call call, CatalogEntry entry) {
    List<ArgumentPattern> keeps = entry.argumentPatterns();
    boolean forwards = unit.name().equals(call.name());
    if (forwards || !keeps.isEmpty() && keeps.size() != call.arguments().size()) {
      return Optional.empty();
    }
    for (int i = 0; i < keeps.size(); i++) {
      if (keeps.get(i).kind() != ArgumentPattern.Kind.LITERAL) {
        continue;
      }
      Code argument = call.arguments().get(i);
      boolean keepsMessage = argument instanceof Literal literal && literal.value() != null
          && String.valueOf(literal.value()).equals(keeps.get(i).text());
      boolean callerDecides = argument instanceof Name name && unit.hasParameter(name.name());
      if (keepsMessage || callerDecides) {
        return Optional.empty();
      }
    }
    String method = entry.typeName().replace('$', '.') + "#" + entry.memberName();
    return Optional.of(new ShapeMatch(call.origin(), RetryLoopEvidence.redelivery(method),
        method));
  }
}
