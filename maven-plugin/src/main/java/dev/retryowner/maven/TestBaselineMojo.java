package dev.retryowner.maven;

import dev.retryowner.gate.GateRequest;
import dev.retryowner.gate.GateResult;
import dev.retryowner.catalog.GateConfig;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Execute;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * The baseline of test code: runs the same gate as {@code testCheck} on the test classes and
 * writes the violations it finds to {@code testBaselineFile}, which {@code testCheck} then reports
 * as baselined instead of failing. Compiles the tests first, so
 * {@code mvn retry-owner:testBaseline} is the whole command; the build does not fail on
 * violations.
 */
@Mojo(name = "testBaseline", threadSafe = true,
    requiresDependencyResolution = ResolutionScope.TEST)
@Execute(phase = LifecyclePhase.TEST_COMPILE)
public class TestBaselineMojo extends TestCheckMojo {
  /** A baseline goal writes the baseline file and nothing else into the build directory. */
  @Override
  protected boolean cachesResult() {
    return false;
  }

  @Override
  protected void conclude(GateConfig config, GateRequest request, GateResult result)
      throws MojoExecutionException {
    BaselineWriter.write(result, baselineFile(), "testBaselineFile", "testCheck", getLog());
  }
}
