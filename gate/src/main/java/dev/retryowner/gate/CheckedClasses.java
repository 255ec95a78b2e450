package dev.retryowner.gate;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.Location;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The imported classes a run checks and reports on: those from the request's classes location
 * (not its context classes) that its selection keeps.
 */
final class CheckedClasses {
  private final Set<String> names;
  private final List<String> warnings;

  private CheckedClasses(Set<String> names, List<String> warnings) {
    this.names = names;
    this.warnings = warnings;
  }

  /**
   * The checked classes of this import and of the classes the import filter left out of it
   * ({@code notImported}, from the request's classes location); a selection that keeps none of
   * the classes is a {@link GateException}, as a gate never passes because it saw nothing.
   */
  static CheckedClasses of(JavaClasses imported, Set<String> notImported, GateRequest request)
      throws GateException {
    // ArchUnit names a class file found in a directory by its file URI, one in a jar by the jar
    // location's URI plus the entry.
    String checkedLocation = Files.isDirectory(request.classes())
        ? request.classes().toUri().toString() : location(request.classes()).asURI().toString();
    Set<String> fromLocation = imported.stream()
        .filter(c -> request.contextClasses().isEmpty() || isFrom(c, checkedLocation))
        .map(JavaClass::getName).collect(Collectors.toCollection(HashSet::new));
    fromLocation.addAll(notImported);
    Set<String> selected = fromLocation.stream().filter(request.selection()::selects)
        .collect(Collectors.toSet());
    if (selected.isEmpty()) {
      int classCount = fromLocation.size();
      throw new GateException(frontEnd -> "retry-owner: nothing to check: "
          + request.selection() + " leave none of the " + classCount + " classes in "
          + request.classes() + ". Fix " + frontEnd.whereSet(GateOption.INCLUDES,
              GateOption.EXCLUDES) + " to select the classes to check, e.g. com.acme.** or"
          + " **.generated.**.");
    }
    return new CheckedClasses(selected, request.selection().warnings(fromLocation));
  }

  /** Where ArchUnit imports a directory or jar of classes from. */
  static Location location(Path classes) {
    return Files.isDirectory(classes) ? Location.of(classes)
        : Location.of(URI.create("jar:" + classes.toUri() + "!/"));
  }

  private static boolean isFrom(JavaClass type, String location) {
    return type.getSource().map(source -> source.getUri().toString().startsWith(location))
        .orElse(false);
  }

  boolean contains(String binaryClassName) {
    return names.contains(binaryClassName);
  }

  int count() {
    return names.size();
  }

  /** Includes or excludes patterns that match none of the classes. */
  List<String> warnings() {
    return warnings;
  }
}
