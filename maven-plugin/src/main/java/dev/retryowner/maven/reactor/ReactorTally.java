package dev.retryowner.maven.reactor;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which of the reactor's gate executions have concluded; the one that concludes last sees every
 * outcome. Thread-safe (modules run in parallel under {@code -T}). The state is a map of JDK types
 * shared through the Maven session: every expected execution's key, in reactor order, mapped to
 * its encoded outcome, or to an empty list while it has not concluded.
 */
public final class ReactorTally {
  private final Map<String, List<String>> shared;

  /** A tally over {@code shared}, as {@link #expecting} made it; all access locks the map. */
  public ReactorTally(Map<String, List<String>> shared) {
    this.shared = shared;
  }

  /** The shared state of a reactor whose gate executions have the given keys, none concluded. */
  public static Map<String, List<String>> expecting(Collection<String> keys) {
    Map<String, List<String>> state = new LinkedHashMap<>();
    keys.forEach(key -> state.put(key, List.of()));
    return state;
  }

  /** How many gate executions the reactor runs. */
  public int size() {
    synchronized (shared) {
      return shared.size();
    }
  }

  /**
   * Records the outcome of the execution {@code key}. An execution the tally does not expect, or
   * one recorded before (a forked lifecycle running it again), is {@link Arrival#unexpected}.
   */
  public Arrival record(String key, ModuleOutcome outcome) {
    synchronized (shared) {
      List<String> previous = shared.get(key);
      if (previous == null || !previous.isEmpty()) {
        return Arrival.unexpected();
      }
      shared.put(key, outcome.encode());
      int pending = (int) shared.values().stream().filter(List::isEmpty).count();
      List<ModuleOutcome> outcomes = pending > 0 ? List.of()
          : shared.values().stream().map(ModuleOutcome::decode).toList();
      return new Arrival(true, pending, outcomes);
    }
  }

  /**
   * What recording an outcome found.
   *
   * @param expected whether the tally expected this execution
   * @param pending how many expected executions have not concluded yet
   * @param outcomes every outcome, in reactor order, when this was the last; empty otherwise
   */
  public record Arrival(boolean expected, int pending, List<ModuleOutcome> outcomes) {
    static Arrival unexpected() {
      return new Arrival(false, 0, List.of());
    }

    /** Whether this execution concluded last, so it speaks for the reactor. */
    public boolean last() {
      return expected && pending == 0;
    }
  }
}
