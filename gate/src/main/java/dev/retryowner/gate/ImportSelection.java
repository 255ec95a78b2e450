package dev.retryowner.gate;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import dev.retryowner.source.TypeRelations;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The class files an {@link ImportFilter} leaves out of the ArchUnit import, per location
 * (directory or jar), and the classes they hold: the gate still counts those classes as read
 * and checked, they just cannot hold a finding.
 */
final class ImportSelection {
  private static final String CLASS_SUFFIX = ".class";

  /** Imports every class file but those {@code leftOut}, per location, by entry path. */
  static ImportSelection everything(Map<Path, ? extends Collection<String>> leftOut) {
    return new ImportSelection(Map.of(), Map.of(), Map.of(), type -> true, null, null,
        uris(leftOut));
  }

  /** The class files to import, of the directories the filter ran on. */
  private final Map<Path, List<String>> keptFromDirectories;
  /** The dropped entries of the jars; a directory's are left out by {@link #locations}. */
  private final Map<Path, Set<String>> droppedFromJars;
  private final Map<Path, Set<String>> droppedClasses;
  /** The types (binary names) ArchUnit resolves when an imported class depends on them. */
  private final Predicate<String> resolved;
  /** Selects the classes around some others; null for {@link #everything}. */
  private final Widening widening;
  /** Relations of the classes read; null for {@link #everything}, which read none. */
  private final TypeRelations relations;
  /** The class files never imported, by URI: those no reader of the run may read. */
  private final Set<String> leftOut;
  /** {@link #keptFromDirectories} as sets, for {@link #imports}. */
  private final Map<Path, Set<String>> keptSets;

  private ImportSelection(Map<Path, List<String>> keptFromDirectories,
      Map<Path, Set<String>> droppedFromJars, Map<Path, Set<String>> droppedClasses,
      Predicate<String> resolved, Widening widening, TypeRelations relations,
      Set<String> leftOut) {
    this.keptFromDirectories = Map.copyOf(keptFromDirectories);
    this.droppedFromJars = Map.copyOf(droppedFromJars);
    this.droppedClasses = Map.copyOf(droppedClasses);
    this.resolved = resolved;
    this.widening = widening;
    this.relations = relations;
    this.leftOut = Set.copyOf(leftOut);
    this.keptSets = new HashMap<>();
    keptFromDirectories.forEach((location, kept) -> keptSets.put(location, new HashSet<>(kept)));
  }

  /** The same selection with {@code more} class files never imported, per location. */
  ImportSelection leavingOut(Map<Path, ? extends Collection<String>> more) {
    Set<String> all = new HashSet<>(leftOut);
    all.addAll(uris(more));
    return new ImportSelection(keptFromDirectories, droppedFromJars, droppedClasses, resolved,
        widening, relations, all);
  }

  /** Whether a location's class file is never imported. */
  boolean leavesOut(Path location, String entry) {
    return !leftOut.isEmpty() && leftOut.contains(prefix(location) + entry);
  }

  /**
   * Whether the import reads a class file of a location: a kept file of a directory the filter
   * ran on, any file of a jar or a directory it left whole but those dropped or left out.
   */
  boolean imports(Path location, String entry) {
    Set<String> kept = keptSets.get(location);
    return (kept == null ? !droppedFromJars.getOrDefault(location, Set.of()).contains(entry)
        : kept.contains(entry)) && !leavesOut(location, entry);
  }

  private static Set<String> uris(Map<Path, ? extends Collection<String>> entries) {
    Set<String> uris = new HashSet<>();
    entries.forEach((location, names) -> {
      String prefix = prefix(location);
      names.forEach(entry -> uris.add(prefix + entry));
    });
    return uris;
  }

  /**
   * What a selection is made from, and the entries, per location, that a whole-program step
   * about some classes needs ({@link ImportFilter}).
   */
  private record Widening(Map<Path, List<String>> classFiles,
      BiFunction<Path, String, Optional<String>> classNameOf,
      Function<Set<String>, Map<Path, Set<String>>> around, Between between) {}

  /** Selects the classes between the retry layers and the requests ({@link ImportFilter}). */
  @FunctionalInterface
  interface Between {
    Map<Path, Set<String>> select(Predicate<String> layerClasses, Predicate<String> layerTypes,
        Predicate<String> requests, Predicate<String> always);
  }

  /**
   * Drops the read class files that are not {@code kept}, and the module descriptors and
   * multi-release versions, which hold no class of the location; a file that was not read (it
   * cannot be) is imported, for ArchUnit to report it as before.
   *
   * @param classFiles every location's class files, by entry path
   * @param kept the entries to import, per location
   * @param classNameOf the name of the class a location's entry holds, if the file was read
   * @param resolved tells the types (binary names) ArchUnit resolves when an imported class
   *     depends on them; any other is known to it by name only
   * @param around gives the entries, per location, that a whole-program step about some classes
   *     needs, for {@link #around}
   * @param between gives the entries, per location, of the classes a path from a retry layer's
   *     side to a request runs through, for {@link #between}
   * @param relations answers the source checks about the classes read, imported or not
   */
  static ImportSelection keeping(Map<Path, List<String>> classFiles, Map<Path, Set<String>> kept,
      BiFunction<Path, String, Optional<String>> classNameOf, Predicate<String> resolved,
      Function<Set<String>, Map<Path, Set<String>>> around,
      Between between, TypeRelations relations) {
    Map<Path, List<String>> keptFromDirectories = new LinkedHashMap<>();
    Map<Path, Set<String>> droppedFromJars = new LinkedHashMap<>();
    Map<Path, Set<String>> droppedClasses = new LinkedHashMap<>();
    classFiles.forEach((location, entries) -> {
      Set<String> keptHere = kept.getOrDefault(location, Set.of());
      Set<String> dropped = new HashSet<>();
      Set<String> names = new HashSet<>();
      List<String> imported = new ArrayList<>();
      for (String entry : entries) {
        Optional<String> name = classNameOf.apply(location, entry);
        if (!UnreadableClassFiles.isClassOfItsPath(entry)) {
          dropped.add(entry); // a module descriptor, or a multi-release version: no class here
        } else if (name.isPresent() && !keptHere.contains(entry)) {
          dropped.add(entry);
          names.add(name.get());
        } else {
          imported.add(entry);
        }
      }
      droppedClasses.put(location, names);
      if (Files.isDirectory(location)) {
        keptFromDirectories.put(location, imported);
      } else {
        droppedFromJars.put(location, dropped);
      }
    });
    return new ImportSelection(keptFromDirectories, droppedFromJars, droppedClasses, resolved,
        new Widening(classFiles, classNameOf, around, between), relations, Set.of());
  }

  /**
   * The selection of the classes a whole-program step about {@code classes} needs (see {@link
   * ImportFilter}), from the same class files; empty when {@code classes} is, or when this
   * selection imports everything already.
   */
  Optional<ImportSelection> around(Set<String> classes) {
    if (widening == null || classes.isEmpty()) {
      return Optional.empty();
    }
    ImportSelection around = keeping(widening.classFiles(), widening.around().apply(classes),
        widening.classNameOf(), resolved, widening.around(), widening.between(), relations);
    return Optional.of(new ImportSelection(around.keptFromDirectories, around.droppedFromJars,
        around.droppedClasses, resolved, widening, relations, leftOut));
  }

  /**
   * The entries, per location, of the classes a call path through a retry layer to a request
   * can run through (see {@link ImportFilter}): those that can reach a class naming a {@code
   * requests} type and that can reach, or be reached from, a layer class ({@code layerClasses}
   * itself, or naming a {@code layerTypes} type); and those naming an {@code always} type. Empty
   * when this selection read no class file ({@link #everything}): then every class may be on a
   * path.
   */
  Optional<Map<Path, Set<String>>> between(Predicate<String> layerClasses,
      Predicate<String> layerTypes, Predicate<String> requests, Predicate<String> always) {
    return widening == null ? Optional.empty() : Optional.of(
        widening.between().select(layerClasses, layerTypes, requests, always));
  }

  /**
   * What the source checks ask about types and calls, answered from the class files the filter
   * read; empty for {@link #everything}, whose import answers instead.
   */
  Optional<TypeRelations> relations() {
    return Optional.ofNullable(relations);
  }

  /**
   * Where ArchUnit imports {@code imported} from: the kept class files of a directory one by one
   * (importing the directory would visit every dropped file as well, only to skip it), a jar as
   * a whole, whose dropped entries {@link #importOption()} leaves out.
   */
  List<Location> locations(List<Path> imported) {
    List<Location> locations = new ArrayList<>();
    for (Path location : imported) {
      List<String> kept = keptFromDirectories.get(location);
      if (kept == null) {
        locations.add(CheckedClasses.location(location));
      } else {
        kept.forEach(entry -> locations.add(Location.of(location.resolve(entry))));
      }
    }
    return locations;
  }

  /**
   * The option that keeps ArchUnit from reading the dropped class files of a jar; it names a
   * class file by the jar location's URI plus the entry path, as {@link CheckedClasses#location}
   * does.
   */
  ImportOption importOption() {
    List<Map.Entry<String, Set<String>>> byPrefix = droppedFromJars.entrySet().stream()
        .map(e -> Map.entry(prefix(e.getKey()), e.getValue())).toList();
    return location -> {
      String uri = location.asURI().toString();
      if (leftOut.contains(uri)) {
        return false;
      }
      for (Map.Entry<String, Set<String>> dropped : byPrefix) {
        if (uri.startsWith(dropped.getKey())
            && dropped.getValue().contains(uri.substring(dropped.getKey().length()))) {
          return false;
        }
      }
      return true;
    };
  }

  /** The URI a location's class files start with, up to the entry path. */
  static String prefix(Path location) {
    String uri = CheckedClasses.location(location).asURI().toString();
    return uri.endsWith("/") ? uri : uri + "/";
  }

  /**
   * The class loader ArchUnit resolves the imported classes' dependencies through: the project's,
   * less the class files of the types it need not resolve (see {@link ImportFilter}).
   */
  ClassLoader resolvingLoader(ClassLoader projectLoader) {
    if (widening == null) {
      return projectLoader;
    }
    return new ClassLoader(projectLoader) {
      @Override
      public URL getResource(String name) {
        boolean classFile = name.endsWith(CLASS_SUFFIX) && !name.startsWith("META-INF/");
        return classFile && !resolved.test(name.substring(0, name.length()
            - CLASS_SUFFIX.length()).replace('/', '.')) ? null : super.getResource(name);
      }
    };
  }

  /** The classes of the dropped class files under {@code location}. */
  Set<String> droppedFrom(Path location) {
    return droppedClasses.getOrDefault(location, Set.of());
  }

  /** The classes of every dropped class file. */
  Set<String> droppedClasses() {
    Set<String> all = new HashSet<>();
    droppedClasses.values().forEach(all::addAll);
    return all;
  }
}
