package dev.retryowner.jobs;

import java.time.Duration;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * Spreads a backoff delay so that jobs which failed together do not all run again at the same
 * instant. The runtime applies one to every backoff; {@link #none()} gives the exact tables.
 */
@FunctionalInterface
public interface Jitter {
  /** The fraction every backoff of the job layer is spread by: ±10 %. */
  double STANDARD_FRACTION = 0.10;

  /** Returns {@code delay} spread by this jitter; never negative. */
  Duration apply(Duration delay);

  /** No jitter: the delay as the backoff computed it. */
  static Jitter none() {
    return delay -> delay;
  }

  /** ±10 % drawn from {@code random} (seed it in tests). */
  static Jitter standard(RandomGenerator random) {
    return plusMinus(STANDARD_FRACTION, random);
  }

  /**
   * A uniform spread of ±{@code fraction} of the delay, drawn from {@code random}. Draws are
   * serialized on {@code random}, so a generator that is not thread-safe may be passed.
   */
  static Jitter plusMinus(double fraction, RandomGenerator random) {
    Objects.requireNonNull(random, "random");
    if (!(fraction >= 0 && fraction < 1)) {
      throw new IllegalArgumentException(
          "jitter fraction must be in [0, 1), e.g. 0.10 for ±10 %, but was " + fraction);
    }
    return delay -> {
      double factor;
      synchronized (random) {
        factor = 1 + random.nextDouble(-fraction, fraction);
      }
      long nanos = Math.round(delay.toNanos() * factor);
      return Duration.ofNanos(Math.max(0, nanos));
    };
  }
}
