package dev.retryowner.errorprone;

import static org.assertj.core.api.Assertions.assertThat;

import dev.retryowner.catalog.Engine;
import dev.retryowner.catalog.RuleDescriptor;
import dev.retryowner.catalog.RuleRegistry;
import dev.retryowner.fixtures.ExpectedFinding;
import dev.retryowner.fixtures.FixtureFile;
import dev.retryowner.fixtures.Fixtures;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Error Prone, run as javac users run it ({@code -Xplugin:ErrorProne}) over every fixture in one
 * compilation, reports exactly the (rule, file, line) set the fixtures' markers demand for the
 * rules the registry assigns to Error Prone.
 */
class ErrorProneParityTest {
  private static final Pattern CHECK_NAME = Pattern.compile("^\\[(\\w+)\\] ");

  @Test
  void reportsExactlyTheExpectedFindingsOnEveryFixture(@TempDir Path classes) {
    Set<String> rules = RuleRegistry.implementedBy(Engine.ERROR_PRONE).stream()
        .map(RuleDescriptor::name).collect(Collectors.toSet());
    Set<ExpectedFinding> expected = Fixtures.expected(rules, false);
    assertThat(expected).as("fixtures with expect markers for %s", rules).isNotEmpty();

    DiagnosticCollector<JavaFileObject> diagnostics = compileAllFixtures(classes, rules);

    Set<ExpectedFinding> actual = new TreeSet<>();
    List<String> otherErrors = new ArrayList<>();
    for (Diagnostic<? extends JavaFileObject> diagnostic : diagnostics.getDiagnostics()) {
      Matcher check = CHECK_NAME.matcher(diagnostic.getMessage(Locale.ROOT));
      if (check.find() && rules.contains(check.group(1))) {
        actual.add(new ExpectedFinding(check.group(1), relativePath(diagnostic),
            (int) diagnostic.getLineNumber()));
      } else if (diagnostic.getKind() == Diagnostic.Kind.ERROR) {
        otherErrors.add(diagnostic.toString());
      }
    }
    assertThat(otherErrors).as("the fixtures must compile apart from the checks' findings")
        .isEmpty();

    Set<ExpectedFinding> missing = new TreeSet<>(expected);
    missing.removeAll(actual);
    Set<ExpectedFinding> unexpected = new TreeSet<>(actual);
    unexpected.removeAll(expected);
    assertThat(actual)
        .as("Error Prone findings on the fixtures%n missing (expected, not reported):%n  %s%n"
                + " unexpected (reported, not expected):%n  %s",
            join(missing), join(unexpected))
        .isEqualTo(expected);
  }

  private static DiagnosticCollector<JavaFileObject> compileAllFixtures(
      Path classes, Set<String> rules) {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    String enabledChecks = rules.stream().sorted().map(r -> " -Xep:" + r + ":ERROR")
        .collect(Collectors.joining());
    List<String> options = List.of(
        "-XDcompilePolicy=simple",
        "--should-stop=ifError=FLOW",
        "-Xplugin:ErrorProne -XepDisableAllChecks" + enabledChecks
            + " -XepOpt:" + RetryOwnerFlags.JOBS_PACKAGES + "=" + Fixtures.jobsPackages()
            + " -XepOpt:" + RetryOwnerFlags.REQUEST_PATH_PACKAGES + "="
            + Fixtures.requestPathPackages()
            + " -XepOpt:" + RetryOwnerFlags.INFRA_PACKAGES + "=" + Fixtures.infraPackages()
            + " -XepOpt:" + RetryOwnerFlags.ENABLE_RULES + "=" + Fixtures.enabledRules()
            + " -XepOpt:" + RetryOwnerFlags.SEARCH_ADAPTER_PACKAGES + "="
            + Fixtures.searchAdapterPackages()
            + " -XepOpt:" + RetryOwnerFlags.JVM_PROPERTIES + "="
            + String.join(",", Fixtures.gateConfig().jvmProperties()),
        "-Xmaxerrs", "100000",
        // Error Prone loads checks from the processor path only, as Maven's
        // annotationProcessorPaths provide it; here both paths are the test class path.
        "-processorpath", System.getProperty("java.class.path"),
        "-classpath", System.getProperty("java.class.path"),
        "-d", classes.toString());
    List<JavaFileObject> sources = Fixtures.all().stream().map(FixtureSource::new)
        .map(JavaFileObject.class::cast).toList();
    javac.getTask(null, null, diagnostics, options, null, sources).call();
    return diagnostics;
  }

  private static String relativePath(Diagnostic<? extends JavaFileObject> diagnostic) {
    return diagnostic.getSource().toUri().getPath().substring(1);
  }

  private static String join(Set<ExpectedFinding> findings) {
    return findings.isEmpty() ? "(none)"
        : findings.stream().map(ExpectedFinding::toString).collect(Collectors.joining("\n  "));
  }

  /** A fixture as javac input, named by its path relative to the fixture source root. */
  private static final class FixtureSource extends SimpleJavaFileObject {
    private final String content;

    FixtureSource(FixtureFile file) {
      super(URI.create("fixture:///" + file.path()), Kind.SOURCE);
      this.content = file.content();
    }

    @Override
    public CharSequence getCharContent(boolean ignoreEncodingErrors) {
      return content;
    }
  }
}
