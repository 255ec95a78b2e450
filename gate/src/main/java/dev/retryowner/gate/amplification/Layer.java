package dev.retryowner.gate.amplification;

import java.util.Collection;
import java.util.OptionalInt;
import java.util.stream.Collectors;

/**
 * A retry layer: how many attempts it makes, and what the code shows of it.
 *
 * @param attempts the attempts in all, the first one included; empty when the code does not
 *     show the count
 * @param what where the layer is and where its count comes from, for a reader
 * @param jobPolicy true for a job kind's policy: the layer that owns the retries
 */
record Layer(OptionalInt attempts, String what, boolean jobPolicy) {
  static final Layer ONCE = of(1, "");

  static Layer of(int attempts, String what) {
    return new Layer(OptionalInt.of(attempts), what, false);
  }

  static Layer unknown(String what) {
    return new Layer(OptionalInt.empty(), what, false);
  }

  /** This layer as a job kind's policy. */
  Layer asJobPolicy() {
    return new Layer(attempts, what, true);
  }

  /**
   * The layer that stands for several read at one place (the findings of one helper, say): the
   * most attempts any makes, unknown when one's count is.
   */
  static Layer largest(Collection<Layer> layers) {
    String what = layers.stream().map(Layer::what).distinct().collect(Collectors.joining("; "));
    boolean jobPolicy = !layers.isEmpty() && layers.stream().allMatch(Layer::jobPolicy);
    OptionalInt attempts = layers.stream().anyMatch(layer -> layer.attempts().isEmpty())
        ? OptionalInt.empty()
        : OptionalInt.of(layers.stream().mapToInt(l -> l.attempts().getAsInt()).max().orElse(1));
    return new Layer(attempts, what, jobPolicy);
  }
}
