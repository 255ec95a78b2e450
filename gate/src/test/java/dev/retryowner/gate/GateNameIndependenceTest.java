package dev.retryowner.gate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.retryowner.fixtures.ExpectedFinding;
import dev.retryowner.fixtures.FixtureFile;
import dev.retryowner.fixtures.FixtureJavaSource;
import dev.retryowner.fixtures.Fixtures;
import dev.retryowner.fixtures.NameDependentVerdicts;
import dev.retryowner.fixtures.NeutralNames;
import dev.retryowner.fixtures.RenamedFixtures;
import dev.retryowner.fixtures.VerdictChange;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaFileObject;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Identifier words may break a tie, never decide alone: with every identifier the fixtures
 * declare renamed to a neutral one ({@link NeutralNames}), compiled as the build compiles the
 * fixtures, a gate run gives every fixture line the verdict it gave before (a finding, a related
 * place of one, or nothing), but for the changes {@code name-dependent-verdicts.tsv} lists with
 * their reasons. A listed change that is gone fails too, so the list only shrinks.
 */
class GateNameIndependenceTest {
  private static final String ENGINE = "gate";

  @Test
  void renamingEveryProjectIdentifierChangesOnlyTheListedVerdicts(@TempDir Path temp)
      throws GateException, IOException {
    RenamedFixtures renamed = NeutralNames.ofFixtures();
    Path sources = write(renamed.files(), temp.resolve("sources"));
    Path classes = compile(renamed.files(), temp.resolve("classes"));

    GateResult before = new GateRunner().run(FixtureGate.request());
    GateResult after = new GateRunner().run(new GateRequest(Fixtures.gateConfig(), classes,
        List.of(sources), Fixtures.compileClassPath()));

    assertThat(before.findings()).as("findings on the original fixtures").isNotEmpty();
    Map<ExpectedFinding, String> original = verdicts(before);
    Set<VerdictChange> changes = VerdictChange.between(ENGINE, original, verdicts(after));
    NameDependentVerdicts.Comparison comparison = NameDependentVerdicts.compare(ENGINE, changes);
    assertThat(comparison.unlisted()).as("verdicts that identifier words decide (%d fixtures,"
            + " %d verdicts compared); list each with its reason or make it name-independent",
        renamed.files().size(), original.size()).isEmpty();
    assertThat(comparison.gone()).as("listed name-dependent verdicts that no longer change:"
        + " strike them from name-dependent-verdicts.tsv and docs/accuracy.md").isEmpty();
  }

  /** Each line's verdict: finding, related (a further place of one), or both. */
  private static Map<ExpectedFinding, String> verdicts(GateResult result) {
    Map<ExpectedFinding, Set<String>> kinds = new TreeMap<>();
    result.findings().forEach(finding -> {
      kinds.computeIfAbsent(new ExpectedFinding(finding.rule(), finding.sourcePath(),
          finding.line()), place -> new TreeSet<>()).add("finding");
      finding.related().forEach(place -> kinds.computeIfAbsent(new ExpectedFinding(
          finding.rule(), place.sourcePath(), place.line()), p -> new TreeSet<>()).add("related"));
    });
    Map<ExpectedFinding, String> verdicts = new TreeMap<>();
    kinds.forEach((place, said) -> verdicts.put(place, String.join("+", said)));
    return verdicts;
  }

  private static Path write(List<FixtureFile> files, Path root) throws IOException {
    for (FixtureFile file : files) {
      Path target = root.resolve(file.path());
      Files.createDirectories(target.getParent());
      Files.writeString(target, file.content(), StandardCharsets.UTF_8);
    }
    return root;
  }

  /** Compiles the sources as the build compiles the fixtures (debug, release 17). */
  private static Path compile(List<FixtureFile> files, Path classes) throws IOException {
    Files.createDirectories(classes);
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    List<String> options = List.of("--release", "17", "-g", "-XDstringConcat=inline",
        "-proc:none", "-d", classes.toString(), "-classpath", Fixtures.compileClassPath()
            .stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator)));
    boolean compiled = ToolProvider.getSystemJavaCompiler().getTask(null, null, diagnostics,
        options, null, files.stream().map(FixtureJavaSource::new).toList()).call();
    assertThat(diagnostics.getDiagnostics().stream()
        .filter(d -> d.getKind() == Diagnostic.Kind.ERROR).map(Object::toString))
        .as("errors compiling the renamed fixtures").isEmpty();
    assertThat(compiled).isTrue();
    return classes;
  }
}
