package dev.retryowner.maven;

import dev.retryowner.gate.report.GateReport;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Checks any class jar or directory, without a project, e.g. a published artifact: {@code mvn
 * dev.retryowner:retry-owner-maven-plugin:scan -Dretryowner.classes=app.jar
 * -Dretryowner.sources=app-sources.jar -Dretryowner.jobsPackages=com.acme.jobs}. Jars are read in
 * place, never unpacked.
 */
@Mojo(name = "scan", requiresProject = false, threadSafe = true)
public class ScanMojo extends AbstractRetryOwnerMojo {
  private static final String EXAMPLE = "e.g. mvn dev.retryowner:retry-owner-maven-plugin:scan"
      + " -Dretryowner.classes=target/app.jar -Dretryowner.jobsPackages=com.acme.jobs";

  /** The classes to check: a jar or a directory of {@code .class} files. Required. */
  @Parameter(property = "retryowner.classes")
  File classes;

  /**
   * Their sources, a sources jar or a directory of {@code .java} files; optional. Without them
   * the source checks do not run and declaration findings keep their bytecode lines.
   */
  @Parameter(property = "retryowner.sources")
  File sources;

  /**
   * Jars and directories the classes were compiled against, comma-separated; optional. They let
   * the gate see through library supertypes, e.g. a class extending a library's subclass of a
   * catalog type.
   */
  @Parameter(property = "retryowner.classpath")
  List<String> classpath;

  /** Where Maven was started: a scan has no project, so reports go to target/ under it. */
  @Parameter(defaultValue = "${session.executionRootDirectory}", readonly = true, required = true)
  File workingDirectory;

  /** A scan has no project, so the packaging of Maven's stand-in project says nothing. */
  @Override
  protected Optional<String> nothingToCheck() {
    return Optional.empty();
  }

  @Override
  protected Path baseDirectory() {
    return workingDirectory.toPath();
  }

  @Override
  protected Path reportDirectory() {
    return workingDirectory.toPath().resolve("target/retry-owner");
  }

  @Override
  protected File classesDirectory() throws MojoExecutionException {
    if (classes == null) {
      throw new MojoExecutionException("retry-owner: scan needs the classes to check: set"
          + " -Dretryowner.classes to a jar or a directory of .class files, " + EXAMPLE + ".");
    }
    return readable("retryowner.classes", classes);
  }

  @Override
  protected List<String> sourceDirectories() throws MojoExecutionException {
    if (sources == null) {
      getLog().info("retry-owner: no sources given (retryowner.sources): the source checks do not"
          + " run and declaration findings keep their bytecode lines");
      return List.of();
    }
    return List.of(readable("retryowner.sources", sources).getPath());
  }

  @Override
  protected List<String> classpathElements() {
    return PluginGateConfig.values(classpath);
  }

  /** The file, relative to the working directory, after checking that it can be read. */
  private File readable(String property, File file) throws MojoExecutionException {
    Path path = workingDirectory.toPath().resolve(file.toPath()).toAbsolutePath();
    if (!Files.exists(path)) {
      throw new MojoExecutionException("retry-owner: " + property + " names " + path + ", which"
          + " does not exist. Point -D" + property + " at a jar or a directory, " + EXAMPLE + ".");
    }
    if (!Files.isReadable(path)) {
      throw new MojoExecutionException("retry-owner: " + property + " names " + path + ", which"
          + " cannot be read. Make it readable for the user running Maven.");
    }
    return path.toFile();
  }

  @Override
  protected String reportCategory() {
    return GateReport.SCAN;
  }
}
