package dev.retryowner.jobs;

import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Which jobs {@link JobStore#list} and {@link Inspector#list} return, newest first. Every
 * criterion set must hold; an unset criterion matches everything.
 *
 * <pre>{@code
 * JobFilter.all().kind("webhook.deliver").states(JobState.DISCARDED).arg("endpoint", "42")
 * }</pre>
 */
public final class JobFilter {
  /** How many jobs a filter returns unless {@link #limit(int)} says otherwise. */
  public static final int DEFAULT_LIMIT = 100;

  private final String kind;
  private final String queue;
  private final Set<JobState> states;
  private final Map<String, String> args;
  private final int limit;

  private JobFilter(
      String kind, String queue, Set<JobState> states, Map<String, String> args, int limit) {
    this.kind = kind;
    this.queue = queue;
    this.states = Set.copyOf(states);
    this.args = Map.copyOf(args);
    this.limit = limit;
  }

  /** Every job, the newest {@value #DEFAULT_LIMIT}. */
  public static JobFilter all() {
    return new JobFilter(null, null, EnumSet.noneOf(JobState.class), Map.of(), DEFAULT_LIMIT);
  }

  /** Only jobs of the kind {@code kind}. */
  public JobFilter kind(String kind) {
    return new JobFilter(Objects.requireNonNull(kind, "kind"), queue, states, args, limit);
  }

  /** Only jobs on {@code queue}. */
  public JobFilter queue(String queue) {
    return new JobFilter(kind, Objects.requireNonNull(queue, "queue"), states, args, limit);
  }

  /** Only jobs in one of {@code states}. */
  public JobFilter states(JobState first, JobState... more) {
    return new JobFilter(kind, queue, EnumSet.of(first, more), args, limit);
  }

  /** Only jobs whose argument {@code name} equals {@code value} (e.g. one endpoint's deliveries). */
  public JobFilter arg(String name, String value) {
    Map<String, String> withArg = new LinkedHashMap<>(args);
    withArg.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(value, "value"));
    return new JobFilter(kind, queue, states, withArg, limit);
  }

  /** At most {@code limit} jobs (the newest). */
  public JobFilter limit(int limit) {
    if (limit < 1) {
      throw new IllegalArgumentException("a filter's limit must be at least 1: " + limit);
    }
    return new JobFilter(kind, queue, states, args, limit);
  }

  /** The kind asked for, or null for any. */
  public String kindOrNull() {
    return kind;
  }

  /** The queue asked for, or null for any. */
  public String queueOrNull() {
    return queue;
  }

  /** The states asked for; empty for any. */
  public Set<JobState> states() {
    return states;
  }

  /** The arguments a job must have with these values. */
  public Map<String, String> args() {
    return args;
  }

  /** How many jobs at most. */
  public int limit() {
    return limit;
  }

  /** Whether {@code job} meets every criterion (the limit aside). */
  public boolean matches(JobRecord job) {
    return (kind == null || kind.equals(job.kind()))
        && (queue == null || queue.equals(job.queue()))
        && (states.isEmpty() || states.contains(job.state()))
        && args.entrySet().stream()
            .allMatch(arg -> arg.getValue().equals(job.args().get(arg.getKey())));
  }
}
