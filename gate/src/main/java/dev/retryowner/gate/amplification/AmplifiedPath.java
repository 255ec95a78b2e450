package dev.retryowner.gate.amplification;

import java.util.ArrayList;
import java.util.List;

/**
 * A call path from an entry point to an outgoing request, with how many requests one failure
 * can become on it: the product of its steps' attempts.
 *
 * @param entryPoint why the path starts where it does, e.g. "job handler of a kind with 8
 *     attempts" or "not called by the checked code"
 * @param hops the steps, from the entry point to the request; the first is the entry point's
 *     own (a job handler's policy attempts, else 1), the last sends the request
 * @param maxAmplification the configured threshold for the product of the steps beside a job
 *     kind's policy, which owns the retries
 */
public record AmplifiedPath(String entryPoint, List<Hop> hops, int maxAmplification) {
  public AmplifiedPath {
    hops = List.copyOf(hops);
  }

  /** The product of the known counts; a count too large for a long stays at its maximum. */
  public long knownProduct() {
    return knownProduct(hops);
  }

  private static long knownProduct(List<Hop> steps) {
    long product = 1;
    for (Hop hop : steps) {
      if (hop.attempts().isPresent()) {
        product = multiply(product, hop.attempts().getAsInt());
      }
    }
    return product;
  }

  /** How many steps retry an unknown number of times. */
  public int unknownFactors() {
    return (int) hops.stream().filter(hop -> hop.attempts().isEmpty()).count();
  }

  /**
   * The fewest requests one failure can become: unknown counts taken as 2, the fewest attempts
   * a retry makes. Paths sort by it.
   */
  public long leastProduct() {
    long product = knownProduct();
    for (int i = 0; i < unknownFactors(); i++) {
      product = multiply(product, 2);
    }
    return product;
  }

  /** {@code 27}, or {@code ≥ 3 × ?} when some count is unknown. */
  public String productText() {
    String unknown = " × ?".repeat(unknownFactors());
    return unknownFactors() == 0 ? Long.toString(knownProduct())
        : "≥ " + knownProduct() + unknown;
  }

  /** The factors that retry, e.g. {@code 3 × 3 × 3}; {@code 1} when none does. */
  public String factorsText() {
    List<String> factors = hops.stream().filter(Hop::retries).map(Hop::attemptsText).toList();
    return factors.isEmpty() ? "1" : String.join(" × ", factors);
  }

  /**
   * True if the path breaks RetryAmplification: the steps beside a job kind's policy multiply to
   * more than maxAmplification, or a count among them cannot be read (a gate never passes what
   * it cannot verify).
   */
  public boolean exceedsLimit() {
    List<Hop> layers = hops.stream().filter(hop -> !hop.jobPolicy()).toList();
    return layers.stream().anyMatch(hop -> hop.attempts().isEmpty())
        || knownProduct(layers) > maxAmplification;
  }

  /** The entry point's step. */
  public Hop entry() {
    return hops.get(0);
  }

  /** The step that sends the request. */
  public Hop request() {
    return hops.get(hops.size() - 1);
  }

  /** {@code BookingService.book -> OwnerNotifier.bookingReceived -> ...}, for one line. */
  public String shortText() {
    List<String> methods = new ArrayList<>();
    for (Hop hop : hops) {
      if (methods.isEmpty() || !methods.get(methods.size() - 1).equals(hop.method())) {
        methods.add(hop.method());
      }
    }
    return String.join(" -> ", methods);
  }

  /** {@code a × b}, a product too large for a long staying at its maximum. */
  static long multiply(long a, long b) {
    return a > Long.MAX_VALUE / b ? Long.MAX_VALUE : a * b;
  }
}
