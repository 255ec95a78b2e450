package dev.retryowner.gate;

import com.tngtech.archunit.core.domain.JavaAnnotation;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.domain.Source;
import dev.retryowner.archrules.ArchUnitScopeSubject;
import dev.retryowner.source.CompiledCall;
import dev.retryowner.source.TypeRelations;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Type relations answered by the imported classes and what ArchUnit resolved around them: the
 * checked classes and every type they depend on, with those types' supertypes; and the method
 * calls of the imported classes, by the source file they were compiled from.
 */
final class ArchUnitTypeRelations implements TypeRelations {
  private final JavaClasses classes;
  private Map<String, JavaClass> known;
  private Map<String, List<JavaClass>> bySourceFile;

  ArchUnitTypeRelations(JavaClasses classes) {
    this.classes = classes;
  }

  @Override
  public boolean isCheckedClass(String binaryName) {
    return classes.contain(binaryName);
  }

  @Override
  public Set<String> selfAndSupertypes(String typeName) {
    Set<String> types = new LinkedHashSet<>();
    types.add(typeName);
    JavaClass type = known().get(typeName);
    if (type != null) {
      Stream.of(type.getAllRawSuperclasses(), type.getAllRawInterfaces())
          .flatMap(Collection::stream).forEach(supertype -> types.add(supertype.getName()));
    }
    return types;
  }

  @Override
  public Set<String> knownTypes() {
    return known().keySet();
  }

  @Override
  public Set<String> annotationTypes(String typeName) {
    JavaClass type = known().get(typeName);
    return type == null ? Set.of() : new ArchUnitScopeSubject(type).annotationTypes();
  }

  @Override
  public boolean isOrCarries(String annotationName, String target) {
    if (TypeRelations.names(annotationName, target)) {
      return true;
    }
    JavaClass annotation = known().get(annotationName);
    return annotation != null && carries(annotation, target, new HashSet<>());
  }

  @Override
  public boolean isAnnotatedWith(String typeName, String annotationName) {
    JavaClass type = known().get(typeName);
    return type != null && type.isAnnotatedWith(annotationName);
  }

  @Override
  public List<CompiledCall> callsCompiledFrom(String sourcePath) {
    List<CompiledCall> calls = new ArrayList<>();
    for (JavaClass javaClass : bySourceFile().getOrDefault(sourcePath, List.of())) {
      for (JavaMethodCall call : javaClass.getMethodCallsFromSelf()) {
        calls.add(new CompiledCall(call.getLineNumber(), call.getName(),
            call.getTargetOwner().getName()));
      }
    }
    return calls;
  }

  /**
   * The imported classes by source path ({@code com/acme/Foo.java}); built on first use, by
   * whichever of the source engine's threads asks first.
   */
  private synchronized Map<String, List<JavaClass>> bySourceFile() {
    if (bySourceFile == null) {
      bySourceFile = new HashMap<>();
      for (JavaClass javaClass : classes) {
        String directory = javaClass.getPackageName().replace('.', '/');
        javaClass.getSource().flatMap(Source::getFileName).ifPresent(file -> bySourceFile
            .computeIfAbsent(directory.isEmpty() ? file : directory + "/" + file,
                path -> new ArrayList<>())
            .add(javaClass));
      }
    }
    return bySourceFile;
  }

  private static boolean carries(JavaClass type, String target, Set<String> visited) {
    if (!visited.add(type.getName())) {
      return false;
    }
    for (JavaAnnotation<JavaClass> annotation : type.getAnnotations()) {
      JavaClass annotationType = annotation.getRawType();
      if (TypeRelations.names(annotationType.getName(), target)
          || carries(annotationType, target, visited)) {
        return true;
      }
    }
    return false;
  }

  /** The checked classes and every type they depend on, by name; built on first use. */
  private synchronized Map<String, JavaClass> known() {
    if (known == null) {
      known = new LinkedHashMap<>();
      for (JavaClass javaClass : classes) {
        known.put(javaClass.getName(), javaClass);
        javaClass.getDirectDependenciesFromSelf().forEach(d -> {
          JavaClass dependency = d.getTargetClass().getBaseComponentType();
          known.putIfAbsent(dependency.getName(), dependency);
        });
      }
    }
    return known;
  }
}
