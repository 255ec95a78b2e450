package dev.retryowner.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.retryowner.fixtures.Fixtures;
import dev.retryowner.gate.baseline.Baseline;
import dev.retryowner.gate.baseline.BaselineEntry;
import dev.retryowner.gate.baseline.BaselineFile;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The baseline goal, and the check goal reading what it wrote, on a small project: two
 * violating fixture classes (RetryOutsideJobs, HandRolledRetry) and a jobs class.
 */
class BaselineMojoTest {
  private static final List<String> PROJECT_CLASSES = List.of(
      "fixtures/retryoutsidejobs/app/Resilience4jUse", "fixtures/handrolledretry/app/SyncRetryTask",
      "fixtures/sleepinrequestpath/jobs/DigestJob");
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final BaselineEntry GONE = new BaselineEntry("RetryOutsideJobs",
      "fixtures.retryoutsidejobs.app.Removed", "send()", "calls a removed helper",
      "00000000deadbeef", 1);

  @TempDir Path temp;
  private final CapturingLog log = new CapturingLog();

  @Test
  void theBaselineGoalWritesEveryViolationAndDoesNotFail() throws Exception {
    Path file = writeBaseline();

    Baseline baseline = BaselineFile.read(file);
    assertThat(baseline.entries()).isNotEmpty()
        .anyMatch(entry -> entry.rule().equals("RetryOutsideJobs"))
        .anyMatch(entry -> entry.rule().equals("HandRolledRetry"));
    assertThat(Files.readString(file)).doesNotContain("\"line\"");
    assertThat(log.errors).isEmpty();
    assertThat(log.infos).anyMatch(l -> l.startsWith("retry-owner: baseline written to " + file
        + ": ") && l.endsWith(baseline.entries().size() + " entries; commit it, and check fails"
        + " only on violations it does not list"));
    assertThat(temp.resolve("retry-owner")).doesNotExist();
  }

  @Test
  void checkReportsBaselinedViolationsAndPasses() throws Exception {
    Path file = writeBaseline();
    log.infos.clear();
    CheckMojo check = check(file);

    check.execute();

    assertThat(log.errors).isEmpty();
    assertThat(log.warnings).isNotEmpty().allMatch(l -> l.endsWith(") (baselined)"));
    assertThat(log.infos).contains("retry-owner: comparing with the baseline " + file)
        .anyMatch(l -> l.matches("retry-owner: 0 violation\\(s\\) in \\d+ checked class\\(es\\), \\d+"
            + " source file\\(s\\), in \\d+\\.\\d\\d s; " + log.warnings.size() + " baselined"));
    JsonNode json = JSON.readTree(temp.resolve("retry-owner/retry-owner.json").toFile());
    assertThat(json.get("violations")).hasSize(log.warnings.size())
        .allMatch(v -> v.get("status").asText().equals("baselined"));
    JsonNode sarif = JSON.readTree(temp.resolve("retry-owner/retry-owner.sarif").toFile());
    assertThat(sarif.at("/runs/0/results"))
        .allMatch(r -> r.get("baselineState").asText().equals("unchanged"));
  }

  @Test
  void baselineConsoleSummaryPrintsOneLineForAllBaselinedViolations() throws Exception {
    Path file = writeBaseline();
    CheckMojo each = check(file);
    each.execute();
    int baselined = log.warnings.size();
    log.warnings.clear();
    CheckMojo summary = check(file);
    summary.baselineConsole = "summary";

    summary.execute();

    assertThat(log.warnings).containsExactly("retry-owner: " + baselined + " baselined"
        + " violation(s) not listed (baselineConsole=summary); the reports list each, and"
        + " <baselineConsole> (or -Dretryowner.baseline.console) set to each lists them here");
    JsonNode json = JSON.readTree(temp.resolve("retry-owner/retry-owner.json").toFile());
    assertThat(json.get("violations")).hasSize(baselined);

    CheckMojo wrong = check(file);
    wrong.baselineConsole = "some";
    assertThatThrownBy(wrong::execute).isInstanceOf(MojoExecutionException.class)
        .hasMessageContaining("baselineConsole is 'some'; write each");
  }

  @Test
  void aViolationTheBaselineDoesNotListFailsTheBuild() throws Exception {
    Path file = writeBaseline();
    List<BaselineEntry> entries = new ArrayList<>(BaselineFile.read(file).entries());
    BaselineEntry dropped = entries.stream()
        .filter(entry -> entry.rule().equals("HandRolledRetry") && entry.count() == 1)
        .findFirst().orElseThrow();
    entries.remove(dropped);
    BaselineFile.write(new Baseline(entries), file);

    CheckMojo check = check(file);
    assertThatThrownBy(check::execute).isInstanceOf(MojoFailureException.class)
        .hasMessage("retry-owner found 1 violation(s) of HandRolledRetry in 1 class(es) with"
            + " violations; see the"
            + " report above");
    assertThat(log.errors).anyMatch(l -> l.startsWith("HandRolledRetry: " + dropped.message()))
        .anyMatch(l -> l.startsWith("retry-owner: 1 violation(s) in ") && l.endsWith(" baselined"));
    JsonNode json = JSON.readTree(temp.resolve("retry-owner/retry-owner.json").toFile());
    assertThat(json.get("violations")).filteredOn(v -> v.get("status").asText().equals("new"))
        .singleElement().satisfies(v -> assertThat(v.get("member").asText())
            .isEqualTo(dropped.member()));
  }

  @Test
  void anEntryThatMatchesNothingWarnsAndFailsOnlyInStrictMode() throws Exception {
    Path file = writeBaselineWithAnEntryForARemovedClass();
    CheckMojo lenient = check(file);

    lenient.execute();

    assertThat(log.warnings).contains("    RetryOutsideJobs in"
            + " fixtures.retryoutsidejobs.app.Removed.send(): calls a removed helper"
            + " [00000000deadbeef]",
        "retry-owner: <baselineStrict>true</baselineStrict> (or"
            + " -Dretryowner.baseline.strict=true) makes such entries fail the build")
        .anyMatch(l -> l.startsWith("retry-owner: the baseline " + file + " has 1 entry that no"
            + " violation matches any more"));

    CheckMojo strict = check(file);
    strict.baselineStrict = true;
    log.errors.clear();
    assertThatThrownBy(strict::execute).isInstanceOf(MojoFailureException.class)
        .hasMessage("retry-owner: the strict baseline " + file + " has 1 entry that no"
            + " violation matches any more; remove these entries (listed above)");
    assertThat(log.errors).anyMatch(l -> l.startsWith("retry-owner: the baseline " + file))
        .anyMatch(l -> l.contains("Removed.send()"));
  }

  @Test
  void aStrictCheckNarrowedByIncludesCallsOnlyTheEntriesItCheckedStale() throws Exception {
    Path file = writeBaselineWithAnEntryForARemovedClass();
    CheckMojo narrowed = check(file);
    narrowed.baselineStrict = true;
    narrowed.includes = List.of("fixtures.handrolledretry.**");

    narrowed.execute();

    assertThat(log.errors).isEmpty();
    assertThat(log.warnings).noneMatch(l -> l.contains("matches any more"));

    CheckMojo removedInScope = check(file);
    removedInScope.baselineStrict = true;
    removedInScope.includes =
        List.of("fixtures.handrolledretry.**", "fixtures.retryoutsidejobs.**");
    assertThatThrownBy(removedInScope::execute).isInstanceOf(MojoFailureException.class)
        .hasMessageContaining("has 1 entry that no violation matches any more");
  }

  @Test
  void strictModeWithFailOnViolationFalseOnlyWarns() throws Exception {
    Path file = temp.resolve("baseline.json");
    BaselineFile.write(new Baseline(List.of(GONE)), file);
    CheckMojo check = check(file);
    check.baselineStrict = true;
    check.failOnViolation = false;

    check.execute();

    assertThat(log.errors).isEmpty();
    assertThat(log.warnings).anyMatch(l -> l.startsWith("retry-owner: the baseline " + file));
  }

  @Test
  void aBrokenBaselineFileIsAnExecutionErrorNeverIgnored() throws Exception {
    Path file = Files.writeString(temp.resolve("baseline.json"), "{\"formatVersion\": 7}");

    CheckMojo check = check(file);
    assertThatThrownBy(check::execute).isInstanceOf(MojoExecutionException.class)
        .hasMessage("retry-owner: the baseline file " + file + " cannot be used: its"
            + " formatVersion is 7, this plugin reads 1. Regenerate it with mvn"
            + " retry-owner:baseline (it writes the current violations), or restore the file"
            + " from version control.");
  }

  @Test
  void withoutABaselineFileCheckJudgesAsBefore() throws Exception {
    CheckMojo check = check(temp.resolve("absent.json"));

    assertThatThrownBy(check::execute).isInstanceOf(MojoFailureException.class);

    assertThat(log.infos).noneMatch(l -> l.contains("baseline"));
    assertThat(log.errors).noneMatch(l -> l.contains("baselined"));
  }

  @Test
  void aBaselineFileThatCannotBeWrittenIsAnExecutionError() throws Exception {
    Path blocked = Files.writeString(temp.resolve("blocked"), "a file, not a directory");
    BaselineMojo baseline = onSmallProject(new BaselineMojo());
    baseline.baselineFile = blocked.resolve("baseline.json").toFile();

    assertThatThrownBy(baseline::execute).isInstanceOf(MojoExecutionException.class)
        .hasMessageStartingWith("retry-owner: cannot write the baseline file " + blocked)
        .hasMessageEndingWith("Point baselineFile (or -Dretryowner.baselineFile) at a writable"
            + " path.");
  }

  private Path writeBaseline() throws Exception {
    Path file = temp.resolve("retry-owner-baseline.json");
    BaselineMojo baseline = onSmallProject(new BaselineMojo());
    baseline.baselineFile = file.toFile();
    baseline.execute();
    return file;
  }

  /** The fixtures' baseline plus an entry no violation matches any more. */
  private Path writeBaselineWithAnEntryForARemovedClass() throws Exception {
    Path file = writeBaseline();
    List<BaselineEntry> entries = new ArrayList<>(BaselineFile.read(file).entries());
    entries.add(GONE);
    BaselineFile.write(new Baseline(entries), file);
    return file;
  }

  private CheckMojo check(Path baselineFile) throws IOException {
    CheckMojo check = onSmallProject(new CheckMojo());
    check.baselineFile = baselineFile.toFile();
    return check;
  }

  /** {@code mojo} on {@link #PROJECT_CLASSES}: class and source files copied from the fixtures. */
  private <T extends CheckMojo> T onSmallProject(T mojo) throws IOException {
    Path classes = temp.resolve("project/classes");
    Path sources = temp.resolve("project/src");
    for (String name : PROJECT_CLASSES) {
      Path classFile = Files.createDirectories(classes.resolve(name).getParent())
          .resolve(Path.of(name).getFileName() + ".class");
      if (!Files.exists(classFile)) {
        try (InputStream in = getClass().getResourceAsStream("/" + name + ".class")) {
          Files.copy(in, classFile);
        }
        Path sourceFile = Files.createDirectories(sources.resolve(name).getParent())
            .resolve(Path.of(name).getFileName() + ".java");
        Files.copy(Fixtures.sourceRoot().resolve(name + ".java"), sourceFile);
      }
    }
    T configured = FixtureMojos.onFixtures(mojo, log, temp.resolve("retry-owner"));
    configured.classesDirectory = classes.toFile();
    configured.sourceDirectories = List.of(sources.toString());
    return configured;
  }
}
