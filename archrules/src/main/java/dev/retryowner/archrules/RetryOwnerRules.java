package dev.retryowner.archrules;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import dev.retryowner.catalog.ConstructionOnlyIn;
import dev.retryowner.catalog.Engine;
import dev.retryowner.catalog.GateConfig;
import dev.retryowner.catalog.GateConfigException;
import dev.retryowner.catalog.LayeringBoundary;
import dev.retryowner.catalog.RuleDescriptor;
import dev.retryowner.catalog.RuleRegistry;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * retry-owner's ArchUnit rules. Each rule is driven by the catalog of the given {@link
 * GateConfig}; no library name lives in this code. Use a rule as
 *
 * <pre>{@code
 * @AnalyzeClasses(packages = "com.acme")
 * class RetryOwnerTest {
 *   @ArchTest
 *   static final ArchRule retryOutsideJobs = RetryOwnerRules.retryOutsideJobs(
 *       GateConfig.builder().jobsPackages("com.acme.jobs").build());
 * }
 * }</pre>
 *
 * <p>A rule instance keeps per-evaluation state in its condition: evaluate one rule instance on
 * one thread at a time (ArchUnit's JUnit engine does), or build one per thread.
 */
public final class RetryOwnerRules {
  private static final Map<String, RuleFactory> RULES_BY_NAME = Map.of(
      RuleRegistry.RETRY_OUTSIDE_JOBS.name(), RetryOwnerRules::retryOutsideJobs,
      RuleRegistry.SLEEP_IN_REQUEST_PATH.name(), RetryOwnerRules::sleepInRequestPath,
      RuleRegistry.JOBS_INTERNALS_OUTSIDE_JOBS.name(), RetryOwnerRules::jobsInternalsOutsideJobs,
      RuleRegistry.QUEUE_ENGINE_OUTSIDE_ADAPTER.name(),
      RetryOwnerRules::queueEngineOutsideAdapter,
      RuleRegistry.SCHEDULING_OUTSIDE_JOBS.name(), RetryOwnerRules::schedulingOutsideJobs,
      RuleRegistry.THREAD_OUTSIDE_INFRA.name(), RetryOwnerRules::threadOutsideInfra,
      RuleRegistry.MEILI_CLIENT_RETRIES.name(), RetryOwnerRules::meiliClientRetries,
      RuleRegistry.INVALID_EXEMPTION.name(), RetryOwnerRules::invalidExemption);

  /** Builds a rule; {@code exemptions} wraps its condition to honor exemptions, or not. */
  private interface RuleFactory {
    ArchRule create(GateConfig config, UnaryOperator<ArchCondition<JavaClass>> exemptions);
  }

  private RetryOwnerRules() {}

  /**
   * The condition behind {@link #retryOutsideJobs}: a class outside the jobs packages uses none of
   * the {@code RetryOutsideJobs} catalog entries.
   */
  public static ArchCondition<JavaClass> notUseRetryHelpersOutsideJobs(GateConfig config) {
    return new ForbiddenUseCondition(RuleRegistry.RETRY_OUTSIDE_JOBS, config,
        "not use retry helpers (catalog calls, types, annotations) outside the jobs packages "
            + config.jobsPackagesText());
  }

  /**
   * The condition behind {@link #sleepInRequestPath}: a class in the request path calls none of
   * the {@code SleepInRequestPath} catalog delays.
   */
  public static ArchCondition<JavaClass> notSleepInTheRequestPath(GateConfig config) {
    return new ForbiddenUseCondition(RuleRegistry.SLEEP_IN_REQUEST_PATH, config,
        "not sleep (catalog delay calls) in the request path");
  }

  /**
   * {@code RetryOutsideJobs}: classes outside the jobs packages use no retry helper of the catalog.
   *
   * <p>What counts as a use of a {@code type} entry (the type, every subtype, and the types nested
   * in it, such as its builder): calling a method on it, reading or writing its fields, calling a
   * constructor, a method or constructor reference, a field, parameter or return type that
   * involves it (also as a type argument, bound or array component), extending or implementing
   * it. A {@code method} entry: calls and method references of every overload on the type or a
   * subtype. An {@code annotation} entry: the annotation on a class, method, constructor, field or
   * parameter, also through a user annotation meta-annotated with it (at any depth), whose
   * declaration is a finding too.
   *
   * <pre>{@code
   * class PaymentClient {                          // outside the jobs packages
   *   Retry retry = Retry.of("pay", config);       // violation: field type and call
   *   @Retryable void charge() { ... }             // violation: annotation
   *   String send() { return http.post(body); }    // no violation: sends once
   * }
   * }</pre>
   *
   * <p>Lines: uses in code (calls, constructions, references, field accesses, also inside
   * lambdas) carry the exact line javac recorded for the instruction; for a call split over lines
   * that is the line of {@code .name(}. Declarations carry what bytecode knows: for parameter and
   * return types and annotations of a method, the method's first line of code (a constructor's
   * own line, where its {@code super(...)} call sits); 0 for fields, types, supertypes and bodiless
   * methods. The Maven plugin pins declarations from the source.
   *
   * <p>Blind spots of bytecode as ArchUnit imports it: local variable types (javac records them in
   * the LocalVariableTable only with {@code -g}, and ArchUnit does not import that table; the
   * assignment to a local is usually a call that is reported, but {@code for (Retry r : retries)}
   * is not), casts, {@code instanceof}, class literals, {@code throws} and {@code catch} clauses
   * (not part of this rule's semantics either), constants the compiler inlined ({@code static
   * final} primitives and strings), annotations with {@code SOURCE} retention, and a lambda that
   * implements a catalog interface (the call it is passed to is reported). A library class that
   * subtypes a catalog type (e.g. an implementation class the catalog does not name) is recognized
   * only when its supertypes resolve: ArchUnit's {@code resolveMissingDependenciesFromClassPath},
   * on by default, with the libraries on the class path.
   *
   * <p>Within a class's own nest (the class, its nested and enclosing classes) accesses to its own
   * members are not findings, even when it extends a catalog type: its extends clause is. Inherited
   * catalog members stay findings, and so do constructions of its nested subtypes.
   *
   * <p>The rule also fails when a jobs package pattern matches none of the imported classes, and
   * when it was given no classes at all, whatever {@code archRule.failOnEmptyShould} says.
   */
  public static ArchRule retryOutsideJobs(GateConfig config) {
    return retryOutsideJobs(config, ArchExemptions::honoring);
  }

  private static ArchRule retryOutsideJobs(GateConfig config,
      UnaryOperator<ArchCondition<JavaClass>> exemptions) {
    RuleDescriptor rule = RuleRegistry.RETRY_OUTSIDE_JOBS;
    return classes().should(exemptions.apply(notUseRetryHelpersOutsideJobs(config)))
        .as(rule.name() + ": classes should not use retry helpers (catalog calls, types,"
            + " annotations) outside the jobs packages " + config.jobsPackagesText())
        .because("retry has one owner, the job layer: three layers that each retry 3 times turn"
            + " one failure into 27 requests. " + rule.fix())
        .allowEmptyShould(true);
  }

  /**
   * {@code SleepInRequestPath}: code a visitor waits on calls none of the catalog's delay calls
   * ({@code Thread.sleep}, {@code TimeUnit#sleep}, {@code LockSupport.parkNanos/parkUntil},
   * {@code Object#wait}, Guava's {@code sleepUninterruptibly}; calls and method references).
   *
   * <p>The request path: classes in the configured {@code requestPathPackages}, classes carrying
   * a catalog {@code scope-annotation} (Spring {@code @Controller}/{@code @RestController}, JAX-RS
   * {@code @Path}), also through a meta-annotation at any depth, subtypes of a catalog {@code
   * scope-type} (servlets, servlet filters), and every class nested in one of those (anonymous
   * classes, local classes; lambdas are part of their class anyway). Markers on supertypes
   * resolve only with the libraries on the class path, as for {@link #retryOutsideJobs}.
   *
   * <pre>{@code
   * @RestController
   * class OrderController {
   *   String show() { Thread.sleep(200); ... }     // violation
   * }
   * class ReportWorker {
   *   void run() { Thread.sleep(200); }            // no violation: nobody waits on it
   * }
   * }</pre>
   *
   * <p>Lines are the exact bytecode lines of the calls. Retry helpers in the request path are
   * {@code RetryOutsideJobs} findings, not repeated here. The rule fails when a request-path
   * package pattern matches none of the imported classes; with no such packages configured and
   * no marked class imported it checks nothing and passes (a module without controllers has no
   * request path).
   */
  public static ArchRule sleepInRequestPath(GateConfig config) {
    return sleepInRequestPath(config, ArchExemptions::honoring);
  }

  private static ArchRule sleepInRequestPath(GateConfig config,
      UnaryOperator<ArchCondition<JavaClass>> exemptions) {
    RuleDescriptor rule = RuleRegistry.SLEEP_IN_REQUEST_PATH;
    return classes().should(exemptions.apply(notSleepInTheRequestPath(config)))
        .as(rule.name() + ": classes in the request path (controllers, JAX-RS resources,"
            + " servlets, requestPathPackages " + config.requestPathPackages() + ") should not"
            + " sleep")
        .because("a visitor waits while the request sleeps, and retry has one owner, the job"
            + " layer. " + rule.fix())
        .allowEmptyShould(true);
  }

  /**
   * {@code JobsInternalsOutsideJobs}: classes outside the jobs packages use only the jobs layer's
   * public API surface, so nobody re-exports a "run this with retries" helper from the jobs
   * packages. The surface is {@code jobsApiPackages} (packages inside the jobs packages) and/or
   * the types carrying {@code jobsApiAnnotation}, with their members and nested types.
   *
   * <p>A use is what {@link #retryOutsideJobs} counts as one (calls, field accesses,
   * constructions, references, field, parameter and return types, supertypes, annotations), of a
   * type in the jobs packages that is not API, by the type's own name: a subclass of an internal
   * type outside the jobs packages is a finding where it extends, not where it is used. Lines and
   * blind spots are those of {@link #retryOutsideJobs}; the Maven plugin adds local variable
   * types from the source.
   *
   * <pre>{@code
   * class Checkout {                                   // com.acme.billing
   *   void pay() { new RetryingRunner().run(task); }   // violation: com.acme.jobs.internal
   *   void payLater() { jobs.enqueue(CHARGE, args); }  // no violation: com.acme.jobs.api
   * }
   * }</pre>
   *
   * <p>The rule fails when a {@code jobsApiPackages} pattern matches no imported class of the
   * jobs packages, when {@code jobsApiAnnotation} is on none of them, and on an empty import.
   *
   * @throws GateConfigException if neither {@code jobsApiPackages} nor {@code jobsApiAnnotation}
   *     is configured ({@link #all} leaves the rule out instead)
   */
  public static ArchRule jobsInternalsOutsideJobs(GateConfig config) {
    return jobsInternalsOutsideJobs(config, ArchExemptions::honoring);
  }

  private static ArchRule jobsInternalsOutsideJobs(GateConfig config,
      UnaryOperator<ArchCondition<JavaClass>> exemptions) {
    RuleDescriptor rule = RuleRegistry.JOBS_INTERNALS_OUTSIDE_JOBS;
    LayeringBoundary boundary = LayeringBoundary.of(rule, config);
    String description = "use only the jobs API (" + LayeringBoundary.apiSurface(config)
        + ") of the jobs packages " + config.jobsPackagesText();
    return classes().should(exemptions.apply(new LayeringCondition(description, boundary,
            classes -> LayeringSettings.jobsApiProblems(config, classes))))
        .as(rule.name() + ": classes outside the jobs packages should " + description)
        .because("a jobs internal reached from outside, such as a helper that runs work with"
            + " retries, makes a second retry owner next to the job kinds' policies. "
            + rule.fix())
        .allowEmptyShould(true);
  }

  /**
   * {@code QueueEngineOutsideAdapter}: only classes in {@code queueAdapterPackages} use the queue
   * engine's packages ({@code queueEnginePackages}, e.g. a scheduler library); everything else
   * goes through the adapter. A use is what {@link #jobsInternalsOutsideJobs} counts as one, of a
   * type in the engine packages.
   *
   * <p>The rule fails when a {@code queueAdapterPackages} pattern matches no imported class, when
   * a {@code queueEnginePackages} pattern matches no class the imported classes hold or use, and
   * on an empty import.
   *
   * @throws GateConfigException if {@code queueEnginePackages} is not configured ({@link #all}
   *     leaves the rule out instead)
   */
  public static ArchRule queueEngineOutsideAdapter(GateConfig config) {
    return queueEngineOutsideAdapter(config, ArchExemptions::honoring);
  }

  private static ArchRule queueEngineOutsideAdapter(GateConfig config,
      UnaryOperator<ArchCondition<JavaClass>> exemptions) {
    RuleDescriptor rule = RuleRegistry.QUEUE_ENGINE_OUTSIDE_ADAPTER;
    LayeringBoundary boundary = LayeringBoundary.of(rule, config);
    String description = "not use the queue engine " + config.queueEnginePackages()
        + " outside its adapter " + config.queueAdapterPackages();
    return classes().should(exemptions.apply(new LayeringCondition(description, boundary,
            classes -> LayeringSettings.queueProblems(config, classes))))
        .as(rule.name() + ": classes should " + description)
        .because("an engine used all over the code base cannot be swapped or held to the jobs"
            + " layer's retry policy: its own redelivery becomes a second retry owner. "
            + rule.fix())
        .allowEmptyShould(true);
  }

  /**
   * {@code SchedulingOutsideJobs} (opt-in): classes outside the jobs packages use none of the
   * catalog's scheduling APIs (scheduled executors, {@code java.util.Timer}, Spring's
   * {@code @Scheduled}, {@code @EnableScheduling} and {@code TaskScheduler}). What counts as a use
   * and the lines are those of {@link #retryOutsideJobs}. Calling this factory is opting in;
   * {@link #all} includes the rule only when {@code enabledRules} names it.
   */
  public static ArchRule schedulingOutsideJobs(GateConfig config) {
    return schedulingOutsideJobs(config, ArchExemptions::honoring);
  }

  private static ArchRule schedulingOutsideJobs(GateConfig config,
      UnaryOperator<ArchCondition<JavaClass>> exemptions) {
    RuleDescriptor rule = RuleRegistry.SCHEDULING_OUTSIDE_JOBS;
    return classes().should(exemptions.apply(new ForbiddenUseCondition(rule, config,
            "not schedule work (catalog scheduling APIs) outside the jobs packages "
                + config.jobsPackagesText())))
        .as(rule.name() + ": classes should not schedule work outside the jobs packages "
            + config.jobsPackagesText())
        .because("when work runs again is the job layer's decision, like retries. " + rule.fix())
        .allowEmptyShould(true);
  }

  /**
   * {@code ThreadOutsideInfra} (opt-in): classes outside {@code infraPackages} create no threads
   * or thread pools: no construction of a catalog {@code constructor} entry ({@code Thread},
   * {@code ThreadPoolExecutor}, {@code ForkJoinPool}) or a subtype of one, also anonymous or by
   * {@code ::new}, and no call of the catalog's {@code Thread#start} and {@code Executors}
   * factories. Declaring a subclass of {@code Thread} is no finding; constructing it is.
   * {@code Thread.sleep}, {@code Thread.currentThread()} and {@code ForkJoinPool.commonPool()}
   * stay allowed. The rule fails when an {@code infraPackages} pattern matches no imported class.
   *
   * @throws GateConfigException if {@code infraPackages} is not configured
   */
  public static ArchRule threadOutsideInfra(GateConfig config) {
    return threadOutsideInfra(config, ArchExemptions::honoring);
  }

  private static ArchRule threadOutsideInfra(GateConfig config,
      UnaryOperator<ArchCondition<JavaClass>> exemptions) {
    RuleDescriptor rule = RuleRegistry.THREAD_OUTSIDE_INFRA;
    if (config.infraPackages().isEmpty()) {
      throw new GateConfigException(rule.name() + " needs infraPackages: name the package(s)"
          + " that own threads and executors, e.g. com.acme.infra.");
    }
    return classes().should(exemptions.apply(new ForbiddenUseCondition(rule, config,
            "not create threads or thread pools outside the infrastructure packages "
                + config.infraPackages())))
        .as(rule.name() + ": classes should not create threads or thread pools outside the"
            + " infrastructure packages " + config.infraPackages())
        .because("a bare thread or private pool escapes shutdown, limits and observability. "
            + rule.fix())
        .allowEmptyShould(true);
  }

  /**
   * {@code MeiliClientRetries}: the Meilisearch client's types (catalog {@code construct-only-in}
   * entries: the SDK's {@code Config} and {@code Client}) are constructed only in the search
   * adapter ({@code searchAdapterPackages}); a type listed as {@code retrying-constructor} (the
   * SDK's {@code Config}, whose every constructor builds a retrying OkHttp client) is a finding
   * inside the adapter too, because no construction of it can be verified NoRetry.
   *
   * <p>A construction is {@code new} of the type or of a subclass (also an anonymous one) and a
   * constructor reference ({@code Config::new}), at its exact bytecode line; {@code super(...)}
   * in a subclass's constructor is not one (constructing the subclass is). Without {@code
   * searchAdapterPackages} every construction is a finding that says to configure it; code that
   * constructs none of the types passes.
   *
   * <pre>{@code
   * class Search {                                      // com.acme.web
   *   Client client = new Client(new Config(host));     // violation: outside the adapter
   *   Search(Client client) { ... }                     // no violation: injected
   * }
   * }</pre>
   *
   * <p>The rule fails when a {@code searchAdapterPackages} pattern matches none of the imported
   * classes, and on an empty import.
   */
  public static ArchRule meiliClientRetries(GateConfig config) {
    return meiliClientRetries(config, ArchExemptions::honoring);
  }

  private static ArchRule meiliClientRetries(GateConfig config,
      UnaryOperator<ArchCondition<JavaClass>> exemptions) {
    RuleDescriptor rule = RuleRegistry.MEILI_CLIENT_RETRIES;
    ConstructionOnlyIn shape = ConstructionOnlyIn.of(rule, config);
    String description = "construct the Meilisearch client only in the search adapter "
        + shape.adapterPackages() + ", never with the SDK's retrying OkHttp client";
    return classes()
        .should(exemptions.apply(new ConstructionOnlyInCondition(rule, shape, description)))
        .as(rule.name() + ": classes should " + description)
        .because("the search index job owns retries; a client that retries underneath it turns"
            + " one failure into many requests. " + rule.fix())
        .allowEmptyShould(true);
  }

  /**
   * {@code InvalidExemption}: every {@code @RetryOwnerExempt} on a class, method, constructor or
   * field names a rule of the {@link RuleRegistry} and gives a non-blank reason. An invalid
   * exemption exempts nothing; this rule makes the mistake visible instead of letting the code
   * fail for the rule it meant to exempt, or pass under a typo.
   *
   * <pre>{@code
   * @RetryOwnerExempt(rule = "RetryOutsideJob", reason = "legacy")   // violation: unknown rule
   * @RetryOwnerExempt(rule = "RetryOutsideJobs", reason = "")        // violation: no reason
   * @RetryOwnerExempt(rule = "RetryOutsideJobs", reason = "legacy importer, PAY-1234") // ok
   * }</pre>
   *
   * <p>Lines: a method's or constructor's first line of code, 0 for classes and fields; the Maven
   * plugin pins them to the annotation.
   */
  public static ArchRule invalidExemption(GateConfig config) {
    return invalidExemption(config, Set.of());
  }

  /**
   * {@link #invalidExemption(GateConfig)} where the names in {@code customRules} (e.g. teams'
   * custom rules) are known rules too.
   */
  public static ArchRule invalidExemption(GateConfig config, Set<String> customRules) {
    return invalidExemption(config, customRules, ArchExemptions::honoring);
  }

  private static ArchRule invalidExemption(GateConfig config,
      UnaryOperator<ArchCondition<JavaClass>> exemptions) {
    return invalidExemption(config, Set.of(), exemptions);
  }

  private static ArchRule invalidExemption(GateConfig config, Set<String> customRules,
      UnaryOperator<ArchCondition<JavaClass>> exemptions) {
    RuleDescriptor rule = RuleRegistry.INVALID_EXEMPTION;
    return classes().should(exemptions.apply(new InvalidExemptionCondition(customRules)))
        .as(rule.name() + ": classes should carry only exemptions that name a known rule and"
            + " give a reason")
        .because("an invalid exemption exempts nothing. " + rule.fix())
        .allowEmptyShould(true);
  }

  /**
   * Every rule that the {@link RuleRegistry} says ArchUnit implements and that is active under
   * {@code config} ({@link GateConfig#whyInactive}), in registry order; opt-in rules only when
   * {@code enabledRules} names them ({@link GateConfig#isEnabled}). The rules honor
   * {@code @RetryOwnerExempt}: an exempted finding is no violation.
   */
  public static List<ArchRule> all(GateConfig config) {
    return all(config, ArchExemptions::honoring);
  }

  /**
   * The rules of {@link #all}, reporting exempted findings like any other: for a caller that
   * applies {@link ArchExemptions} itself, to every engine's findings at once, and lists what
   * they exempt (the Maven plugin).
   */
  public static List<ArchRule> allReportingExemptedFindings(GateConfig config) {
    return allReportingExemptedFindings(config, Set.of());
  }

  /**
   * {@link #allReportingExemptedFindings(GateConfig)} where an exemption may also name one of
   * {@code customRules} (teams' own rules run beside the built-in ones).
   */
  public static List<ArchRule> allReportingExemptedFindings(GateConfig config,
      Set<String> customRules) {
    return all(config, customRules, UnaryOperator.identity());
  }

  private static List<ArchRule> all(GateConfig config,
      UnaryOperator<ArchCondition<JavaClass>> exemptions) {
    return all(config, Set.of(), exemptions);
  }

  private static List<ArchRule> all(GateConfig config, Set<String> customRules,
      UnaryOperator<ArchCondition<JavaClass>> exemptions) {
    return RuleRegistry.implementedBy(Engine.ARCHUNIT).stream()
        .filter(config::isEnabled)
        .filter(rule -> config.whyInactive(rule).isEmpty())
        .map(rule -> rule.equals(RuleRegistry.INVALID_EXEMPTION)
            ? invalidExemption(config, customRules, exemptions)
            : ruleFor(rule).create(config, exemptions))
        .toList();
  }

  private static RuleFactory ruleFor(RuleDescriptor rule) {
    RuleFactory factory = RULES_BY_NAME.get(rule.name());
    if (factory == null) {
      throw new IllegalStateException("RuleRegistry says ArchUnit implements " + rule.name()
          + ", but RetryOwnerRules has no rule of that name: add its factory to RULES_BY_NAME or"
          + " drop ARCHUNIT from the rule's engines");
    }
    return factory;
  }
}
