package dev.retryowner.errorprone;

import dev.retryowner.catalog.Engine;
import dev.retryowner.catalog.RuleDescriptor;
import dev.retryowner.catalog.RuleRegistry;
import dev.retryowner.fixtures.ExpectedFinding;
import dev.retryowner.fixtures.FixtureFile;
import dev.retryowner.fixtures.FixtureJavaSource;
import dev.retryowner.fixtures.Fixtures;
import java.io.File;
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
import javax.tools.ToolProvider;

/**
 * Error Prone, run as javac users run it ({@code -Xplugin:ErrorProne}) with the fixture gate's
 * settings, over fixture sources in one compilation.
 *
 * @param findings the (rule, file, line) of each finding of the enabled checks
 * @param otherErrors every other compile error
 */
record ErrorProneFixtureRun(Set<ExpectedFinding> findings, List<String> otherErrors) {
  private static final Pattern CHECK_NAME = Pattern.compile("^\\[(\\w+)\\] ");

  /** The rules the registry assigns to Error Prone. */
  static Set<String> rules() {
    return RuleRegistry.implementedBy(Engine.ERROR_PRONE).stream()
        .map(RuleDescriptor::name).collect(Collectors.toSet());
  }

  /** Compiles {@code files} into {@code classes} with the checks of {@code rules} enabled. */
  static ErrorProneFixtureRun of(List<FixtureFile> files, Set<String> rules, Path classes) {
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
        // annotationProcessorPaths provide it: here the test class path.
        "-processorpath", System.getProperty("java.class.path"),
        "-classpath", Fixtures.compileClassPath().stream().map(Path::toString)
            .collect(Collectors.joining(File.pathSeparator)),
        "-d", classes.toString());
    List<JavaFileObject> sources = files.stream().map(FixtureJavaSource::new)
        .map(JavaFileObject.class::cast).toList();
    javac.getTask(null, null, diagnostics, options, null, sources).call();

    Set<ExpectedFinding> findings = new TreeSet<>();
    List<String> otherErrors = new ArrayList<>();
    for (Diagnostic<? extends JavaFileObject> diagnostic : diagnostics.getDiagnostics()) {
      Matcher check = CHECK_NAME.matcher(diagnostic.getMessage(Locale.ROOT));
      if (check.find() && rules.contains(check.group(1))) {
        findings.add(new ExpectedFinding(check.group(1),
            FixtureJavaSource.pathOf(diagnostic.getSource()), (int) diagnostic.getLineNumber()));
      } else if (diagnostic.getKind() == Diagnostic.Kind.ERROR) {
        otherErrors.add(diagnostic.toString());
      }
    }
    return new ErrorProneFixtureRun(findings, otherErrors);
  }
}
