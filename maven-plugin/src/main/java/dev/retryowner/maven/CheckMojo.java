package dev.retryowner.maven;

import java.io.File;
import java.util.List;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * Fails the build when retry helpers are used outside the jobs packages: runs the retry-owner
 * rules on the module's compiled main classes and reports each violation with its source line.
 */
@Mojo(name = "check", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true,
    requiresDependencyResolution = ResolutionScope.COMPILE)
public class CheckMojo extends AbstractRetryOwnerMojo {
  /** The compiled main classes. */
  @Parameter(defaultValue = "${project.build.outputDirectory}", required = true)
  File classesDirectory;

  /** The main source roots, to pin declaration findings to their exact lines. */
  @Parameter(defaultValue = "${project.compileSourceRoots}")
  List<String> sourceDirectories;

  @Parameter(defaultValue = "${project.compileClasspathElements}", readonly = true,
      required = true)
  List<String> classpathElements;

  @Override
  protected File classesDirectory() {
    return classesDirectory;
  }

  @Override
  protected List<String> sourceDirectories() {
    return sourceDirectories;
  }

  @Override
  protected List<String> classpathElements() {
    return classpathElements;
  }
}
