package dev.retryowner.jobs;

import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One kind's line in the inspector's overview.
 *
 * @param kind the kind's name
 * @param counts how many of its jobs are in each state (states without jobs are absent)
 * @param lastError the most recent error of any of its jobs, so a periodic kind's last failure
 *     stays visible after the next period ran
 */
public record KindOverview(String kind, Map<JobState, Long> counts, Optional<AttemptError> lastError) {
  public KindOverview {
    Objects.requireNonNull(kind, "kind");
    counts = counts.isEmpty() ? Map.of() : Map.copyOf(new EnumMap<>(counts));
    Objects.requireNonNull(lastError, "lastError");
  }

  /** How many of the kind's jobs are in {@code state}. */
  public long count(JobState state) {
    return counts.getOrDefault(state, 0L);
  }
}
