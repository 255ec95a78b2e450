package dev.retryowner.gate;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The class files every reader of a run may read. A file that cannot be read as a class file
 * (random bytes, a truncated or bit-flipped file, a malformed constant), or that holds another
 * class than its path names, is left out of the whole run, before any reader sees it: one reader
 * accepting what another rejects would leave a later step with a class half-read. Each file left
 * out is a warning that names it and why; the rest is checked.
 */
final class ClassFileScreen {
  private static final String SUFFIX = ".class";

  private ClassFileScreen() {}

  /**
   * The screened class files.
   *
   * @param readable every location's class files that every reader may read, in listing order
   * @param unreadable every location's left-out class files, each with why
   */
  record Screened(Map<Path, List<String>> readable, Map<Path, Map<String, String>> unreadable) {
    /** The same screen with more files left out, each with why. */
    Screened without(Map<Path, Map<String, String>> more) {
      Map<Path, List<String>> fewer = new LinkedHashMap<>();
      Map<Path, Map<String, String>> all = new LinkedHashMap<>();
      readable.forEach((location, entries) -> {
        Map<String, String> out = more.getOrDefault(location, Map.of());
        fewer.put(location, entries.stream().filter(e -> !out.containsKey(e)).toList());
        Map<String, String> reasons = new LinkedHashMap<>(unreadable.get(location));
        reasons.putAll(out);
        all.put(location, reasons);
      });
      return new Screened(fewer, all);
    }

    /** The left-out files, by location. */
    Map<Path, Set<String>> unreadableEntries() {
      Map<Path, Set<String>> entries = new LinkedHashMap<>();
      unreadable.forEach((location, why) -> entries.put(location, why.keySet()));
      return entries;
    }

    /** One warning per left-out file of {@code location}. */
    List<String> warnings(Path location) {
      List<String> warnings = new ArrayList<>();
      unreadable.getOrDefault(location, Map.of()).forEach((entry, why) -> warnings.add(
          "cannot read the class file " + UnreadableClassFiles.shown(location, entry) + " ("
              + why + "); its class is not checked. Recompile the classes or remove the file."));
      return warnings;
    }
  }

  /** Reads every listed class file once and sorts it into readable or left out. */
  static Screened screen(Map<Path, List<String>> classFiles) throws GateException {
    Map<Path, List<String>> readable = new LinkedHashMap<>();
    Map<Path, Map<String, String>> unreadable = new LinkedHashMap<>();
    for (Map.Entry<Path, List<String>> location : classFiles.entrySet()) {
      Map<String, String> out = new ConcurrentHashMap<>();
      try (ClassFiles files = ClassFiles.open(location.getKey())) {
        location.getValue().parallelStream()
            .forEach(entry -> whyUnreadable(files, entry).ifPresent(why -> out.put(entry, why)));
      } catch (IOException e) {
        throw new GateException("retry-owner: cannot read the classes in " + location.getKey()
            + ": " + e.getMessage(), e);
      }
      readable.put(location.getKey(), location.getValue().stream()
          .filter(entry -> !out.containsKey(entry)).toList());
      Map<String, String> sorted = new LinkedHashMap<>();
      location.getValue().stream().filter(out::containsKey)
          .forEach(entry -> sorted.put(entry, out.get(entry)));
      unreadable.put(location.getKey(), sorted);
    }
    return new Screened(readable, unreadable);
  }

  /** Why a class file cannot be read as the class its path names; empty when it can. */
  private static Optional<String> whyUnreadable(ClassFiles files, String entry) {
    byte[] bytes;
    try {
      bytes = files.read(entry);
    } catch (UncheckedIOException e) {
      return Optional.of("cannot be read: " + e.getCause().getMessage());
    }
    if (bytes.length < 4 || (bytes[0] & 0xFF) != 0xCA || (bytes[1] & 0xFF) != 0xFE
        || (bytes[2] & 0xFF) != 0xBA || (bytes[3] & 0xFF) != 0xBE) {
      return Optional.of("not a class file: it does not start with 0xCAFEBABE");
    }
    String className;
    try {
      className = ClassFileReferences.read(bytes, Set.of()).className();
    } catch (RuntimeException notAClassFile) {
      return Optional.of("not a valid class file: " + describe(notAClassFile));
    }
    // A class below a folder of its own (BOOT-INF/classes/, META-INF/versions/11/) is still the
    // class its path ends with.
    String path = entry.substring(0, entry.length() - SUFFIX.length()).replace('/', '.');
    if (!path.equals(className) && !path.endsWith("." + className)) {
      return Optional.of("it holds the class " + className + ", not the one its path names");
    }
    return Optional.empty();
  }

  private static String describe(RuntimeException e) {
    return e.getMessage() == null ? e.getClass().getSimpleName()
        : e.getClass().getSimpleName() + ": " + e.getMessage();
  }
}
