package dev.retryowner.gate;

import dev.retryowner.catalog.CatalogEntry;
import dev.retryowner.catalog.Engine;
import dev.retryowner.catalog.Exemption;
import dev.retryowner.catalog.GateConfig;
import dev.retryowner.catalog.LayeringBoundary;
import dev.retryowner.catalog.RuleDescriptor;
import dev.retryowner.catalog.RuleRegistry;
import dev.retryowner.source.TypeRelations;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Decides, before ArchUnit imports anything, which class files its rules can report on or need
 * as context (DESIGN §7): one pass over the class files' constant pools, in parallel. ArchUnit
 * then imports only those; building its graph of every class is what made the gate slow.
 *
 * <p>A class is imported if it
 *
 * <ul>
 *   <li>names a relevant type anywhere in its constant pool (a call's owner, a field, parameter,
 *       return or annotation type, a type argument, a supertype): a type of the active ArchUnit
 *       rules' catalog entries (method entries aside), the exemption annotation, the jobs API
 *       annotation, or a tainted type, that is one whose superclasses, interfaces, annotations
 *       or enclosing types lead to one of those at any depth (a subclass of a catalog type, a
 *       user annotation meta-annotated with a catalog annotation, a class nested in a
 *       controller). Types of the classpath count, read through the class loader the import
 *       uses;
 *   <li>names a type in a package a Layering rule guards, and lies where that rule checks
 *       classes (outside the jobs packages, say);
 *   <li>refers to a member named like a method of those catalog entries (by name only, so every
 *       overload and every receiver type is kept), and lies where that entry's rule may report
 *       by the class's name: outside the jobs packages for RetryOutsideJobs, in the request-path
 *       packages for SleepInRequestPath (its marked classes, controllers and servlets, name a
 *       relevant type or a tainted one and are kept for that);
 *   <li>cannot be read, or holds another class than its path names: ArchUnit reports it as
 *       before.
 * </ul>
 *
 * Every other class cannot hold a finding of these rules and is left out, except that each
 * package pattern the configuration names (jobs, request path, jobs API, queue engine and
 * adapter, infrastructure, search adapter packages) keeps one class it matches when no kept class
 * does: the rules' "the pattern matches no class" checks need one, and only one, to pass as
 * they do on the whole import (a jobs API pattern keeps a class of the jobs packages, as its
 * check asks for one). For the same reason one class is kept when no other is: the rules take
 * an empty import for a wrong one. The filter is only
 * valid for the built-in rules: a team's custom rules may look at anything, so the gate imports
 * everything when some are installed.
 *
 * <p>The source checks need no import: what they ask about types and calls, the selection
 * answers from the class files read ({@link ClassFileTypeRelations}). HandRolledRetry's
 * whole-program step looks at what constructs or calls the classes found to retry, which only the
 * run itself shows; {@link ImportSelection#around} selects those classes for an import of their
 * own.
 */
final class ImportFilter {
  private static final String CLASS_SUFFIX = ".class";
  /** Sizes the maps of types for a large input up front rather than growing them while shared. */
  private static final int EXPECTED_TYPES = 1 << 16;

  private final Set<String> relevantTypes;
  /** Every name of {@link #memberNames}, whose references' owners the pass collects. */
  private final Set<String> relevantMemberNames;
  private final List<ScopedMemberNames> memberNames;
  private final List<Predicate<String>> coverage;
  private final List<LayeringBoundary> boundaries;

  private ImportFilter(Set<String> relevantTypes, List<ScopedMemberNames> memberNames,
      List<Predicate<String>> coverage, List<LayeringBoundary> boundaries) {
    this.relevantTypes = relevantTypes;
    this.memberNames = memberNames;
    this.relevantMemberNames = memberNames.stream().flatMap(scoped -> scoped.names().stream())
        .collect(Collectors.toUnmodifiableSet());
    this.coverage = coverage;
    this.boundaries = boundaries;
  }

  /** The filter for the ArchUnit rules active under {@code config}, from its catalog. */
  static ImportFilter of(GateConfig config) {
    Set<String> types = new HashSet<>();
    List<ScopedMemberNames> memberNames = new ArrayList<>();
    List<LayeringBoundary> boundaries = new ArrayList<>();
    for (RuleDescriptor rule : activeArchUnitRules(config)) {
      Set<String> names = new HashSet<>();
      for (CatalogEntry entry : config.catalog().entriesFor(rule.name())) {
        if (!entry.kind().namesMethod()) {
          types.add(entry.typeName());
        }
        if (!entry.memberName().isEmpty()) {
          names.add(entry.memberName());
        }
      }
      if (!names.isEmpty()) {
        Predicate<String> classes = rule.forbiddenUseScope().isEmpty() ? name -> true
            : config.forbiddenUseScope(rule)::holdsByName;
        memberNames.add(new ScopedMemberNames(Set.copyOf(names), classes));
      }
      if (LayeringBoundary.isLayering(rule)) {
        boundaries.add(LayeringBoundary.of(rule, config));
      }
    }
    types.add(Exemption.ANNOTATION);
    config.jobsApiAnnotation().ifPresent(types::add);
    List<Predicate<String>> coverage = new ArrayList<>();
    Stream.of(config.jobsPackages(), config.requestPathPackages(), config.jobsApiPackages(),
            config.queueEnginePackages(), config.queueAdapterPackages(), config.infraPackages(),
            config.searchAdapterPackages())
        .flatMap(List::stream).forEach(pattern -> coverage.add(pattern::matchesClass));
    config.jobsApiPackages().forEach(pattern -> coverage.add(
        name -> pattern.matchesClass(name) && config.isInJobsPackages(name)));
    coverage.add(name -> true);
    return new ImportFilter(Set.copyOf(types), List.copyOf(memberNames), List.copyOf(coverage),
        List.copyOf(boundaries));
  }

  /**
   * The method names of one rule's catalog entries and the classes in which the rule may report
   * a reference to them by the class's name alone.
   */
  private record ScopedMemberNames(Set<String> names, Predicate<String> classes) {
    boolean referencedBy(String className, Set<String> referencedNames) {
      return !Collections.disjoint(referencedNames, names) && classes.test(className);
    }
  }

  /** The rules RetryOwnerRules builds for this configuration. */
  private static List<RuleDescriptor> activeArchUnitRules(GateConfig config) {
    return RuleRegistry.implementedBy(Engine.ARCHUNIT).stream()
        .filter(config::isEnabled).filter(rule -> config.whyInactive(rule).isEmpty()).toList();
  }

  /**
   * The class files of the locations (directories or jars) to leave out of the import.
   *
   * @param classFiles every location's class files, by entry path ({@code com/acme/Foo.class})
   *     in a stable order, as {@link UnreadableClassFiles#classFiles} lists them
   * @param classpath finds the class files of the types the classes name, by resource name
   */
  ImportSelection select(Map<Path, List<String>> classFiles, ClassLoader classpath)
      throws GateException {
    // Every file is read once, first, so that the search for tainted types finds the classes'
    // own supertypes and annotations in memory; only library types go through the class loader.
    Guards guards = new Guards();
    Reading reading = new Reading(guards);
    Map<Path, Map<String, ReadClass>> read = new LinkedHashMap<>();
    for (Map.Entry<Path, List<String>> location : classFiles.entrySet()) {
      read.put(location.getKey(), readAll(location.getKey(), location.getValue(), reading));
    }
    ClassHeaders parents = new ClassHeaders(reading.headers, classpath);
    Reach tainted = new Reach(relevantTypes, parents);
    Map<Path, Set<String>> kept = new LinkedHashMap<>();
    read.forEach((location, classes) -> {
      Set<String> entries = ConcurrentHashMap.newKeySet();
      // A module descriptor or a multi-release version's class is never imported: keeping one
      // would count as covering a pattern with a class the import then lacks.
      classes.entrySet().parallelStream()
          .filter(c -> UnreadableClassFiles.isClassOfItsPath(c.getKey()))
          .filter(c -> c.getValue().relevant() || c.getValue().namesAnyOf(tainted::test))
          .forEach(c -> entries.add(c.getKey()));
      kept.put(location, entries);
    });
    keepOneClassPerUncoveredPattern(classFiles, read, kept);
    // What ArchUnit resolves, that is imports with its supertypes, when an imported class
    // depends on it: a type leading to a relevant one; a guarded type (a finding names it, and
    // says "extends" or "implements" as ArchUnit knows it); the owner of a call named like a
    // catalog method and its supertypes, where the catalog matcher looks for the method. Any
    // other type answers every rule's question as well by its name alone; resolving it would
    // import it with its own dependencies in turn, the JDK's included, which cost more than the
    // rest of the import on a large input.
    Set<String> callOwners = closure(ownersOfCatalogNamedCalls(read, kept),
        type -> parents.parents(type).stream());
    return ImportSelection.keeping(classFiles, kept,
        (location, entry) -> Optional.ofNullable(read.get(location).get(entry))
            .map(ReadClass::className),
        type -> tainted.test(type) || guards.guard(type) || callOwners.contains(type),
        classes -> around(read, parents, classes),
        (layerClasses, layerTypes, requests, always) -> between(read, parents, layerClasses,
            layerTypes, requests, always),
        relations(read, parents));
  }

  /**
   * The entries, per location, of the classes a call path from an entry point through a retry
   * layer to a request can run through: the classes that can reach a request class (naming it,
   * or naming a class that can, at any remove; a class's supertypes count as named by its
   * callers, who may call through them) and that can reach a layer class or be reached from one
   * (naming, and the subtypes of what is named, which a call may dispatch to); and every class
   * that names an {@code always} type, the layer classes themselves, and the classes on the way
   * to a layer that a selected class names (a wrapper handing work on to a policy). A layer
   * class is one {@code layerClasses} accepts by its name, or one that names a {@code
   * layerTypes} type.
   */
  private static Map<Path, Set<String>> between(Map<Path, Map<String, ReadClass>> read,
      ClassHeaders parents, Predicate<String> layerClasses, Predicate<String> layerTypes,
      Predicate<String> requests, Predicate<String> always) {
    Map<String, String[]> names = new HashMap<>();
    Map<String, List<String>> namedBy = new HashMap<>();
    Map<String, List<String>> subtypes = new HashMap<>();
    read.values().forEach(location -> location.values().forEach(c -> {
      if (names.putIfAbsent(c.className(), c.namedTypes()) == null) {
        for (String type : c.namedTypes()) {
          namedBy.computeIfAbsent(type, t -> new ArrayList<>(2)).add(c.className());
        }
      }
    }));
    names.keySet().forEach(type -> parents.parents(type).stream().filter(names::containsKey)
        .forEach(parent -> subtypes.computeIfAbsent(parent, p -> new ArrayList<>()).add(type)));
    Set<String> layers = namingAny(names, layerTypes);
    names.keySet().stream().filter(layerClasses).forEach(layers::add);
    Set<String> towardRequests = closure(namingAny(names, requests), type -> Stream.concat(
        namedBy.getOrDefault(type, List.of()).stream(),
        parents.parents(type).stream().filter(names::containsKey)));
    Set<String> aroundLayers = closure(layers, type -> Stream.concat(
        namedBy.getOrDefault(type, List.of()).stream(),
        parents.parents(type).stream().filter(names::containsKey)));
    aroundLayers.addAll(closure(layers, type -> Stream.concat(
        Arrays.stream(names.getOrDefault(type, new String[0])).filter(names::containsKey),
        subtypes.getOrDefault(type, List.of()).stream())));
    Set<String> selected = new HashSet<>(aroundLayers);
    selected.retainAll(towardRequests);
    // A class a selected one names on its way to a layer need not reach a request itself: a
    // loop runs the lambda it is handed, and so does a wrapper that passes the lambda on.
    new ArrayList<>(selected).forEach(type -> Arrays.stream(names.get(type))
        .filter(aroundLayers::contains).forEach(selected::add));
    selected.addAll(layers);
    selected.addAll(namingAny(names, always));
    Map<Path, Set<String>> entries = new LinkedHashMap<>();
    read.forEach((location, byEntry) -> byEntry.forEach((entry, c) -> {
      if (selected.contains(c.className())) {
        entries.computeIfAbsent(location, l -> new HashSet<>()).add(entry);
      }
    }));
    return entries;
  }

  /** The classes read that name a type {@code types} accepts (a class names itself). */
  private static Set<String> namingAny(Map<String, String[]> names, Predicate<String> types) {
    Set<String> naming = new HashSet<>();
    names.forEach((type, named) -> {
      if (types.test(type) || Arrays.stream(named).anyMatch(types)) {
        naming.add(type);
      }
    });
    return naming;
  }

  /** {@code start} and every class {@code next} leads to from it, at any remove. */
  private static Set<String> closure(Set<String> start, Function<String, Stream<String>> next) {
    Set<String> reached = new HashSet<>(start);
    Deque<String> pending = new ArrayDeque<>(start);
    while (!pending.isEmpty()) {
      next.apply(pending.pop()).forEach(type -> {
        if (reached.add(type)) {
          pending.add(type);
        }
      });
    }
    return reached;
  }

  /** What the source checks ask about the types, answered from the class files read. */
  private static TypeRelations relations(Map<Path, Map<String, ReadClass>> read,
      ClassHeaders headers) {
    Map<String, ClassFileTypeRelations.InputClass> inputClasses = new HashMap<>();
    read.forEach((location, byEntry) -> byEntry.forEach((entry, c) -> inputClasses.putIfAbsent(
        c.className(), new ClassFileTypeRelations.InputClass(location, entry, c.namedTypes()))));
    return new ClassFileTypeRelations(inputClasses, headers);
  }

  /**
   * The entries, per location, of the classes a whole-program step about {@code classes} needs:
   * the classes that are or lead to one of them (subclasses, nested classes), the classes that
   * name one of those (they may construct or call it), the classes that name one of these in
   * turn (they may call a method that constructs it), and the input classes any of the first two
   * kinds names (a parameter's type, say). Every construction or call of theirs lies there.
   */
  private static Map<Path, Set<String>> around(Map<Path, Map<String, ReadClass>> read,
      ClassHeaders parents, Set<String> classes) {
    Reach leadsToClasses = new Reach(classes, parents);
    Set<String> near = new HashSet<>();
    read.values().forEach(location -> location.values().forEach(c -> {
      if (leadsToClasses.test(c.className()) || c.namesAnyOf(leadsToClasses::test)) {
        near.add(c.className());
      }
    }));
    Set<String> wanted = new HashSet<>(near);
    read.values().forEach(location -> location.values().forEach(c -> {
      if (c.namesAnyOf(near::contains)) {
        wanted.add(c.className());
      }
      if (near.contains(c.className())) {
        wanted.addAll(Arrays.asList(c.namedTypes()));
      }
    }));
    Map<Path, Set<String>> entries = new LinkedHashMap<>();
    read.forEach((location, byEntry) -> byEntry.forEach((entry, c) -> {
      if (wanted.contains(c.className())) {
        entries.computeIfAbsent(location, l -> new HashSet<>()).add(entry);
      }
    }));
    return entries;
  }

  /** The owners of the kept classes' references to members named like a catalog method. */
  private static Set<String> ownersOfCatalogNamedCalls(Map<Path, Map<String, ReadClass>> read,
      Map<Path, Set<String>> kept) {
    Set<String> owners = new HashSet<>();
    kept.forEach((location, entries) -> entries.stream().map(read.get(location)::get)
        .filter(Objects::nonNull).forEach(c -> owners.addAll(c.watchedMemberOwners())));
    return owners;
  }

  /**
   * For each pattern no kept class matches, keeps the first class (in the listing's order) that
   * it matches, so that the import holds a class of every pattern the input does.
   */
  private void keepOneClassPerUncoveredPattern(Map<Path, List<String>> classFiles,
      Map<Path, Map<String, ReadClass>> read, Map<Path, Set<String>> kept) {
    for (Predicate<String> pattern : coverage) {
      if (kept.entrySet().stream().anyMatch(location -> location.getValue().stream()
          .map(read.get(location.getKey())::get)
          .anyMatch(c -> c != null && pattern.test(c.className())))) {
        continue;
      }
      classFiles.forEach((location, entries) -> entries.stream()
          .filter(UnreadableClassFiles::isClassOfItsPath)
          .filter(entry -> read.get(location).containsKey(entry))
          .filter(entry -> pattern.test(read.get(location).get(entry).className()))
          .findFirst().ifPresent(kept.get(location)::add));
    }
  }

  /** What the filter keeps of every readable class file of the location, by entry path. */
  private Map<String, ReadClass> readAll(Path location, List<String> entries, Reading reading)
      throws GateException {
    Map<String, ReadClass> read = new ConcurrentHashMap<>(entries.size() * 2);
    try (ClassFiles files = ClassFiles.open(location)) {
      entries.parallelStream().forEach(entry -> {
        ClassFileReferences references;
        try {
          references = ClassFileReferences.read(files.read(entry), relevantMemberNames);
        } catch (UncheckedIOException e) {
          throw e;
        } catch (RuntimeException unreadable) {
          return; // left to ArchUnit, which reports it as before
        }
        read.put(entry, reading.keep(entry, references));
      });
    } catch (IOException e) {
      throw new GateException("retry-owner: cannot read the classes in " + location + ": "
          + e.getMessage(), e);
    } catch (UncheckedIOException e) {
      throw new GateException("retry-owner: cannot read the classes in " + location + ": "
          + e.getCause().getMessage(), e);
    }
    return read;
  }

  /**
   * A class file as the filter keeps it while it reads the others: its name, whether it is
   * relevant by what it alone shows, and the types it names, for the test against the tainted
   * ones once every class's parents are known, and for a wider import later.
   *
   * @param namedTypes the types named, each name one shared instance
   */
  private record ReadClass(String className, boolean relevant, String[] namedTypes,
      Set<String> watchedMemberOwners) {
    boolean namesAnyOf(Predicate<String> types) {
      for (String type : namedTypes) {
        if (types.test(type)) {
          return true;
        }
      }
      return false;
    }
  }

  /**
   * One pass of reading over the class files, shared by its threads: collects the input
   * classes' headers, and keeps of each class only what the selection needs. Holding every type
   * name of every class until all are read is most of a large run's memory, and copying it from
   * one garbage collection to the next most of its time, hence one instance per name.
   */
  private final class Reading {
    private final Guards guards;
    private final Map<String, ClassHeaders.Header> headers =
        new ConcurrentHashMap<>(EXPECTED_TYPES);
    private final Map<String, String> names = new ConcurrentHashMap<>(EXPECTED_TYPES);

    Reading(Guards guards) {
      this.guards = guards;
    }

    // The methods below run for every class file, so they are plain loops: the JIT compiles
    // them while the pass runs, and with streams inlined those compilations took ~1.5 s of a
    // core on a large input (B1), against ~0.1 s now.
    ReadClass keep(String entry, ClassFileReferences references) {
      String name = references.className();
      headers.put(name, ClassHeaders.Header.of(references));
      Set<String> owners = Set.copyOf(references.watchedMemberOwners());
      return new ReadClass(name, isRelevantByItself(entry, references),
          shared(references.types()), owners);
    }

    private String[] shared(Set<String> types) {
      String[] shared = new String[types.size()];
      int i = 0;
      for (String type : types) {
        // Most names are known already: a read takes no lock and writes no count.
        String known = names.get(type);
        if (known == null) {
          known = names.putIfAbsent(type, type);
        }
        shared[i++] = known == null ? type : known;
      }
      return shared;
    }

    /** True if the class is relevant whatever the other classes are. */
    private boolean isRelevantByItself(String entry, ClassFileReferences references) {
      String name = references.className();
      return !entry.equals(name.replace('.', '/') + CLASS_SUFFIX)
          || refersToCatalogMember(name, references.memberNames())
          || namesRelevantOrGuardedType(name, references.types());
    }

    private boolean refersToCatalogMember(String className, Set<String> referencedNames) {
      for (ScopedMemberNames scoped : memberNames) {
        if (scoped.referencedBy(className, referencedNames)) {
          return true;
        }
      }
      return false;
    }

    private boolean namesRelevantOrGuardedType(String className, Set<String> types) {
      // A class the Layering rules leave unchecked (inside the jobs packages, say) may use the
      // types they guard.
      List<LayeringBoundary> checking = new ArrayList<>();
      for (LayeringBoundary boundary : boundaries) {
        if (boundary.checks(className)) {
          checking.add(boundary);
        }
      }
      for (String type : types) {
        if (relevantTypes.contains(type) || guards.guard(type, checking)) {
          return true;
        }
      }
      return false;
    }
  }

  /** Whether a type is guarded by a Layering rule, memoized per run; thread-safe. */
  private final class Guards {
    private final Map<String, List<LayeringBoundary>> guardedBy =
        new ConcurrentHashMap<>(EXPECTED_TYPES);

    /** True if one of the {@code checking} boundaries guards the type. */
    boolean guard(String type, List<LayeringBoundary> checking) {
      if (checking.isEmpty()) {
        return false;
      }
      return !Collections.disjoint(boundariesGuarding(type), checking);
    }

    /** True if any boundary guards the type. */
    boolean guard(String type) {
      return !boundariesGuarding(type).isEmpty();
    }

    private List<LayeringBoundary> boundariesGuarding(String type) {
      return guardedBy.computeIfAbsent(type,
          t -> boundaries.stream().filter(boundary -> boundary.guards(t)).toList());
    }
  }

  /**
   * Whether a type is one of {@code roots} or leads to one along its superclasses, interfaces,
   * annotations and enclosing types, at any depth; memoized per run, thread-safe.
   */
  private static final class Reach {
    private final Set<String> roots;
    private final ClassHeaders parents;
    private final Map<String, Boolean> reaches = new ConcurrentHashMap<>(EXPECTED_TYPES);

    Reach(Set<String> roots, ClassHeaders parents) {
      this.roots = roots;
      this.parents = parents;
    }

    boolean test(String type) {
      Boolean known = reaches.get(type);
      if (known == null) {
        known = search(type);
        reaches.put(type, known);
      }
      return known;
    }

    /**
     * Only the search's final answer is memoized, as a search cut short by a cycle (annotations
     * annotate each other) knows nothing about the types in the cycle.
     */
    private boolean search(String start) {
      Deque<String> pending = new ArrayDeque<>(List.of(start));
      Set<String> seen = new HashSet<>();
      while (!pending.isEmpty()) {
        String type = pending.pop();
        if (!seen.add(type)) {
          continue;
        }
        if (roots.contains(type)) {
          return true;
        }
        Boolean known = reaches.get(type);
        if (known != null) {
          if (known) {
            return true;
          }
          continue;
        }
        pending.addAll(parents.parents(type));
        int nested = type.lastIndexOf('$');
        if (nested > 0) {
          pending.add(type.substring(0, nested));
        }
      }
      return false;
    }
  }
}
