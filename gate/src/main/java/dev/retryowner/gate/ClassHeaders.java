package dev.retryowner.gate;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The supertypes, class annotations and source file of types: the input classes' as the import
 * filter read them, a library type's read through the class loader on first use; thread-safe.
 */
final class ClassHeaders {
  private static final String CLASS_SUFFIX = ".class";
  private static final Header UNKNOWN = new Header(List.of(), List.of(), Optional.empty());

  private final ClassLoader classpath;
  private final Map<String, Header> headers;

  /**
   * A type's direct superclass and interfaces, its class-level annotation types, and the source
   * file javac recorded (a path below a source root).
   */
  record Header(List<String> supertypes, List<String> annotations, Optional<String> sourcePath) {
    static Header of(ClassFileReferences read) {
      return new Header(List.copyOf(read.supertypes()), List.copyOf(read.annotations()),
          read.sourcePath());
    }

    /** The supertypes, then the annotations. */
    List<String> parents() {
      List<String> parents = new ArrayList<>(supertypes);
      parents.addAll(annotations);
      return parents;
    }
  }

  /**
   * @param inputHeaders the input classes' headers by binary name, thread-safe; the types read
   *     later are added
   */
  ClassHeaders(Map<String, Header> inputHeaders, ClassLoader classpath) {
    this.headers = inputHeaders;
    this.classpath = classpath;
  }

  Header of(String type) {
    Header known = headers.get(type);
    if (known == null) {
      known = read(type);
      headers.put(type, known);
    }
    return known;
  }

  /** The superclass, interfaces and class annotations of the type. */
  List<String> parents(String type) {
    return of(type).parents();
  }

  /**
   * The type's header from its class file; an empty one for a type the class loader cannot
   * find, or a name that is no binary name (a string constant that looked like a descriptor).
   */
  private Header read(String type) {
    if (!isBinaryName(type)) {
      return UNKNOWN;
    }
    try (InputStream in = classpath.getResourceAsStream(type.replace('.', '/') + CLASS_SUFFIX)) {
      return in == null ? UNKNOWN : Header.of(ClassFileReferences.readHeader(in.readAllBytes()));
    } catch (IOException | RuntimeException unreadable) {
      return UNKNOWN;
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
}
