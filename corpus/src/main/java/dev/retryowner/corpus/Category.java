package dev.retryowner.corpus;

import java.util.Arrays;

/** What a labelled site is, as {@code corpus/README.md} defines the categories. */
public enum Category {
  HELPER_LIBRARY("helper-library", true, true),
  HAND_ROLLED_LOOP("hand-rolled-loop", true, true),
  CLIENT_DEFAULT_RETRIES_ON("client-default-retries-on", true, false),
  CLIENT_RETRIES_EXPLICITLY_ENABLED("client-retries-explicitly-enabled", true, false),
  JOB_LAYER_RETRY("job-layer-retry", true, true),
  CLIENT_RETRIES_DISABLED("client-retries-disabled", false, false),
  LOOKALIKE_NOT_RETRY("lookalike-not-retry", false, false);

  private final String label;
  private final boolean retry;
  private final boolean ownedByJobLayer;

  Category(String label, boolean retry, boolean ownedByJobLayer) {
    this.label = label;
    this.retry = retry;
    this.ownedByJobLayer = ownedByJobLayer;
  }

  /** The category as the labels file writes it, e.g. {@code hand-rolled-loop}. */
  public String label() {
    return label;
  }

  /** True for a retry, which the gate must report outside a job layer. */
  public boolean isRetry() {
    return retry;
  }

  /**
   * True for the retries a job layer may own: inside a configured job layer they are allowed,
   * whereas a retrying client is a finding in every package.
   */
  public boolean isOwnedByJobLayer() {
    return ownedByJobLayer;
  }

  /** The category a labels file names; fails listing the known ones. */
  public static Category of(String label) {
    return Arrays.stream(values()).filter(c -> c.label.equals(label)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("unknown category '" + label
            + "'; write one of " + Arrays.stream(values()).map(Category::label).toList()));
  }
}
