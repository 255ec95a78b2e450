package dev.retryowner.maven;

import com.tngtech.archunit.core.importer.ImportOption;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The class files an {@link ImportFilter} leaves out of the ArchUnit import, per location
 * (directory or jar), and the classes they hold: the gate still counts those classes as read
 * and checked, they just cannot hold a finding.
 */
final class ImportSelection {
  /** Imports every class file. */
  static final ImportSelection EVERYTHING = new ImportSelection(Map.of(), Map.of());

  private final Map<Path, Set<String>> droppedEntries;
  private final Map<Path, Set<String>> droppedClasses;

  ImportSelection(Map<Path, Set<String>> droppedEntries, Map<Path, Set<String>> droppedClasses) {
    this.droppedEntries = Map.copyOf(droppedEntries);
    this.droppedClasses = Map.copyOf(droppedClasses);
  }

  /**
   * The option that keeps ArchUnit from reading the dropped class files; it names a class file
   * by its location's URI plus the entry path, as {@link CheckedClasses#location} does.
   */
  ImportOption importOption() {
    List<Map.Entry<String, Set<String>>> byPrefix = droppedEntries.entrySet().stream()
        .map(e -> Map.entry(prefix(e.getKey()), e.getValue())).toList();
    return location -> {
      String uri = location.asURI().toString();
      for (Map.Entry<String, Set<String>> dropped : byPrefix) {
        if (uri.startsWith(dropped.getKey())
            && dropped.getValue().contains(uri.substring(dropped.getKey().length()))) {
          return false;
        }
      }
      return true;
    };
  }

  private static String prefix(Path location) {
    String uri = CheckedClasses.location(location).asURI().toString();
    return uri.endsWith("/") ? uri : uri + "/";
  }

  /** The classes of the dropped class files under {@code location}. */
  Set<String> droppedFrom(Path location) {
    return droppedClasses.getOrDefault(location, Set.of());
  }

  /** True if the class's file was left out of the import (in any location). */
  boolean isDropped(String className) {
    return droppedClasses.values().stream().anyMatch(names -> names.contains(className));
  }

  /** The classes of every dropped class file. */
  Set<String> droppedClasses() {
    Set<String> all = new HashSet<>();
    droppedClasses.values().forEach(all::addAll);
    return all;
  }
}
