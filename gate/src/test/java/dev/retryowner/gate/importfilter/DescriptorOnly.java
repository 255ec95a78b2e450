package dev.retryowner.gate.importfilter;

import io.github.resilience4j.retry.Retry;

/** Names a catalog type only in a method descriptor. */
public abstract class DescriptorOnly {
  abstract void use(Retry retry);
}
