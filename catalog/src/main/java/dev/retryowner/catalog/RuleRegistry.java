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

  public static final RuleDescriptor HAND_ROLLED_RETRY = new RuleDescriptor(
      "HandRolledRetry",
      "A loop, recursion or re-schedule re-runs an operation after a failure only inside the jobs"
          + " packages.",
      "Send once here and let the failure surface (throw it, or return the error status); the job"
          + " kind's RetryPolicy in the jobs packages decides when to try again.",
      EnumSet.of(Engine.ERROR_PRONE, Engine.SOURCE));

  public static final RuleDescriptor HTTP_CLIENT_RETRIES = new RuleDescriptor(
      "HttpClientRetries",
      "HTTP, RPC and cloud clients are built with their automatic retries off (NoRetry).",
      "Build the client with the NoRetry call the finding names, with a constant argument, in the"
          + " method that creates the builder; a failure then surfaces once and the job kind's"
          + " RetryPolicy decides when to try again.",
      EnumSet.of(Engine.ERROR_PRONE, Engine.SOURCE));

  public static final RuleDescriptor SLEEP_IN_REQUEST_PATH = new RuleDescriptor(
      "SleepInRequestPath",
      "Code a visitor waits on (controllers, JAX-RS resources, servlets, request-path packages)"
          + " does not sleep.",
      "Answer fast: send once, map a transient failure to an error response at once, and let a"
          + " job in the jobs packages try again later if the work must still happen.",
      EnumSet.of(Engine.ERROR_PRONE, Engine.ARCHUNIT),
      ScopeKind.REQUEST_PATH);

  public static final RuleDescriptor JOBS_INTERNALS_OUTSIDE_JOBS = new RuleDescriptor(
      "JobsInternalsOutsideJobs",
      "Code outside the jobs packages uses only the jobs layer's public API surface.",
      "Use the jobs API (enqueue a job of a kind that declares its RetryPolicy) instead of the"
          + " jobs layer's internals; if the type really is API, move it to jobsApiPackages or"
          + " mark it with jobsApiAnnotation.",
      EnumSet.of(Engine.ARCHUNIT, Engine.SOURCE));

  public static final RuleDescriptor QUEUE_ENGINE_OUTSIDE_ADAPTER = new RuleDescriptor(
      "QueueEngineOutsideAdapter",
      "The queue engine (queueEnginePackages) is used only in its adapter (queueAdapterPackages).",
      "Call the queue engine only from the adapter (queueAdapterPackages) and use the"
          + " adapter's port everywhere else, e.g. enqueue jobs through the jobs layer.",
      EnumSet.of(Engine.ARCHUNIT, Engine.SOURCE));

  public static final RuleDescriptor SCHEDULING_OUTSIDE_JOBS = new RuleDescriptor(
      "SchedulingOutsideJobs",
      "Scheduling (scheduled executors, timers, @Scheduled) is used only inside the jobs packages.",
      "Enqueue or schedule a job through the jobs layer instead; it owns when work runs again,"
          + " and its runs are visible, bounded and retried by one policy.",
      EnumSet.of(Engine.ERROR_PRONE, Engine.ARCHUNIT, Engine.SOURCE),
      ScopeKind.OUTSIDE_JOBS_PACKAGES).asOptIn();

  public static final RuleDescriptor THREAD_OUTSIDE_INFRA = new RuleDescriptor(
      "ThreadOutsideInfra",
      "Threads and thread pools are created only inside the infrastructure packages.",
      "Use an executor the infrastructure packages (infraPackages) provide, or enqueue a job;"
          + " that executor is shut down with the application, bounded and observed.",
      EnumSet.of(Engine.ERROR_PRONE, Engine.ARCHUNIT, Engine.SOURCE),
      ScopeKind.OUTSIDE_INFRA_PACKAGES).asOptIn();

  public static final RuleDescriptor MEILI_CLIENT_RETRIES = new RuleDescriptor(
      "MeiliClientRetries",
      "The Meilisearch client is constructed only in its adapter (searchAdapterPackages), and"
          + " never with the SDK's retrying OkHttp client.",
      "Build the Meilisearch client only in the search adapter (searchAdapterPackages) and inject"
          + " it elsewhere. In the adapter, talk to Meilisearch's REST API through your own"
          + " OkHttpClient built with retryOnConnectionFailure(false), or replace Config.httpClient"
          + " by reflection with such a client and suppress the finding with that reason; let the"
          + " search index job own the retries.",
      EnumSet.of(Engine.ERROR_PRONE, Engine.ARCHUNIT));

  public static final RuleDescriptor INVALID_EXEMPTION = new RuleDescriptor(
      "InvalidExemption",
      "Every @RetryOwnerExempt names a rule retry-owner knows and gives a reason.",
      "Name the rule the code breaks exactly as reports spell it (e.g. RetryOutsideJobs) and say"
          + " why the code may break it in reason; an invalid exemption exempts nothing.",
      EnumSet.of(Engine.ERROR_PRONE, Engine.ARCHUNIT));

  public static final RuleDescriptor RETRY_AMPLIFICATION = new RuleDescriptor(
      "RetryAmplification",
      "No call path multiplies retries: from an entry point to an outgoing request, the attempts"
          + " of its retry layers multiply to at most maxAmplification (times the job policy's"
          + " attempts on a job handler's path).",
      "Keep one retry layer on the path: send once in every layer but the job kind's"
          + " RetryPolicy (remove the helper or loop, build the client NoRetry); the path's"
          + " product then equals the policy's attempts.",
      EnumSet.of(Engine.CALL_GRAPH)).asOptIn();

  private static final List<RuleDescriptor> ALL = List.of(RETRY_OUTSIDE_JOBS, HAND_ROLLED_RETRY,
      HTTP_CLIENT_RETRIES, MEILI_CLIENT_RETRIES, SLEEP_IN_REQUEST_PATH, JOBS_INTERNALS_OUTSIDE_JOBS,
      QUEUE_ENGINE_OUTSIDE_ADAPTER, THREAD_OUTSIDE_INFRA, SCHEDULING_OUTSIDE_JOBS,
      INVALID_EXEMPTION, RETRY_AMPLIFICATION);

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

  /** The rules that run only when {@code enabledRules} names them. */
  public static List<RuleDescriptor> optIn() {
    return ALL.stream().filter(RuleDescriptor::optIn).toList();
  }

  static String names() {
    return ALL.stream().map(RuleDescriptor::name).collect(Collectors.joining(", "));
  }
}
