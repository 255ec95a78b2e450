package dev.retryowner.maven;

import dev.retryowner.gate.report.GateReport;
import dev.retryowner.gate.ClassSelection;
import dev.retryowner.gate.FrontEnd;
import dev.retryowner.gate.GateException;
import dev.retryowner.gate.GateRunner;
import dev.retryowner.catalog.PackagePattern;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * Fails the build when test code uses retry helpers outside the jobs packages: runs the
 * retry-owner rules on the module's compiled test classes and test sources, with the main classes
 * as context. Test code gets the rules of main code; {@code testJobsPackages} names test
 * packages (e.g. test utilities that poll) that may retry as well.
 */
@Mojo(name = "testCheck", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true,
    requiresDependencyResolution = ResolutionScope.TEST)
public class TestCheckMojo extends AbstractRetryOwnerMojo {
  /** The compiled test classes. */
  @Parameter(defaultValue = "${project.build.testOutputDirectory}", required = true)
  File testClassesDirectory;

  /** The test source roots, to pin declaration findings and run the source checks. */
  @Parameter(defaultValue = "${project.testCompileSourceRoots}")
  List<String> testSourceDirectories;

  @Parameter(defaultValue = "${project.testClasspathElements}", readonly = true, required = true)
  List<String> classpathElements;

  /** The main classes: imported for context (the jobs packages live there), not checked. */
  @Parameter(defaultValue = "${project.build.outputDirectory}", readonly = true, required = true)
  File mainClassesDirectory;

  /**
   * Test packages that count as jobs packages in test code only: their classes may use retry
   * helpers (and whatever else the jobs packages may), e.g. a test utility that polls until a
   * condition holds. Same pattern syntax as {@code jobsPackages}; none by default, so test code
   * gets exactly the rules of main code. On the command line:
   * {@code -Dretryowner.testJobsPackages=com.acme.testing}.
   */
  @Parameter(property = "retryowner.testJobsPackages")
  List<String> testJobsPackages;

  /**
   * The baseline of test code, apart from main code's {@code baselineFile}: {@code testBaseline}
   * writes it, {@code testCheck} reads it when it exists. Its own file keeps each goal's entries,
   * stale entries and strict mode to the code that goal checks.
   */
  @Parameter(property = "retryowner.testBaselineFile",
      defaultValue = "${project.basedir}/retry-owner-test-baseline.json")
  File testBaselineFile;

  /** Set by {@code -Dmaven.test.skip=true}: no test classes are compiled, so none are checked. */
  @Parameter(defaultValue = "${maven.test.skip}", readonly = true)
  boolean testsSkipped;

  @Override
  protected Optional<String> nothingToCheck() throws MojoExecutionException {
    Optional<String> skip = super.nothingToCheck();
    if (skip.isPresent()) {
      return skip;
    }
    if (testsSkipped) {
      return Optional.of("retry-owner: testCheck skipped, tests are not compiled"
          + " (maven.test.skip)");
    }
    try {
      if (!Files.exists(testClassesDirectory.toPath())
          || GateRunner.countFiles(List.of(testClassesDirectory.toPath()), ".class",
              ClassSelection.ALL) == 0) {
        List<Path> roots = testSourceDirectories == null ? List.of()
            : testSourceDirectories.stream().map(Path::of).filter(Files::isDirectory).toList();
        int testSources = GateRunner.countFiles(roots, ".java", ClassSelection.ALL);
        if (testSources == 0) {
          return Optional.of("retry-owner: testCheck has nothing to check, the module has no"
              + " test sources");
        }
        throw new MojoExecutionException("retry-owner: no test classes to check, "
            + testClassesDirectory + " holds no .class files, but the test sources hold "
            + testSources + " .java file(s). Run the goal after test-compile, e.g. mvn verify"
            + " (or mvn test-compile retry-owner:testCheck).");
      }
      ClassSelection selection = ClassSelection.of(PluginGateConfig.values(includes),
          PluginGateConfig.values(excludes));
      if (GateRunner.countFiles(List.of(testClassesDirectory.toPath()), ".class", selection)
          == 0) {
        // includes/excludes are shared with check: narrowing main code must not fail test code.
        return Optional.of("retry-owner: testCheck has nothing to check, " + selection
            + " leave none of the test classes in " + testClassesDirectory);
      }
    } catch (GateException e) {
      throw new MojoExecutionException(e.messageIn(FrontEnd.MAVEN), e);
    }
    return Optional.empty();
  }

  @Override
  protected List<String> goalJobsPackages() throws GateException {
    List<String> patterns = PluginGateConfig.values(testJobsPackages);
    for (String pattern : patterns) {
      try {
        PackagePattern.parse(pattern);
      } catch (IllegalArgumentException e) {
        throw new GateException("retry-owner: invalid testJobsPackages: " + e.getMessage()
            + ". Fix <testJobsPackage> (or -Dretryowner.testJobsPackages).", e);
      }
    }
    return patterns;
  }

  @Override
  protected File baselineFile() {
    return testBaselineFile;
  }

  @Override
  protected List<Path> contextClasses() {
    return Files.isDirectory(mainClassesDirectory.toPath())
        ? List.of(mainClassesDirectory.toPath()) : List.of();
  }

  /** Test code reports beside check's reports, never over them: {@code retry-owner/test/}. */
  @Override
  protected Path reportDirectory() {
    return super.reportDirectory().resolve("test");
  }

  @Override
  protected File classesDirectory() {
    return testClassesDirectory;
  }

  @Override
  protected List<String> sourceDirectories() {
    return testSourceDirectories;
  }

  @Override
  protected List<String> classpathElements() {
    return classpathElements;
  }

  @Override
  protected String reportCategory() {
    return GateReport.TEST;
  }

  @Override
  protected Optional<String> fixNote() {
    return Optional.of("In test code, a test helper that must retry (a wait for an eventually"
        + " consistent store, say) goes into a package named in testJobsPackages"
        + " (-Dretryowner.testJobsPackages=com.acme.testing).");
  }
}
