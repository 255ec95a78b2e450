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
 * Adopting the gate on legacy code: runs the same gate as {@code check} on the main classes and
 * writes the violations it finds to {@code baselineFile}, which {@code check} then reports as
 * baselined instead of failing. Compiles first, so {@code mvn retry-owner:baseline} is the whole
 * command; the build does not fail on violations. {@code testBaseline} does the same for test code.
 */
@Mojo(name = "baseline", threadSafe = true, requiresDependencyResolution = ResolutionScope.COMPILE)
@Execute(phase = LifecyclePhase.COMPILE)
public class BaselineMojo extends CheckMojo {
  /** A baseline goal writes the baseline file and nothing else into the build directory. */
  @Override
  protected boolean cachesResult() {
    return false;
  }

  @Override
  protected void conclude(GateConfig config, GateRequest request, GateResult result)
      throws MojoExecutionException {
    BaselineWriter.write(result, baselineFile(), "baselineFile", "check", getLog());
  }
}
