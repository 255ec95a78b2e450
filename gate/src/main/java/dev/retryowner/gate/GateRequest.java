package dev.retryowner.gate;

import dev.retryowner.catalog.GateConfig;
import dev.retryowner.catalog.PackagePattern;
import dev.retryowner.source.SourceSettings;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What one gate run looks at.
 *
 * @param config the gate configuration (jobs packages, catalog)
 * @param classes the compiled classes: a directory, or a jar
 * @param sourceRoots the source roots the classes were compiled from, directories or sources
 *     jars; missing ones are ignored
 * @param classpath the classes' compile classpath, to resolve supertypes and annotations of
 *     library types (e.g. a class extending a subclass of a catalog type)
 * @param contextClasses classes (directories or jars) imported beside {@code classes} but not
 *     checked: the main classes of a test run, so that package settings naming main packages
 *     (e.g. the jobs packages) find their classes
 * @param selection which of {@code classes} are checked (includes and excludes)
 * @param sourceSettings the sources' encoding and Java language level
 */
public record GateRequest(GateConfig config, Path classes, List<Path> sourceRoots,
    List<Path> classpath, List<Path> contextClasses, ClassSelection selection,
    SourceSettings sourceSettings) {
  public GateRequest {
    sourceRoots = List.copyOf(sourceRoots);
    classpath = List.copyOf(classpath);
    contextClasses = List.copyOf(contextClasses);
  }

  /**
   * The same run with the class path elements that hold classes of {@code jobsPackages} (and
   * that the classes and the context do not hold) imported as context: a module whose job layer
   * is a dependency. See {@link JobsOnClasspath}.
   */
  public GateRequest withJobLayerOnClasspath(List<PackagePattern> jobsPackages)
      throws GateException {
    List<Path> own = new ArrayList<>(contextClasses);
    own.add(classes);
    List<Path> context = new ArrayList<>(contextClasses);
    context.addAll(JobsOnClasspath.elements(jobsPackages, classpath, own));
    return withContextClasses(context);
  }

  /** The same run with {@code contextClasses} imported beside the classes. */
  public GateRequest withContextClasses(List<Path> contextClasses) {
    return new GateRequest(config, classes, sourceRoots, classpath, contextClasses, selection,
        sourceSettings);
  }

  /** The same run under another configuration. */
  public GateRequest withConfig(GateConfig config) {
    return new GateRequest(config, classes, sourceRoots, classpath, contextClasses, selection,
        sourceSettings);
  }

  /** A run over UTF-8 sources at the newest Java release the source parser knows. */
  public GateRequest(GateConfig config, Path classes, List<Path> sourceRoots,
      List<Path> classpath, List<Path> contextClasses, ClassSelection selection) {
    this(config, classes, sourceRoots, classpath, contextClasses, selection,
        SourceSettings.DEFAULT);
  }

  /** A run that checks every class of {@code classes} and imports nothing else. */
  public GateRequest(GateConfig config, Path classes, List<Path> sourceRoots,
      List<Path> classpath) {
    this(config, classes, sourceRoots, classpath, List.of(), ClassSelection.ALL);
  }
}
