package dev.retryowner.maven;

import dev.retryowner.catalog.CatalogEntry;
import dev.retryowner.catalog.Engine;
import dev.retryowner.catalog.Exemption;
import dev.retryowner.catalog.GateConfig;
import dev.retryowner.catalog.LayeringBoundary;
import dev.retryowner.catalog.PackagePattern;
import dev.retryowner.catalog.RuleDescriptor;
import dev.retryowner.catalog.RuleRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * Decides, before ArchUnit imports anything, which class files its rules can report on or need
 * as context (DESIGN §7): one pass over the class files' constant pools, in parallel. ArchUnit
 * then imports only those; building its graph of every class is what made the gate slow.
 *
 * <p>A class is imported if it
 *
 * <ul>
 *   <li>lies in a package the configuration names (jobs, request path, jobs API, queue engine
 *       and adapter, infrastructure, search adapter packages): the rules' scopes and their "the
 *       pattern matches no class" checks look at those classes;
 *   <li>names a relevant type anywhere in its constant pool (a call's owner, a field, parameter,
 *       return or annotation type, a type argument, a supertype): a type of the active ArchUnit
 *       rules' catalog entries (method entries aside), the exemption annotation, the jobs API
 *       annotation, a type in a package a Layering rule guards, or a tainted type, that is one
 *       whose superclasses, interfaces, annotations or enclosing types lead to one of those at
 *       any depth (a subclass of a catalog type, a user annotation meta-annotated with a catalog
 *       annotation, a class nested in a controller). Types of the classpath count, read through
 *       the class loader the import uses;
 *   <li>refers to a member named like a method of those catalog entries (by name only, so every
 *       overload and every receiver type is kept);
 *   <li>was compiled from one of the given source files: the source checks ask about those;
 *   <li>cannot be read, or holds another class than its path names: ArchUnit reports it as
 *       before.
 * </ul>
 *
 * Every other class cannot hold a finding of these rules and is left out. The filter is only
 * valid for the built-in rules: a team's custom rules may look at anything, so the gate imports
 * everything when some are installed.
 */
final class ImportFilter {
  private static final String CLASS_SUFFIX = ".class";

  private final Set<String> relevantTypes;
  private final Set<String> relevantMemberNames;
  private final List<PackagePattern> configuredPackages;
  private final List<LayeringBoundary> boundaries;

  private ImportFilter(Set<String> relevantTypes, Set<String> relevantMemberNames,
      List<PackagePattern> configuredPackages, List<LayeringBoundary> boundaries) {
    this.relevantTypes = relevantTypes;
    this.relevantMemberNames = relevantMemberNames;
    this.configuredPackages = configuredPackages;
    this.boundaries = boundaries;
  }

  /** The filter for the ArchUnit rules active under {@code config}, from its catalog. */
  static ImportFilter of(GateConfig config) {
    Set<String> types = new HashSet<>();
    Set<String> memberNames = new HashSet<>();
    List<LayeringBoundary> boundaries = new ArrayList<>();
    for (RuleDescriptor rule : activeArchUnitRules(config)) {
      for (CatalogEntry entry : config.catalog().entriesFor(rule.name())) {
        if (!entry.kind().namesMethod()) {
          types.add(entry.typeName());
        }
        if (!entry.memberName().isEmpty()) {
          memberNames.add(entry.memberName());
        }
      }
      if (LayeringBoundary.isLayering(rule)) {
        boundaries.add(LayeringBoundary.of(rule, config));
      }
    }
    types.add(Exemption.ANNOTATION);
    config.jobsApiAnnotation().ifPresent(types::add);
    List<PackagePattern> packages = Stream.of(config.jobsPackages(),
            config.requestPathPackages(), config.jobsApiPackages(), config.queueEnginePackages(),
            config.queueAdapterPackages(), config.infraPackages(), config.searchAdapterPackages())
        .flatMap(List::stream).toList();
    return new ImportFilter(Set.copyOf(types), Set.copyOf(memberNames), packages,
        List.copyOf(boundaries));
  }

  /** The rules RetryOwnerRules builds for this configuration. */
  private static List<RuleDescriptor> activeArchUnitRules(GateConfig config) {
    return RuleRegistry.implementedBy(Engine.ARCHUNIT).stream()
        .filter(config::isEnabled).filter(rule -> config.whyInactive(rule).isEmpty()).toList();
  }

  /**
   * The class files of {@code locations} (directories or jars) to leave out of the import.
   *
   * @param sourcePaths source files of the run, as paths below their root ({@code
   *     com/acme/Foo.java}); classes compiled from them are always imported
   * @param classpath finds the class files of the types the classes name, by resource name
   */
  ImportSelection select(List<Path> locations, Set<String> sourcePaths, ClassLoader classpath)
      throws GateException {
    // Every file is read once, first, so that the search for tainted types finds the classes'
    // own supertypes and annotations in memory; only library types go through the class loader.
    Map<Path, Map<String, ClassFileReferences>> read = new LinkedHashMap<>();
    Map<String, List<String>> inputParents = new ConcurrentHashMap<>();
    for (Path location : locations) {
      read.put(location, readAll(location));
      read.get(location).values().forEach(c -> inputParents.put(c.className(), c.parents()));
    }
    Relevance relevance = new Relevance(inputParents, classpath);
    Map<Path, Set<String>> droppedEntries = new LinkedHashMap<>();
    Map<Path, Set<String>> droppedClasses = new LinkedHashMap<>();
    read.forEach((location, classes) -> {
      Set<String> entries = ConcurrentHashMap.newKeySet();
      Set<String> names = ConcurrentHashMap.newKeySet();
      classes.entrySet().parallelStream()
          .filter(c -> isDroppable(c.getKey(), c.getValue(), sourcePaths, relevance))
          .forEach(c -> {
            entries.add(c.getKey());
            names.add(c.getValue().className());
          });
      droppedEntries.put(location, entries);
      droppedClasses.put(location, names);
    });
    return new ImportSelection(droppedEntries, droppedClasses);
  }

  /** The references of every readable class file of the location, by entry path. */
  private static Map<String, ClassFileReferences> readAll(Path location) throws GateException {
    Map<String, ClassFileReferences> read = new ConcurrentHashMap<>();
    try (ClassFiles files = ClassFiles.open(location)) {
      UnreadableClassFiles.classFiles(location).parallelStream().forEach(entry -> {
        try {
          read.put(entry, ClassFileReferences.read(files.read(entry)));
        } catch (UncheckedIOException e) {
          throw e;
        } catch (RuntimeException unreadable) {
          // left to ArchUnit, which reports it as before
        }
      });
    } catch (IOException | UncheckedIOException e) {
      throw new GateException("retry-owner: cannot read the classes in " + location + ": "
          + e.getMessage(), e);
    }
    return read;
  }

  /** True if the import can leave the class out. */
  private boolean isDroppable(String entry, ClassFileReferences references,
      Set<String> sourcePaths, Relevance relevance) {
    String name = references.className();
    boolean keep = !entry.equals(name.replace('.', '/') + CLASS_SUFFIX)
        || configuredPackages.stream().anyMatch(p -> p.matchesClass(name))
        || references.sourcePath().filter(sourcePaths::contains).isPresent()
        || !Collections.disjoint(references.memberNames(), relevantMemberNames)
        || references.types().stream().anyMatch(relevance::test);
    return !keep;
  }

  /** Whether a type is relevant, memoized per run; safe to use from several threads. */
  private final class Relevance {
    private final ClassLoader classpath;
    private final Map<String, Boolean> relevant = new ConcurrentHashMap<>();
    private final Map<String, Boolean> tainted = new ConcurrentHashMap<>();
    /** The parents of the input classes, then of every library type looked up. */
    private final Map<String, List<String>> parents;

    Relevance(Map<String, List<String>> inputParents, ClassLoader classpath) {
      this.parents = inputParents;
      this.classpath = classpath;
    }

    boolean test(String type) {
      return relevant.computeIfAbsent(type, t -> boundaries.stream().anyMatch(b -> b.guards(t))
          || isTainted(t));
    }

    private boolean isTainted(String type) {
      Boolean known = tainted.get(type);
      if (known == null) {
        known = reachesRelevantType(type);
        tainted.put(type, known);
      }
      return known;
    }

    /**
     * A search along superclasses, interfaces, annotations and enclosing types; only its final
     * answer is memoized, as a search cut short by a cycle (annotations annotate each other)
     * knows nothing about the types in the cycle.
     */
    private boolean reachesRelevantType(String start) {
      Deque<String> pending = new ArrayDeque<>(List.of(start));
      Set<String> seen = new HashSet<>();
      while (!pending.isEmpty()) {
        String type = pending.pop();
        if (!seen.add(type)) {
          continue;
        }
        if (relevantTypes.contains(type)) {
          return true;
        }
        Boolean known = tainted.get(type);
        if (known != null) {
          if (known) {
            return true;
          }
          continue;
        }
        pending.addAll(parentsOf(type));
        int nested = type.lastIndexOf('$');
        if (nested > 0) {
          pending.add(type.substring(0, nested));
        }
      }
      return false;
    }

    private List<String> parentsOf(String type) {
      List<String> known = parents.get(type);
      if (known == null) {
        known = readParents(type);
        parents.put(type, known);
      }
      return known;
    }

    /**
     * The type's parents from its class file; none for a type the class loader cannot find, or
     * a name that is no binary name (a string constant that looked like a descriptor).
     */
    private List<String> readParents(String type) {
      if (!isBinaryName(type)) {
        return List.of();
      }
      try (InputStream in = classpath.getResourceAsStream(type.replace('.', '/')
          + CLASS_SUFFIX)) {
        return in == null ? List.of() : ClassFileReferences.readHeader(in.readAllBytes())
            .parents();
      } catch (IOException | RuntimeException unreadable) {
        return List.of();
      }
    }
  }

  private static boolean isBinaryName(String name) {
    for (String part : name.split("\\.", -1)) {
      if (part.isEmpty() || !Character.isJavaIdentifierStart(part.charAt(0))
          || !part.chars().allMatch(Character::isJavaIdentifierPart)) {
        return false;
      }
    }
    return true;
  }

  /** Reads class files of a directory or a jar by their entry path. */
  private interface ClassFiles extends AutoCloseable {
    byte[] read(String entry);

    @Override
    void close() throws IOException;

    static ClassFiles open(Path location) throws IOException {
      if (Files.isDirectory(location)) {
        return new ClassFiles() {
          @Override
          public byte[] read(String entry) {
            try {
              return Files.readAllBytes(location.resolve(entry));
            } catch (IOException e) {
              throw new UncheckedIOException(e);
            }
          }

          @Override
          public void close() {}
        };
      }
      JarFile jar = new JarFile(location.toFile());
      return new ClassFiles() {
        @Override
        public byte[] read(String entry) {
          try (InputStream in = jar.getInputStream(jar.getEntry(entry))) {
            return in.readAllBytes();
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        }

        @Override
        public void close() throws IOException {
          jar.close();
        }
      };
    }
  }
}
