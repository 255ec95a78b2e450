package dev.retryowner.maven;

import dev.retryowner.gate.GateConclusion;
import dev.retryowner.gate.GateOption;
import dev.retryowner.gate.GateSettings;
import dev.retryowner.gate.CrashReport;
import dev.retryowner.gate.FrontEnd;
import dev.retryowner.gate.GateException;
import dev.retryowner.gate.GateRequest;
import dev.retryowner.gate.GateResult;
import dev.retryowner.gate.GateRunner;
import dev.retryowner.gate.GateRules;
import dev.retryowner.catalog.GateConfig;
import dev.retryowner.catalog.PackagePattern;
import dev.retryowner.catalog.RuleDescriptor;
import dev.retryowner.catalog.RuleRegistry;
import dev.retryowner.gate.cache.GateCache;
import dev.retryowner.gate.cache.GateCacheKey;
import dev.retryowner.maven.cache.MojoSettings;
import dev.retryowner.gate.custom.InstalledRules;
import dev.retryowner.maven.reactor.ModuleOutcome.Verdict;
import dev.retryowner.maven.reactor.ReactorGate;
import dev.retryowner.gate.report.GateReport;
import dev.retryowner.gate.report.ReportFiles;
import dev.retryowner.gate.report.ToolInfo;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.lifecycle.LifecycleExecutor;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecution;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Component;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * The parameters every retry-owner goal shares and the run itself; a goal says which classes,
 * sources and classpath it checks.
 */
public abstract class AbstractRetryOwnerMojo extends AbstractMojo {
  /**
   * The packages that own retries: retry helpers are allowed only there. {@code com.acme.jobs}
   * covers its sub-packages too; {@code *} stands for one segment, {@code **} for any number.
   * On the command line: {@code -Dretryowner.jobsPackages=com.acme.jobs,com.acme.batch}.
   * Required; {@code none} says no package may retry (a library, a service that must never
   * retry, an audit of a dependency with {@code scan}), so every retry is a finding.
   */
  @Parameter(property = "retryowner.jobsPackages")
  List<String> jobsPackages;

  /**
   * Packages whose code a visitor waits on, for SleepInRequestPath, beyond the classes the
   * catalog's markers find (controllers, JAX-RS resources, servlets). Optional; a pattern that
   * matches no class fails the gate. On the command line:
   * {@code -Dretryowner.requestPathPackages=com.acme.web}.
   */
  @Parameter(property = "retryowner.requestPathPackages")
  List<String> requestPathPackages;

  /**
   * JobsInternalsOutsideJobs: the packages of the jobs layer's public API, inside the jobs
   * packages; code outside the jobs packages may use only these (and types carrying
   * {@code jobsApiAnnotation}). Without either setting the rule is inactive and the build log says
   * so. On the command line: {@code -Dretryowner.jobsApiPackages=com.acme.jobs.api}.
   */
  @Parameter(property = "retryowner.jobsApiPackages")
  List<String> jobsApiPackages;

  /**
   * JobsInternalsOutsideJobs: the binary name of an annotation (CLASS or RUNTIME retention) that
   * marks a jobs type, with its members and nested types, as public API, e.g.
   * {@code com.acme.jobs.JobsApi}.
   */
  @Parameter(property = "retryowner.jobsApiAnnotation")
  String jobsApiAnnotation;

  /**
   * QueueEngineOutsideAdapter: the queue engine library's packages (e.g. {@code org.quartz}),
   * usable only in {@code queueAdapterPackages}; set both or neither.
   */
  @Parameter(property = "retryowner.queueEnginePackages")
  List<String> queueEnginePackages;

  /** QueueEngineOutsideAdapter: the packages of the adapter that alone may use the queue engine. */
  @Parameter(property = "retryowner.queueAdapterPackages")
  List<String> queueAdapterPackages;

  /**
   * ThreadOutsideInfra: the packages that own threads and executors; only they may create them.
   * Required when {@code enableRules} names ThreadOutsideInfra. On the command line:
   * {@code -Dretryowner.infraPackages=com.acme.infra}.
   */
  @Parameter(property = "retryowner.infraPackages")
  List<String> infraPackages;

  /**
   * The opt-in rules to run (SchedulingOutsideJobs, ThreadOutsideInfra); they are off otherwise.
   * On the command line: {@code -Dretryowner.enableRules=SchedulingOutsideJobs,ThreadOutsideInfra}.
   */
  @Parameter(property = "retryowner.enableRules")
  List<String> enableRules;

  /**
   * Teams' own rules (found in the rule jars added as dependencies of this plugin) not to run,
   * by name; naming a rule that is not installed fails the gate. On the command line:
   * {@code -Dretryowner.disableRules=NoSystemExit}.
   */
  @Parameter(property = "retryowner.disableRules")
  List<String> disableRules;

  /**
   * MeiliClientRetries: the packages of the search adapter, the only code that may construct the
   * Meilisearch client, e.g. {@code com.acme.search.meili}. Without it every construction is a
   * finding.
   */
  @Parameter(property = "retryowner.searchAdapterPackages")
  List<String> searchAdapterPackages;

  /**
   * HttpClientRetries: JVM system properties ({@code key=value}) the application always starts
   * with, e.g. {@code jdk.httpclient.disableRetryConnect=true}; the catalog entries such a
   * property makes moot are skipped (the JDK HttpClient's connect retry). Declare only what every
   * launch of the application sets. On the command line:
   * {@code -Dretryowner.jvmProperties=jdk.httpclient.disableRetryConnect=true}.
   */
  @Parameter(property = "retryowner.jvmProperties")
  List<String> jvmProperties;

  /**
   * RetryAmplification (opt-in, see {@code enableRules}): how many requests one failure may
   * become on a call path before the rule reports it; on a job handler's path, times its kind's
   * attempts. 1 by default: every layer but the job kind's policy sends once. On the command
   * line: {@code -Dretryowner.maxAmplification=3}.
   */
  @Parameter(property = "retryowner.maxAmplification", defaultValue = "1")
  String maxAmplification;

  /**
   * Team catalog files in the bundled format (relative paths from the project's base directory),
   * e.g. {@code retry-owner/team.catalog} making a team's own {@code Retrier} a retry helper;
   * their entries are checked and reported like built-in ones. On the command line:
   * {@code -Dretryowner.catalogFiles=retry-owner/team.catalog}.
   */
  @Parameter(property = "retryowner.catalogFiles")
  List<String> catalogFiles;

  /**
   * Class name patterns of the classes to check; every class when empty. Ant-like globs on binary
   * names: {@code *} and {@code ?} stay within one dot-separated segment, a {@code **} segment
   * spans any number of them, e.g. {@code com.acme.**}; nested classes follow their top-level
   * class. On the command line: {@code -Dretryowner.includes=com.acme.billing.**}.
   */
  @Parameter(property = "retryowner.includes")
  List<String> includes;

  /**
   * Class name patterns (as {@code includes}) of classes not to check, e.g. generated code:
   * {@code **.generated.**} or {@code **.*Grpc}. Their findings are not reported, their source
   * files not counted. On the command line: {@code -Dretryowner.excludes=**.generated.**}.
   */
  @Parameter(property = "retryowner.excludes")
  List<String> excludes;

  /**
   * The baseline of main code: violations it lists are reported as baselined and do not fail the
   * build, new ones do. {@code retry-owner:baseline} writes it; {@code check} reads it when it
   * exists. Test code has its own, {@code testBaselineFile}.
   */
  @Parameter(property = "retryowner.baselineFile",
      defaultValue = "${project.basedir}/retry-owner-baseline.json")
  File baselineFile;

  /**
   * Fails the build when a baseline entry matches no violation any more, so that fixed
   * violations leave the baseline and it only shrinks; when false such entries are warnings.
   */
  @Parameter(property = "retryowner.baseline.strict", defaultValue = "false")
  boolean baselineStrict;

  /**
   * How the console lists the violations the baseline accepts: {@code each} (one warning line
   * each) or {@code summary} (one line with their count; the reports still list each).
   */
  @Parameter(property = "retryowner.baseline.console", defaultValue = "each")
  String baselineConsole;

  /** The encoding the source checks read the sources with; UTF-8 when unset. */
  @Parameter(property = "retryowner.sourceEncoding",
      defaultValue = "${project.build.sourceEncoding}")
  String sourceEncoding;

  /**
   * The Java release the source checks parse the sources at, e.g. 21 for record patterns; the
   * newest release the parser knows when unset.
   */
  @Parameter(property = "retryowner.javaRelease", defaultValue = "${maven.compiler.release}")
  String javaRelease;

  /** Skips the gate. */
  @Parameter(property = "retryowner.skip", defaultValue = "false")
  boolean skip;

  /**
   * Imports into ArchUnit only the classes that can hold a finding of the built-in rules, chosen
   * by a pass over the class files' constant pools (much faster on large inputs). Set false to
   * import every class, to rule the filter out when diagnosing a finding you expected; the
   * findings are the same. With custom rules installed every class is imported anyway.
   */
  @Parameter(property = "retryowner.importFilter", defaultValue = "true")
  boolean importFilter = true;

  /** Fails the build on violations; when false they are logged as warnings and the build passes. */
  @Parameter(property = "retryowner.failOnViolation", defaultValue = "true")
  boolean failOnViolation;

  /**
   * In a fail-fast multi-module build, a module whose check fails logs its report and lets the
   * other modules' checks run; the last one prints the reactor summary and fails the build naming
   * every failing module. When false, each module fails at once (and the build stops there).
   * Under {@code -fae} and {@code -fn} modules fail at once anyway, Maven going on by itself.
   */
  @Parameter(property = "retryowner.deferReactorFailure", defaultValue = "true")
  boolean deferReactorFailure;

  /**
   * Reuses the last run's result when nothing it depends on changed (classes, sources, class
   * path, settings, catalogs, plugin), so a no-change re-run costs a look at the inputs (a file
   * is read again only when its size or times changed); the console shows the same, and the
   * reports are left as they are (with the time of the run that wrote them) unless the baseline
   * changed. Kept in the report directory.
   */
  @Parameter(property = "retryowner.cache", defaultValue = "true")
  boolean cache = true;

  @Parameter(defaultValue = "${project.packaging}", readonly = true, required = true)
  String packaging;

  @Parameter(defaultValue = "${session}", readonly = true)
  MavenSession session;

  @Parameter(defaultValue = "${mojoExecution}", readonly = true)
  MojoExecution mojoExecution;

  @Component
  LifecycleExecutor lifecycleExecutor;

  /** How this execution takes part in a multi-module build; alone until {@link #execute}. */
  private ReactorGate reactor = ReactorGate.alone();

  /** The project's base directory; the reports name source files relative to it. */
  @Parameter(defaultValue = "${project.basedir}", readonly = true)
  File baseDirectory;

  /** Where the SARIF and JSON reports go. */
  @Parameter(defaultValue = "${project.build.directory}/retry-owner", readonly = true)
  File reportDirectory;

  /**
   * Where the teams' own rules are looked for: this plugin's class realm, which holds the
   * dependencies a POM gives the plugin.
   */
  ClassLoader customRuleLoader = AbstractRetryOwnerMojo.class.getClassLoader();

  /** The teams' own rules of this run; none until {@link #execute()} loads them. */
  private InstalledRules customRules = InstalledRules.NONE;

  /** The key of this run's gate inputs, when the cache computed one. */
  private Optional<String> inputsKey = Optional.empty();

  /** The compiled classes to check: a directory or a jar. */
  protected abstract File classesDirectory() throws MojoExecutionException;

  /**
   * One line naming every rule that does not run and what would run it: the inactive ones,
   * whose settings are missing, then the opt-in ones nobody named; empty when all run.
   */
  static Optional<String> notRunning(GateConfig config) {
    List<String> rules = new ArrayList<>();
    RuleRegistry.all().forEach(rule -> config.howToActivate(rule)
        .ifPresent(how -> rules.add(rule.name() + " (" + how + ")")));
    if (!config.disabledOptInRules().isEmpty()) {
      rules.add(config.disabledOptInRules().stream().map(RuleDescriptor::name)
          .collect(Collectors.joining(", ")) + " (opt-in: name "
          + (config.disabledOptInRules().size() == 1 ? "it" : "them") + " in enableRules or"
          + " -Dretryowner.enableRules)");
    }
    return rules.isEmpty() ? Optional.empty()
        : Optional.of("retry-owner: not running: " + String.join("; ", rules));
  }

  /** True for {@code baselineConsole=summary}; anything but {@code each} or it is an error. */
  private boolean baselinedInSummary() throws MojoExecutionException {
    String value = baselineConsole == null ? "each" : baselineConsole.trim();
    if (!value.equals("each") && !value.equals("summary")) {
      throw new MojoExecutionException("retry-owner: baselineConsole is '" + baselineConsole
          + "'; write each (one line per baselined violation) or summary (one line with their"
          + " count), e.g. -Dretryowner.baseline.console=summary");
    }
    return value.equals("summary");
  }

  /**
   * What this goal adds to the fix of a rule the jobs packages scope (testCheck: where test
   * helpers that must retry go); empty for most goals.
   */
  protected Optional<String> fixNote() {
    return Optional.empty();
  }

  /**
   * What this goal checks, as the reports tell code scanning tools: {@code main} code,
   * {@code test} code or a {@code scan}.
   */
  protected String reportCategory() {
    return GateReport.MAIN;
  }

  /**
   * The source roots those classes come from (directories or sources jars), to pin declaration
   * findings to their lines and to run the source checks.
   */
  protected abstract List<String> sourceDirectories() throws MojoExecutionException;

  /** The classpath the classes were compiled against. */
  protected abstract List<String> classpathElements();

  /**
   * Why this goal has nothing to check here, as an info line, or empty to run. A module with
   * {@code pom} packaging has no classes.
   */
  protected Optional<String> nothingToCheck() throws MojoExecutionException {
    return "pom".equals(packaging)
        ? Optional.of("retry-owner: skipped, a module with pom packaging has no classes")
        : Optional.empty();
  }

  /** Packages that count as jobs packages for this goal only, beyond {@code jobsPackages}. */
  protected List<String> goalJobsPackages() throws GateException {
    return List.of();
  }

  /** The directory the reports name source files relative to. */
  protected Path baseDirectory() {
    return baseDirectory.toPath();
  }

  /** The baseline file this goal reads (or writes). */
  protected File baselineFile() {
    return baselineFile;
  }

  /** Where the SARIF and JSON reports go. */
  protected Path reportDirectory() {
    return reportDirectory.toPath();
  }

  /** Classes imported for context but neither checked nor reported (directories or jars). */
  protected List<Path> contextClasses() {
    return List.of();
  }

  @Override
  public void execute() throws MojoExecutionException, MojoFailureException {
    reactor = ReactorGate.of(session, mojoExecution, lifecycleExecutor, deferReactorFailure,
        getLog());
    try {
      run();
    } catch (MojoExecutionException e) {
      reactor.stopped(e.getMessage());
      throw e;
    } catch (RuntimeException | LinkageError | StackOverflowError e) {
      String crash = CrashReport.write(e, reportDirectory(), mojoExecution == null
          ? "retry-owner" : "retry-owner:" + mojoExecution.getGoal());
      reactor.stopped(crash);
      throw new MojoExecutionException(crash, e);
    }
  }

  private void run() throws MojoExecutionException, MojoFailureException {
    if (skip) {
      getLog().info("retry-owner: skipped (retryowner.skip)");
      reactor.skipped("retry-owner: skipped (retryowner.skip)");
      return;
    }
    Optional<String> nothingToCheck = nothingToCheck();
    if (nothingToCheck.isPresent()) {
      getLog().info(nothingToCheck.get());
      reactor.skipped(nothingToCheck.get());
      return;
    }
    GateResult result;
    GateRequest request;
    GateConfig config;
    try {
      List<String> goalJobsPackages = goalJobsPackages();
      GateSettings settings = settings();
      config = PluginGateConfig.from(jobsPackages, builder -> settings.configure(
          builder.additionalJobsPackages(goalJobsPackages), catalogPaths()));
      notRunning(config).ifPresent(getLog()::info);
      customRules = InstalledRules.load(customRuleLoader, config,
          settings.list(GateOption.DISABLE_RULES));
      customRules.describe().forEach(getLog()::info);
      request = new GateRequest(config, classesDirectory().toPath(),
          paths(sourceDirectories()), paths(classpathElements()), contextClasses(),
          settings.selection(), settings.sourceSettings(FrontEnd.MAVEN));
      result = runGate(request);
    } catch (GateException e) {
      throw new MojoExecutionException(e.messageIn(FrontEnd.MAVEN), e);
    }
    result.warnings().forEach(getLog()::warn);
    conclude(config, request, result);
  }

  /**
   * This goal's parameters as the gate's settings; the switch names every setting, so that a
   * setting the gate adds needs a parameter here.
   */
  GateSettings settings() {
    return GateSettings.of(option -> switch (option) {
      case JOBS_PACKAGES -> jobsPackages;
      case REQUEST_PATH_PACKAGES -> requestPathPackages;
      case JOBS_API_PACKAGES -> jobsApiPackages;
      case JOBS_API_ANNOTATION -> written(jobsApiAnnotation);
      case QUEUE_ENGINE_PACKAGES -> queueEnginePackages;
      case QUEUE_ADAPTER_PACKAGES -> queueAdapterPackages;
      case INFRA_PACKAGES -> infraPackages;
      case ENABLE_RULES -> enableRules;
      case DISABLE_RULES -> disableRules;
      case SEARCH_ADAPTER_PACKAGES -> searchAdapterPackages;
      case JVM_PROPERTIES -> jvmProperties;
      case MAX_AMPLIFICATION -> written(maxAmplification);
      case CATALOG_FILES -> catalogFiles;
      case INCLUDES -> includes;
      case EXCLUDES -> excludes;
      case BASELINE_FILE -> written(baselineFile());
      case BASELINE_STRICT -> written(baselineStrict);
      case BASELINE_CONSOLE -> written(baselineConsole);
      case SOURCE_ENCODING -> written(sourceEncoding);
      case JAVA_RELEASE -> written(javaRelease);
      case IMPORT_FILTER -> written(importFilter);
      case FAIL_ON_VIOLATION -> written(failOnViolation);
    });
  }

  /** A parameter's value as the settings read it; none when unset. */
  private static List<String> written(Object value) {
    return value == null ? List.of() : List.of(value.toString());
  }

  private List<Path> catalogPaths() {
    return settings().list(GateOption.CATALOG_FILES).stream()
        .map(file -> baseDirectory().resolve(file)).toList();
  }

  /** Whether the goal keeps its result for the next run; goals that write nothing there do not. */
  protected boolean cachesResult() {
    return true;
  }

  /**
   * The gate's result, reused from the last run when the cache is on and nothing changed; keeps
   * the key of its inputs for the reports.
   */
  private GateResult runGate(GateRequest request) throws GateException {
    GateCache.Gate gate = () -> {
      ReportFiles.prepareWriters();
      return new GateRunner(customRules, importFilter).run(withJobLayer(request));
    };
    if (!cache || !cachesResult()) {
      return gate.run();
    }
    GateCache.Outcome outcome = GateCache.in(reportDirectory(), getClass().getSimpleName(),
        getLog()::info, getLog()::warn).run(hashes -> GateCacheKey.of(request,
            ToolInfo.bundled().version(), MojoSettings.of(this, AbstractMojo.class),
            catalogPaths(), customRuleLoader, hashes), gate);
    inputsKey = outcome.key();
    return outcome.result();
  }

  /**
   * What the goal does with the gate's result; checking goals judge it against the baseline,
   * write the reports and fail on new violations.
   */
  protected void conclude(GateConfig config, GateRequest request, GateResult result)
      throws MojoExecutionException, MojoFailureException {
    GateConclusion.Outcome outcome;
    try {
      outcome = GateConclusion.conclude(request, result, rulesRun(config),
          new GateConclusion.Settings(Optional.ofNullable(baselineFile()).map(File::toPath),
              baselineStrict, baselinedInSummary(), failOnViolation, reportDirectory(),
              baseDirectory(), reportCategory(), fixNote(), FrontEnd.MAVEN),
          reportsKey(), new LogConsole(getLog()));
    } catch (GateException e) {
      throw new MojoExecutionException(e.messageIn(FrontEnd.MAVEN), e);
    }
    reactor.concluded(outcome.clean() ? Verdict.CLEAN : Verdict.VIOLATIONS_ALLOWED,
        outcome.summary(), outcome.failures());
  }

  /**
   * What the reports' content follows from, but for the run's time: the gate's inputs, the
   * baseline file and the directory the reports' paths start from; empty without the inputs' key
   * or when the baseline cannot be read (the reports are then written).
   */
  private Optional<String> reportsKey() {
    if (inputsKey.isEmpty()) {
      return Optional.empty();
    }
    File baseline = baselineFile();
    try {
      return Optional.of(GateCacheKey.builder().text("inputs", inputsKey.get())
          .text("base directory", baseDirectory().toAbsolutePath().toString())
          .files("baseline", baseline == null ? List.of() : List.of(baseline.toPath()))
          .build());
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /** The built-in rules {@code config} leaves on, then the teams' own rules. */
  private List<RuleDescriptor> rulesRun(GateConfig config) {
    List<RuleDescriptor> rules = new ArrayList<>(GateRules.activeIn(config));
    rules.addAll(customRules.descriptors());
    return rules;
  }

  /**
   * The request with the classpath elements that hold the {@code jobsPackages} added to its
   * context, for a module whose job layer is a dependency. Only that parameter: a goal's own jobs
   * packages ({@code testJobsPackages}) name the module's classes and must match them. Looked
   * for only when the gate runs: the answer follows from the class path and settings the cache
   * key covers.
   */
  private GateRequest withJobLayer(GateRequest request) throws GateException {
    return request.withJobLayerOnClasspath(settings().list(GateOption.JOBS_PACKAGES).stream()
        .map(PackagePattern::parse).toList());
  }

  private static List<Path> paths(List<String> elements) {
    return elements == null ? List.of() : elements.stream().map(Path::of).toList();
  }
}
