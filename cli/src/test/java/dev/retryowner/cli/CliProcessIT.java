package dev.retryowner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.retryowner.catalog.Finding;
import dev.retryowner.fixtures.Fixtures;
import dev.retryowner.gate.FixtureGate;
import dev.retryowner.gate.GateOption;
import dev.retryowner.gate.GateResult;
import dev.retryowner.gate.GateRunner;
import dev.retryowner.gate.Violation;
import dev.retryowner.gate.custom.InstalledRules;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runnable jar as users start it, {@code java -jar retry-owner-cli.jar ...}, in a process of
 * its own: its exit codes, its messages, its reports, and the same findings as the gate gives on
 * the same input.
 */
class CliProcessIT {
  private static final Path JAR = Path.of(System.getProperty("cli.jar",
      "target/retry-owner-cli.jar"));

  @TempDir
  Path work;

  /** What a run printed and how it ended. */
  private record Run(int exitCode, String out, String err) {}

  @Test
  void helpListsTheCommandsAndExamples() throws Exception {
    Run help = cli("--help");

    assertThat(help.exitCode()).isZero();
    assertThat(help.out()).contains("check", "scan", "baseline", "Examples:",
        "Exit codes: 0 clean, 1 violations, 2 a configuration or input error,\n"
            + "3 an internal error (its trace in crash.txt of the report directory).");
  }

  @Test
  void everyGateSettingIsAnOptionOfEveryCommand() throws Exception {
    for (String command : List.of("check", "scan", "baseline")) {
      Run help = cli(command, "--help");

      assertThat(help.exitCode()).isZero();
      for (GateOption option : GateOption.values()) {
        assertThat(help.out()).as(command).contains(option.option());
      }
    }
  }

  @Test
  void theFixturesGiveTheGatesFindingsAndExitOne() throws Exception {
    GateResult gate = new GateRunner(InstalledRules.NONE, true).run(FixtureGate.request());
    assertThat(gate.findings()).isNotEmpty();

    Run check = cli(fixtureCheck("check"));

    assertThat(check.exitCode()).as(check.out() + check.err()).isEqualTo(1);
    assertThat(check.out()).contains("retry-owner: " + gate.violations().size()
        + " violation(s)");
    assertThat(reported(work.resolve("target/retry-owner/retry-owner.json"))).as(check.out())
        .containsExactlyElementsOf(gate.violations().stream().map(CliProcessIT::key).toList());
    assertThat(work.resolve("target/retry-owner/retry-owner.sarif")).exists();
    assertThat(work.resolve("target/retry-owner/retry-owner.html")).exists();
  }

  @Test
  void aBaselineOfTheViolationsMakesTheNextCheckPass() throws Exception {
    Run baseline = cli(fixtureCheck("baseline"));
    assertThat(baseline.exitCode()).as(baseline.out() + baseline.err()).isZero();
    assertThat(work.resolve("retry-owner-baseline.json")).exists();

    Run check = cli(fixtureCheck("check"));

    assertThat(check.exitCode()).as(check.out() + check.err()).isZero();
    assertThat(check.out()).contains("comparing with the baseline");
  }

  @Test
  void violationsAllowedByTheSettingExitZero() throws Exception {
    List<String> args = new ArrayList<>(fixtureCheck("check"));
    args.add("--fail-on-violation=false");

    Run check = cli(args.toArray(String[]::new));

    assertThat(check.exitCode()).as(check.out() + check.err()).isZero();
    assertThat(check.out()).contains("WARNING RetryOutsideJobs:");
  }

  @Test
  void noJobsPackagesIsAnInputErrorThatSaysTheFix() throws Exception {
    Run check = cli("check", "--classes", Fixtures.classesLocation().toString());

    assertThat(check.exitCode()).isEqualTo(2);
    assertThat(check.err()).contains("--jobs-packages is not set", "--jobs-packages none");
  }

  @Test
  void missingClassesAreAnInputError() throws Exception {
    Run check = cli("check", "--classes", work.resolve("nothing").toString(), "--jobs-packages",
        "com.acme.jobs");

    assertThat(check.exitCode()).isEqualTo(2);
    assertThat(check.err()).contains("no classes to check",
        "compile them first and name their directory or jar with --classes");
    assertSaysNothingOfMaven(check);
  }

  @Test
  void aJobsPackageThatMatchesNoClassNamesTheOption() throws Exception {
    Run check = cli("check", "--classes", Fixtures.classesLocation().toString(),
        "--jobs-packages", "com.acme.nowhere", "--base-dir", work.toString());

    assertThat(check.exitCode()).isEqualTo(2);
    assertThat(check.err()).contains("'com.acme.nowhere' matches no class",
        "Fix --jobs-packages to name the package");
    assertSaysNothingOfMaven(check);
  }

  @Test
  void aBrokenBaselineIsAnInputErrorThatSaysTheCommandToRegenerateIt() throws Exception {
    Files.writeString(work.resolve("retry-owner-baseline.json"), "{\"formatVersion\": 7}");

    Run check = cli(fixtureCheck("check"));

    assertThat(check.exitCode()).isEqualTo(2);
    assertThat(check.err()).contains("its formatVersion is 7",
        "Regenerate it with retry-owner baseline (it writes the current violations)");
    assertSaysNothingOfMaven(check);
  }

  @Test
  void aBadSettingIsAnInputErrorNamingItsOption() throws Exception {
    List<String> args = new ArrayList<>(fixtureCheck("check"));
    args.add("--java-release=latest");

    Run check = cli(args.toArray(String[]::new));

    assertThat(check.exitCode()).isEqualTo(2);
    assertThat(check.err()).contains("Java release 'latest' is not a release number",
        "Set it with --java-release.");
  }

  @Test
  void anUnknownOptionIsAnInputError() throws Exception {
    Run check = cli("check", "--classes", Fixtures.classesLocation().toString(),
        "--jobs-pakages", "x");

    assertThat(check.exitCode()).isEqualTo(2);
    assertThat(check.err()).contains("--jobs-pakages");
  }

  /** An error of the command line names its options and commands, not the Maven goals'. */
  private static void assertSaysNothingOfMaven(Run run) {
    assertThat(run.err()).doesNotContain("mvn ", "-Dretryowner", "<jobsPackage");
  }

  /** A check of the fixtures with the fixture gate's settings, reports under the work dir. */
  private List<String> fixtureCheck(String command) {
    List<String> args = new ArrayList<>(List.of(command,
        "--classes", Fixtures.classesLocation().toString(),
        "--sources", Fixtures.sourceRoot().toString(),
        "--classpath", FixtureGate.testClasspath().stream().map(Path::toString)
            .collect(Collectors.joining(File.pathSeparator)),
        "--base-dir", work.toString()));
    Fixtures.gateProperties().forEach((key, value) -> {
      GateOption option = GateOption.forSetting(key + ": ").orElseThrow();
      args.add(option.option() + "=" + value);
    });
    return args;
  }

  private Run cli(List<String> args) throws Exception {
    return cli(args.toArray(String[]::new));
  }

  private Run cli(String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of(java(), "-jar", JAR.toString()));
    command.addAll(List.of(args));
    Path out = work.resolve("out.txt");
    Path err = work.resolve("err.txt");
    Process process = new ProcessBuilder(command).directory(work.toFile())
        .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    assertThat(process.waitFor(5, TimeUnit.MINUTES)).as("the command ended").isTrue();
    return new Run(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }

  /** The java that runs this test, for the jar's process. */
  private static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  /** A violation as the JSON report lists it: its rule, line and findings' messages. */
  private static String key(Violation violation) {
    return String.join(" | ", violation.rule(), String.valueOf(violation.line()),
        violation.findings().stream().map(Finding::message).collect(Collectors.joining("; ")));
  }

  /** The violations of a JSON report, exempted findings aside. */
  private static List<String> reported(Path json) throws IOException {
    List<String> keys = new ArrayList<>();
    for (JsonNode violation : new ObjectMapper().readTree(json.toFile()).get("violations")) {
      if (violation.has("suppressions")) {
        continue; // exempted: listed with its reason, not a violation
      }
      keys.add(String.join(" | ", violation.get("rule").asText(),
          violation.get("line").asText(), violation.get("message").asText()));
    }
    return keys;
  }
}
