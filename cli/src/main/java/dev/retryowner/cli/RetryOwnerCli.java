package dev.retryowner.cli;

import dev.retryowner.gate.CrashReport;
import dev.retryowner.gate.FrontEnd;
import dev.retryowner.gate.GateException;
import dev.retryowner.gate.GateOption;
import dev.retryowner.gate.report.ToolInfo;
import java.io.File;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BiFunction;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * The gate on the command line: {@code java -jar retry-owner-cli.jar check|scan|baseline}. The
 * options of the gate's settings are built from {@link GateOption}, the list the Maven goals'
 * parameters follow too. Exit codes: 0 clean, 1 violations (or, with a strict baseline, entries
 * nothing matches), 2 a configuration or input error, with its fix on standard error, 3 an
 * internal error (a defect of retry-owner), told in one line with its trace in {@code
 * crash.txt} of the report directory.
 */
public final class RetryOwnerCli {
  static final int CLEAN = 0;
  static final int VIOLATIONS = 1;
  static final int INPUT_ERROR = 2;
  static final int INTERNAL_ERROR = 3;

  static final String CLASSES = "--classes";
  static final String SOURCES = "--sources";
  static final String CLASSPATH = "--classpath";
  static final String BASE_DIR = "--base-dir";
  static final String REPORT_DIR = "--report-dir";
  static final String RULE_JARS = "--rule-jars";
  static final String DEFAULT_REPORT_DIR = "target/retry-owner";

  private RetryOwnerCli() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs one command line; the exit code. */
  static int run(String[] args, PrintStream out, PrintStream err) {
    return run(args, out, err, CliRun::new);
  }

  /** A parsed command, ready to run. */
  interface Command {
    /** Runs {@code name} (check, scan or baseline); the exit code. */
    int run(String name) throws GateException;
  }

  /** Runs one command line with {@code commands} making each parsed command; the exit code. */
  static int run(String[] args, PrintStream out, PrintStream err,
      BiFunction<ParseResult, PrintStream, Command> commands) {
    CommandLine commandLine = new CommandLine(root());
    commandLine.setOut(new java.io.PrintWriter(out, true));
    commandLine.setErr(new java.io.PrintWriter(err, true));
    ParseResult parsed;
    try {
      parsed = commandLine.parseArgs(args);
    } catch (ParameterException e) {
      err.println("retry-owner: " + e.getMessage());
      e.getCommandLine().usage(err);
      return INPUT_ERROR;
    }
    if (CommandLine.printHelpIfRequested(parsed)) {
      return CLEAN;
    }
    if (!parsed.hasSubcommand()) {
      err.println("retry-owner: name a command: check, scan or baseline.");
      commandLine.usage(err);
      return INPUT_ERROR;
    }
    ParseResult command = parsed.subcommand();
    String name = command.commandSpec().name();
    try {
      return commands.apply(command, out).run(name);
    } catch (GateException e) {
      err.println(e.messageIn(FrontEnd.COMMAND_LINE));
      return INPUT_ERROR;
    } catch (RuntimeException | LinkageError | StackOverflowError e) {
      err.println(CrashReport.write(e, reportDirectory(command), "retry-owner " + name));
      return INTERNAL_ERROR;
    }
  }

  /** The directory the command writes its reports to, where a crash's trace goes too. */
  static Path reportDirectory(ParseResult command) {
    return command.matchedOptionValue(BASE_DIR, Path.of("."))
        .resolve(command.matchedOptionValue(REPORT_DIR, Path.of(DEFAULT_REPORT_DIR))).normalize();
  }

  /** The command and its three subcommands. */
  static CommandSpec root() {
    CommandSpec root = CommandSpec.create().name("retry-owner").mixinStandardHelpOptions(true)
        .version("retry-owner " + ToolInfo.bundled().version());
    root.usageMessage().description("Retry has one owner: the job layer. Checks compiled"
        + " classes (and their sources) for retries outside it.").footer("", "Examples:",
        "  java -jar retry-owner-cli.jar check --classes build/classes/java/main \\",
        "      --sources src/main/java --classpath \"$(cat classpath.txt)\" \\",
        "      --jobs-packages com.acme.jobs",
        "  java -jar retry-owner-cli.jar scan --classes app.jar \\",
        "      --sources app-sources.jar --jobs-packages none",
        "  java -jar retry-owner-cli.jar baseline \\",
        "      --classes build/classes/java/main --jobs-packages com.acme.jobs",
        "", "Exit codes: 0 clean, 1 violations, 2 a configuration or input error,",
        "3 an internal error (its trace in crash.txt of the report directory).");
    root.addSubcommand("check", command("check",
        "Checks a module's compiled classes: fails (exit 1) on violations the baseline does"
            + " not list, and writes the SARIF, JSON and HTML reports."));
    root.addSubcommand("scan", command("scan",
        "Checks any class jar or directory, e.g. a dependency's, as check does; its reports"
            + " say 'scan'."));
    root.addSubcommand("baseline", command("baseline",
        "Writes the current violations to the baseline file, for check to fail only on new"
            + " ones."));
    return root;
  }

  private static CommandSpec command(String name, String description) {
    CommandSpec command = CommandSpec.create().name(name).mixinStandardHelpOptions(true);
    command.usageMessage().description(description);
    command.addOption(OptionSpec.builder(CLASSES).paramLabel("<dir|jar>").type(Path.class)
        .required(true).description("The compiled classes to check: a directory or a jar.")
        .build());
    command.addOption(OptionSpec.builder(SOURCES).paramLabel("<dir|jar>")
        .type(List.class).auxiliaryTypes(Path.class).splitRegex(",")
        .description("Their sources (directories or sources jars), to pin findings to their"
            + " lines and run the source checks.").build());
    command.addOption(OptionSpec.builder(CLASSPATH).paramLabel("<path>")
        .type(List.class).auxiliaryTypes(Path.class).splitRegex(File.pathSeparator)
        .description("The jars and directories the classes were compiled against,"
            + " separated by '" + File.pathSeparator + "'.").build());
    command.addOption(OptionSpec.builder(BASE_DIR).paramLabel("<dir>").type(Path.class)
        .defaultValue(".").description("The directory reports name files relative to, and"
            + " relative settings start from (default: ${DEFAULT-VALUE}).").build());
    command.addOption(OptionSpec.builder(REPORT_DIR).paramLabel("<dir>").type(Path.class)
        .defaultValue(DEFAULT_REPORT_DIR).description("Where the SARIF, JSON and HTML"
            + " reports go, relative to the base directory (default: ${DEFAULT-VALUE}).")
        .build());
    command.addOption(OptionSpec.builder(RULE_JARS).paramLabel("<jar>")
        .type(List.class).auxiliaryTypes(Path.class).splitRegex(",")
        .description("Jars of teams' own rules (with their dependencies), as the Maven goals"
            + " take them as plugin dependencies.").build());
    for (GateOption option : GateOption.values()) {
      command.addOption(option(option));
    }
    return command;
  }

  /** The option of one of the gate's settings. */
  private static OptionSpec option(GateOption option) {
    OptionSpec.Builder builder = OptionSpec.builder(option.option());
    String description = option.description()
        + option.defaultValue().map(value -> " (default: " + value + ")").orElse("");
    switch (option.kind()) {
      case LIST -> builder.paramLabel("<value>").type(List.class).auxiliaryTypes(String.class)
          .splitRegex(",");
      case FLAG -> builder.paramLabel("<true|false>").type(String.class).arity("0..1")
          .fallbackValue("true");
      case TEXT, PATH -> builder.paramLabel("<value>").type(String.class);
    }
    return builder.description(description).build();
  }
}
