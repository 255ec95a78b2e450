package dev.retryowner.jobs;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * The operator's view of the job layer (the tasks panel): an overview per kind and state, lists
 * and single jobs with every attempt's error, a manual retry of a discarded job, and cancel.
 * Exhausted jobs are also pushed to the runtime's {@link AlertHook}.
 */
public final class Inspector {
  private final JobStore store;
  private final Clock clock;
  private final Map<String, JobKind> registeredKinds;
  private final Consumer<JobRecord> revived;
  private final Consumer<JobRecord> cancelled;

  Inspector(JobStore store, Clock clock, List<JobKind> registeredKinds,
      Consumer<JobRecord> revived, Consumer<JobRecord> cancelled) {
    this.store = store;
    this.clock = clock;
    this.registeredKinds = new TreeMap<>();
    registeredKinds.forEach(kind -> this.registeredKinds.put(kind.name(), kind));
    this.revived = revived;
    this.cancelled = cancelled;
  }

  /**
   * One line per kind, sorted by name: every registered kind (with zero counts if it has no jobs)
   * and every kind the store has jobs of.
   */
  public List<KindOverview> overview() {
    Map<String, KindOverview> byKind = new TreeMap<>();
    for (String kind : registeredKinds.keySet()) {
      byKind.put(kind, new KindOverview(kind, Map.of(), Optional.empty()));
    }
    for (KindOverview line : store.overview()) {
      byKind.put(line.kind(), line);
    }
    return new ArrayList<>(byKind.values());
  }

  /** Every kind registered with the runtime, sorted by name: queue, retry policy, timeout, period. */
  public List<JobKind> kinds() {
    return List.copyOf(registeredKinds.values());
  }

  /**
   * The registered kind {@code name}, whose retry policy decides what happens to its jobs; empty
   * for a kind the store has jobs of but this runtime does not register.
   */
  public Optional<JobKind> kind(String name) {
    return Optional.ofNullable(registeredKinds.get(name));
  }

  /** The jobs {@code filter} selects, newest first. */
  public List<JobRecord> list(JobFilter filter) {
    return store.list(filter);
  }

  /** The job {@code id} with every attempt's error, if it exists. */
  public Optional<JobRecord> get(long id) {
    return store.get(id);
  }

  /**
   * Runs a discarded job again, at once, keeping its errors; an exhausted job gets one more
   * attempt. Returns false, changing nothing, if the job is not discarded (or a live job with the
   * same uniqueness key exists).
   */
  public boolean retry(long id) {
    Optional<JobRecord> pending = store.retryDiscarded(id, clock.instant());
    pending.ifPresent(revived);
    return pending.isPresent();
  }

  /**
   * Cancels a job that has not finished: it will not run (again); if it is running here, its
   * handler is interrupted and its outcome ignored. Cancelled is not discarded: it is not a failure
   * and no alert is raised. Returns false if the job is already completed, discarded or cancelled.
   */
  public boolean cancel(long id) {
    Optional<JobRecord> done = store.cancel(id, clock.instant());
    done.ifPresent(cancelled);
    return done.isPresent();
  }
}
