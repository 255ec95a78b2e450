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
      EnumSet.of(Engine.ERROR_PRONE, Engine.ARCHUNIT, Engine.SOURCE),
      ScopeKind.OUTSIDE_JOBS_PACKAGES);

  public static final RuleDescriptor SLEEP_IN_REQUEST_PATH = new RuleDescriptor(
      "SleepInRequestPath",
      "Code a visitor waits on (controllers, JAX-RS resources, servlets, request-path packages)"
          + " does not sleep.",
      "Answer fast: send once, map a transient failure to an error response at once, and let a"
          + " job in the jobs packages try again later if the work must still happen.",
      EnumSet.of(Engine.ERROR_PRONE, Engine.ARCHUNIT),
      ScopeKind.REQUEST_PATH);

  private static final List<RuleDescriptor> ALL =
      List.of(RETRY_OUTSIDE_JOBS, SLEEP_IN_REQUEST_PATH);

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
