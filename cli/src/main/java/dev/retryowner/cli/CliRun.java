package dev.retryowner.cli;

import dev.retryowner.catalog.GateConfig;
import dev.retryowner.catalog.GateConfigException;
import dev.retryowner.catalog.PackagePattern;
import dev.retryowner.catalog.RuleDescriptor;
import dev.retryowner.gate.GateConclusion;
import dev.retryowner.gate.FrontEnd;
import dev.retryowner.gate.GateException;
import dev.retryowner.gate.GateOption;
import dev.retryowner.gate.GateRequest;
import dev.retryowner.gate.GateResult;
import dev.retryowner.gate.GateRules;
import dev.retryowner.gate.GateRunner;
import dev.retryowner.gate.GateSettings;
import dev.retryowner.gate.custom.InstalledRules;
import dev.retryowner.gate.report.GateReport;
import dev.retryowner.gate.report.ReportFiles;
import java.io.PrintStream;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.ParseResult;

/** One parsed command run: the gate, then its conclusion as the Maven goals draw it. */
final class CliRun implements RetryOwnerCli.Command {
  private final ParseResult command;
  private final GateSettings settings;
  private final Path baseDirectory;
  private final GateConclusion.Console console;

  CliRun(ParseResult command, PrintStream out) {
    this.command = command;
    this.settings = GateSettings.of(this::written);
    this.baseDirectory = command.matchedOptionValue(RetryOwnerCli.BASE_DIR, Path.of("."));
    this.console = new GateConclusion.Console() {
      @Override
      public void info(CharSequence line) {
        out.println(line);
      }

      @Override
      public void warn(CharSequence line) {
        out.println("WARNING " + line);
      }

      @Override
      public void error(CharSequence line) {
        out.println("ERROR " + line);
      }
    };
  }

  /** An option's values as written; none when not given. */
  private List<String> written(GateOption option) {
    Object value = command.matchedOptionValue(option.option(), null);
    if (value == null) {
      return List.of();
    }
    return value instanceof List<?> list ? list.stream().map(String::valueOf).toList()
        : List.of(value.toString());
  }

  @Override
  public int run(String name) throws GateException {
    GateConfig config = config();
    InstalledRules customRules = InstalledRules.load(ruleLoader(), config,
        settings.list(GateOption.DISABLE_RULES));
    GateRequest request = request(config);
    ReportFiles.prepareWriters();
    GateResult result = new GateRunner(customRules, settings.flag(GateOption.IMPORT_FILTER))
        .run(request);
    result.warnings().forEach(console::warn);
    if (name.equals("baseline")) {
      GateConclusion.writeBaseline(result, resolved(settings.text(GateOption.BASELINE_FILE)
          .orElseThrow()), GateOption.BASELINE_FILE.option(), "check", console);
      return RetryOwnerCli.CLEAN;
    }
    List<RuleDescriptor> rulesRun = new ArrayList<>(GateRules.activeIn(config));
    rulesRun.addAll(customRules.descriptors());
    GateConclusion.Outcome outcome = GateConclusion.conclude(request, result, rulesRun,
        new GateConclusion.Settings(settings.text(GateOption.BASELINE_FILE).map(this::resolved),
            settings.flag(GateOption.BASELINE_STRICT), baselinedInSummary(),
            settings.flag(GateOption.FAIL_ON_VIOLATION),
            RetryOwnerCli.reportDirectory(command),
            baseDirectory, name.equals("scan") ? GateReport.SCAN : GateReport.MAIN,
            Optional.empty(), FrontEnd.COMMAND_LINE),
        Optional.empty(), console);
    outcome.failures().forEach(console::error);
    return outcome.failures().isEmpty() ? RetryOwnerCli.CLEAN : RetryOwnerCli.VIOLATIONS;
  }

  /** Where teams' own rules are looked for: the rule jars, over this command line's classes. */
  private ClassLoader ruleLoader() throws GateException {
    List<Path> jars = command.matchedOptionValue(RetryOwnerCli.RULE_JARS, List.of());
    List<URL> urls = new ArrayList<>();
    for (Path jar : jars) {
      if (!Files.isRegularFile(jar)) {
        throw new GateException("retry-owner: the rule jar " + jar + " does not exist; point "
            + RetryOwnerCli.RULE_JARS + " at the jars of your rules.");
      }
      try {
        urls.add(jar.toUri().toURL());
      } catch (MalformedURLException e) {
        throw new GateException("retry-owner: the rule jar " + jar + " is no valid path.", e);
      }
    }
    ClassLoader own = RetryOwnerCli.class.getClassLoader();
    return urls.isEmpty() ? own : new URLClassLoader(urls.toArray(URL[]::new), own);
  }

  private GateConfig config() throws GateException {
    List<String> jobsPackages = settings.list(GateOption.JOBS_PACKAGES);
    if (jobsPackages.isEmpty()) {
      throw new GateException("retry-owner: " + GateOption.JOBS_PACKAGES.option() + " is not"
          + " set, so the gate cannot tell allowed retries from forbidden ones. Name the"
          + " package(s) that own retries, e.g. " + GateOption.JOBS_PACKAGES.option()
          + " com.acme.jobs (comma-separated for several; com.acme.**.jobs matches one at any"
          + " depth), or " + GateOption.JOBS_PACKAGES.option() + " none for code where no"
          + " package may retry (a library, an audit of a dependency).");
    }
    List<Path> catalogFiles = settings.list(GateOption.CATALOG_FILES).stream()
        .map(this::resolved).toList();
    try {
      return settings.configure(GateConfig.builder().jobsPackages(jobsPackages), catalogFiles)
          .build();
    } catch (GateConfigException e) {
      throw new GateException("retry-owner: invalid " + e.getMessage() + ". Fix the value of "
          + GateOption.forSetting(e.getMessage()).map(GateOption::option)
              .orElse("the option it names") + ".", e);
    }
  }

  private GateRequest request(GateConfig config) throws GateException {
    Path classes = command.matchedOptionValue(RetryOwnerCli.CLASSES, null);
    List<Path> sources = command.matchedOptionValue(RetryOwnerCli.SOURCES, List.of());
    List<Path> classpath = command.matchedOptionValue(RetryOwnerCli.CLASSPATH, List.of());
    for (Path source : sources) {
      if (!Files.exists(source)) {
        throw new GateException("retry-owner: the sources " + source + " do not exist; point "
            + RetryOwnerCli.SOURCES + " at a source directory or a sources jar.");
      }
    }
    return new GateRequest(config, classes, sources, classpath, List.of(), settings.selection(),
        settings.sourceSettings(FrontEnd.COMMAND_LINE)).withJobLayerOnClasspath(
            settings.list(GateOption.JOBS_PACKAGES).stream().map(PackagePattern::parse).toList());
  }

  private boolean baselinedInSummary() throws GateException {
    String value = settings.text(GateOption.BASELINE_CONSOLE).orElse("each");
    if (!Arrays.asList("each", "summary").contains(value)) {
      throw new GateException("retry-owner: " + GateOption.BASELINE_CONSOLE.option() + " is '"
          + value + "'; write each (one line per baselined violation) or summary (one line with"
          + " their count).");
    }
    return value.equals("summary");
  }

  private Path resolved(String path) {
    return baseDirectory.resolve(path).normalize();
  }
}
