package dev.retryowner.gate;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * The settings of a gate run that every front end offers, described once: the Maven goals'
 * parameters and system properties, and the command line's options, follow from this list (the
 * command line builds its options from it; a test holds the goals' parameters to it). Values of a
 * list setting may be written comma-separated.
 */
public enum GateOption {
  JOBS_PACKAGES("jobsPackages", Kind.LIST, null,
      "Packages that own retries (com.acme.jobs, with sub-packages; * one segment, ** any)."
          + " Required; 'none': no package may retry, every retry is a finding."),
  REQUEST_PATH_PACKAGES("requestPathPackages", Kind.LIST, null,
      "SleepInRequestPath: packages of request handling code, beside controllers and"
          + " servlets."),
  JOBS_API_PACKAGES("jobsApiPackages", Kind.LIST, null,
      "JobsInternalsOutsideJobs: the packages of the jobs layer's public API."),
  JOBS_API_ANNOTATION("jobsApiAnnotation", Kind.TEXT, null,
      "JobsInternalsOutsideJobs: an annotation (binary name) marking a jobs type as public"
          + " API."),
  QUEUE_ENGINE_PACKAGES("queueEnginePackages", Kind.LIST, null,
      "QueueEngineOutsideAdapter: the queue engine library's packages (e.g. org.quartz)."),
  QUEUE_ADAPTER_PACKAGES("queueAdapterPackages", Kind.LIST, null,
      "QueueEngineOutsideAdapter: the packages of the adapter that alone may use the engine."),
  INFRA_PACKAGES("infraPackages", Kind.LIST, null,
      "ThreadOutsideInfra: the packages that own threads and executors."),
  ENABLE_RULES("enableRules", Kind.LIST, null,
      "Opt-in rules to run (SchedulingOutsideJobs, ThreadOutsideInfra, RetryAmplification)."),
  DISABLE_RULES("disableRules", Kind.LIST, null,
      "Teams' own rules not to run, by name."),
  SEARCH_ADAPTER_PACKAGES("searchAdapterPackages", Kind.LIST, null,
      "MeiliClientRetries: the packages of the search adapter."),
  JVM_PROPERTIES("jvmProperties", Kind.LIST, null,
      "HttpClientRetries: JVM properties (key=value) every launch of the application sets."),
  MAX_AMPLIFICATION("maxAmplification", Kind.TEXT, "1",
      "RetryAmplification: the requests one failure may become on a call path (a job handler's"
          + " path: times its kind's attempts)."),
  CATALOG_FILES("catalogFiles", Kind.LIST, null,
      "Team catalog files, relative to the base directory."),
  INCLUDES("includes", Kind.LIST, null,
      "Class name patterns of the classes to check (com.acme.**); every class when empty."),
  EXCLUDES("excludes", Kind.LIST, null,
      "Class name patterns of classes not to check (**.generated.**)."),
  BASELINE_FILE("baselineFile", Kind.PATH, "retry-owner-baseline.json",
      "The baseline: the violations it lists do not fail the gate, new ones do; relative to the"
          + " base directory."),
  BASELINE_STRICT("baselineStrict", "retryowner.baseline.strict", Kind.FLAG, "false",
      "Fail when a baseline entry matches no violation any more."),
  BASELINE_CONSOLE("baselineConsole", "retryowner.baseline.console", Kind.TEXT, "each",
      "How the console lists baselined violations: each (a line each) or summary (their"
          + " count)."),
  SOURCE_ENCODING("sourceEncoding", Kind.TEXT, null,
      "The encoding of the sources; UTF-8 when unset."),
  JAVA_RELEASE("javaRelease", Kind.TEXT, null,
      "The Java release the sources are parsed at (e.g. 21); the newest the parser knows when"
          + " unset."),
  IMPORT_FILTER("importFilter", Kind.FLAG, "true",
      "Import only the classes that can hold a finding (false imports every class, for"
          + " diagnosis; the findings are the same)."),
  FAIL_ON_VIOLATION("failOnViolation", Kind.FLAG, "true",
      "Fail on new violations; when false they are warnings.");

  /** How a setting's value is written. */
  public enum Kind {
    /** Values, each possibly a comma-separated list. */
    LIST,
    /** One text. */
    TEXT,
    /** A file, relative to the base directory. */
    PATH,
    /** true or false. */
    FLAG
  }

  private final String parameter;
  private final String property;
  private final Kind kind;
  private final String defaultValue;
  private final String description;

  GateOption(String parameter, Kind kind, String defaultValue, String description) {
    this(parameter, "retryowner." + parameter, kind, defaultValue, description);
  }

  GateOption(String parameter, String property, Kind kind, String defaultValue,
      String description) {
    this.parameter = parameter;
    this.property = property;
    this.kind = kind;
    this.defaultValue = defaultValue;
    this.description = description;
  }

  /**
   * The setting a configuration error is about: the configuration's messages start with the
   * setting's name ({@code jobsPackages: ...}); its {@code enabledRules} is {@link
   * #ENABLE_RULES}.
   */
  public static Optional<GateOption> forSetting(String message) {
    int colon = message.indexOf(':');
    String setting = colon < 0 ? "" : message.substring(0, colon);
    String parameter = setting.equals("enabledRules") ? ENABLE_RULES.parameter : setting;
    return Arrays.stream(values()).filter(option -> option.parameter.equals(parameter))
        .findFirst();
  }

  /** The Maven goals' parameter: {@code jobsPackages}. */
  public String parameter() {
    return parameter;
  }

  /** The system property a goal reads it from: {@code retryowner.jobsPackages}. */
  public String property() {
    return property;
  }

  /** The command line's option: {@code --jobs-packages}. */
  public String option() {
    return "--" + parameter.replaceAll("([a-z])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT);
  }

  public Kind kind() {
    return kind;
  }

  /** The value when unset, as written; empty for none (a Maven goal may take it from the POM). */
  public Optional<String> defaultValue() {
    return Optional.ofNullable(defaultValue);
  }

  /** One sentence for the command line's help. */
  public String description() {
    return description;
  }
}
