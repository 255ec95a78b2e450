package dev.retryowner.catalog;

import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/** Every rule retry-owner knows, with its capability matrix. Names are final: add, never rename. */
public final class RuleRegistry {
  public static final RuleDescriptor RETRY_OUTSIDE_JOBS = new RuleDescriptor(
      "RetryOutsideJobs",
      "Retry helpers (library calls, types, annotations) are used only inside the jobs packages.",
      "Send once here and let the failure surface; the job kind's RetryPolicy in the jobs"
          + " packages decides when to try again.",
      EnumSet.of(Engine.ERROR_PRONE, Engine.ARCHUNIT, Engine.SOURCE));

  public static final RuleDescriptor HAND_ROLLED_RETRY = new RuleDescriptor(
      "HandRolledRetry",
      "A loop, recursion or re-schedule re-runs an operation after a failure only inside the jobs"
          + " packages.",
      "Send once here and let the failure surface (throw it, or return the error status); the job"
          + " kind's RetryPolicy in the jobs packages decides when to try again.",
      EnumSet.of(Engine.ERROR_PRONE, Engine.SOURCE));

  private static final List<RuleDescriptor> ALL = List.of(RETRY_OUTSIDE_JOBS, HAND_ROLLED_RETRY);

  private RuleRegistry() {}

  public static List<RuleDescriptor> all() {
    return ALL;
  }

  public static Optional<RuleDescriptor> byName(String name) {
    return ALL.stream().filter(r -> r.name().equals(name)).findFirst();
  }

  /** The rules that one engine implements. */
  public static List<RuleDescriptor> implementedBy(Engine engine) {
    return ALL.stream().filter(r -> r.isImplementedBy(engine)).toList();
  }

  static String names() {
    return ALL.stream().map(RuleDescriptor::name).collect(Collectors.joining(", "));
  }
}
