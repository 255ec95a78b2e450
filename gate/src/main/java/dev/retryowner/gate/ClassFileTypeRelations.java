package dev.retryowner.gate;

import dev.retryowner.source.CompiledCall;
import dev.retryowner.source.TypeRelations;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.objectweb.asm.ClassReader;

/**
 * Type relations from the class files the import filter read, so that the source checks need no
 * ArchUnit import of the classes they ask about: every input class and every type one names is
 * known; supertypes and annotations come from the class files' headers (a library type's through
 * the class loader, when first asked for), and a source file's compiled calls from the method
 * bodies of the classes compiled from it, read when first asked for.
 */
final class ClassFileTypeRelations implements TypeRelations {
  private static final String OBJECT = "java.lang.Object";

  /**
   * Where an input class's file is, and the types it names.
   *
   * @param entry the file's path in its location ({@code com/acme/Foo.class})
   */
  record InputClass(Path location, String entry, String[] namedTypes) {}

  private final Map<String, InputClass> inputClasses;
  private final ClassHeaders headers;
  private final Map<String, Set<String>> supertypes = new ConcurrentHashMap<>();
  private Set<String> knownTypes;
  private Map<String, List<String>> bySourceFile;

  /** @param inputClasses the input classes by binary name */
  ClassFileTypeRelations(Map<String, InputClass> inputClasses, ClassHeaders headers) {
    this.inputClasses = Map.copyOf(inputClasses);
    this.headers = headers;
  }

  @Override
  public boolean isCheckedClass(String binaryName) {
    return inputClasses.containsKey(binaryName);
  }

  /** The type, its superclasses nearest first, then every interface, at any depth. */
  @Override
  public Set<String> selfAndSupertypes(String typeName) {
    return supertypes.computeIfAbsent(typeName, this::searchSupertypes);
  }

  /**
   * A class file names its superclass first (none for {@code java.lang.Object}), then its
   * interfaces.
   */
  private Set<String> searchSupertypes(String typeName) {
    Set<String> types = new LinkedHashSet<>();
    types.add(typeName);
    List<String> interfaces = new ArrayList<>();
    String type = typeName;
    while (type != null) {
      List<String> direct = headers.of(type).supertypes();
      boolean hasSuperclass = !direct.isEmpty() && !type.equals(OBJECT);
      interfaces.addAll(hasSuperclass ? direct.subList(1, direct.size()) : direct);
      type = hasSuperclass && types.add(direct.get(0)) ? direct.get(0) : null;
    }
    Deque<String> pending = new ArrayDeque<>(interfaces);
    while (!pending.isEmpty()) {
      String next = pending.pop();
      if (types.add(next)) {
        pending.addAll(headers.of(next).supertypes());
      }
    }
    return types;
  }

  @Override
  public synchronized Set<String> knownTypes() {
    if (knownTypes == null) {
      Set<String> known = new HashSet<>(inputClasses.keySet());
      inputClasses.values().forEach(c -> known.addAll(List.of(c.namedTypes())));
      knownTypes = Set.copyOf(known);
    }
    return knownTypes;
  }

  @Override
  public Set<String> annotationTypes(String typeName) {
    Set<String> names = new LinkedHashSet<>();
    collectAnnotations(typeName, names);
    return names;
  }

  /** The annotations on {@code annotated} and, transitively, on their annotation types. */
  private void collectAnnotations(String annotated, Set<String> names) {
    for (String annotation : headers.of(annotated).annotations()) {
      if (names.add(annotation)) {
        collectAnnotations(annotation, names);
      }
    }
  }

  @Override
  public boolean isOrCarries(String annotationName, String target) {
    return TypeRelations.names(annotationName, target)
        || annotationTypes(annotationName).stream().anyMatch(a -> TypeRelations.names(a, target));
  }

  @Override
  public boolean isAnnotatedWith(String typeName, String annotationName) {
    return headers.of(typeName).annotations().contains(annotationName);
  }

  @Override
  public Optional<Set<String>> typesNamedFrom(String sourcePath) {
    Set<String> named = new HashSet<>();
    for (String className : bySourceFile().getOrDefault(sourcePath, List.of())) {
      named.addAll(Arrays.asList(inputClasses.get(className).namedTypes()));
    }
    return Optional.of(named);
  }

  @Override
  public List<CompiledCall> callsCompiledFrom(String sourcePath) {
    List<CompiledCall> calls = new ArrayList<>();
    for (String className : bySourceFile().getOrDefault(sourcePath, List.of())) {
      InputClass input = inputClasses.get(className);
      try (ClassFiles files = ClassFiles.open(input.location())) {
        ClassFileCalls.read(new ClassReader(files.read(input.entry())),
            (line, owner, name, descriptor) ->
                calls.add(new CompiledCall(line, name, owner.replace('/', '.'))));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return calls;
  }

  /** The input classes by the source file javac recorded for them; built on first use. */
  private synchronized Map<String, List<String>> bySourceFile() {
    if (bySourceFile == null) {
      bySourceFile = new HashMap<>();
      inputClasses.keySet().forEach(name -> headers.of(name).sourcePath().ifPresent(path ->
          bySourceFile.computeIfAbsent(path, p -> new ArrayList<>()).add(name)));
    }
    return bySourceFile;
  }
}
