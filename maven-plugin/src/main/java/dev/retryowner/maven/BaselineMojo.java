package dev.retryowner.maven;

import dev.retryowner.catalog.GateConfig;
import dev.retryowner.maven.baseline.Baseline;
import dev.retryowner.maven.baseline.BaselineFile;
import java.io.IOException;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Execute;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * Adopting the gate on legacy code: runs the same gate as {@code check} on the main classes and
 * writes the violations it finds to {@code baselineFile}, which {@code check} then reports as
 * baselined instead of failing. Compiles first, so {@code mvn retry-owner:baseline} is the whole
 * command; the build does not fail on violations.
 */
@Mojo(name = "baseline", threadSafe = true, requiresDependencyResolution = ResolutionScope.COMPILE)
@Execute(phase = LifecyclePhase.COMPILE)
public class BaselineMojo extends CheckMojo {
  @Override
  protected void conclude(GateConfig config, GateRequest request, GateResult result)
      throws MojoExecutionException {
    Baseline baseline = Baseline.of(result.findings());
    try {
      BaselineFile.write(baseline, baselineFile.toPath());
    } catch (IOException e) {
      throw new MojoExecutionException("retry-owner: cannot write the baseline file "
          + baselineFile + ": " + e.getMessage() + ". Point baselineFile (or"
          + " -Dretryowner.baselineFile) at a writable path.", e);
    }
    getLog().info(ConsoleReport.summary(result));
    getLog().info("retry-owner: baseline written to " + baselineFile + ": "
        + result.violations().size() + " violation(s) as "
        + ConsoleReport.entries(baseline.entries().size()) + "; commit it, and check"
        + " fails only on violations it does not list");
  }
}
