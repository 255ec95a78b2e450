package dev.retryowner.maven;

import dev.retryowner.catalog.GateConfig;
import java.nio.file.Path;
import java.util.List;

/**
 * What one gate run looks at.
 *
 * @param config the gate configuration (jobs packages, catalog)
 * @param classes the compiled classes: a directory, or a jar
 * @param sourceRoots the source roots the classes were compiled from; missing ones are ignored
 * @param classpath the classes' compile classpath, to resolve supertypes and annotations of
 *     library types (e.g. a class extending a subclass of a catalog type)
 */
public record GateRequest(GateConfig config, Path classes, List<Path> sourceRoots,
    List<Path> classpath) {
  public GateRequest {
    sourceRoots = List.copyOf(sourceRoots);
    classpath = List.copyOf(classpath);
  }
}
