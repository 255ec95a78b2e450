package dev.retryowner.gate.helpers;

import dev.retryowner.catalog.Catalog;
import dev.retryowner.catalog.CatalogEntry;
import dev.retryowner.catalog.EntryKind;
import dev.retryowner.catalog.RuleRegistry;
import dev.retryowner.gate.ClassFileCalls;
import java.net.URL;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Type;

/**
 * Retry helpers the catalog does not list, found in the libraries on the class path: a method the
 * checked classes call, outside them, that runs the work they hand it again after it failed
 * ({@link ReRunOfHandedWork}), such as a team's shared {@code RetryUtil.withRetries(..)} or an
 * SDK's internal retryer. Each becomes a catalog entry of RetryOutsideJobs for the calls of that
 * method, so that every engine of the gate reports them as it reports a catalog helper.
 */
public final class ClassPathRetryHelpers {
  private static final String RULE = RuleRegistry.RETRY_OUTSIDE_JOBS.name();

  private ClassPathRetryHelpers() {}

  /**
   * The catalog entries of the helpers the checked classes call.
   *
   * @param checkedClasses the class files of the checked classes
   * @param classPath where the classes they call are read from
   * @param catalog the catalog already in force: a type it lists for RetryOutsideJobs is not
   *     looked into
   */
  public static Catalog foundIn(Collection<byte[]> checkedClasses, ClassLoader classPath,
      Catalog catalog) {
    Set<String> listed = catalog.entriesFor(RULE).stream()
        .map(entry -> entry.typeName().replace('.', '/')).collect(Collectors.toSet());
    Set<String> checked = new TreeSet<>();
    Set<OutsideCall> calls = new TreeSet<>();
    for (byte[] bytes : checkedClasses) {
      try {
        ClassReader reader = new ClassReader(bytes);
        checked.add(reader.getClassName());
        ClassFileCalls.read(reader, (line, owner, name, descriptor) -> {
          if (owner.charAt(0) != '[' && Arrays.stream(Type.getArgumentTypes(descriptor))
              .anyMatch(parameter -> parameter.getSort() == Type.OBJECT)) {
            calls.add(new OutsideCall(owner, name, descriptor));
          }
        });
      } catch (RuntimeException unreadable) {
        // The gate warns about an unreadable class file where it lists them; it calls nothing.
      }
    }
    ReRunOfHandedWork reRuns = new ReRunOfHandedWork(classPath);
    Map<String, CatalogEntry> helpers = new LinkedHashMap<>();
    for (OutsideCall call : calls) {
      if (checked.contains(call.owner()) || listed.contains(call.owner())
          || ReRunOfHandedWork.isJdk(call.owner())) {
        continue;
      }
      String target = call.owner() + "#" + call.name();
      if (helpers.containsKey(target)) {
        continue;
      }
      call.reRun(reRuns).ifPresent(reRun -> helpers.put(target,
          helper(call, reRun, classPath)));
    }
    List<CatalogEntry> entries = new ArrayList<>();
    for (CatalogEntry helper : helpers.values()) {
      entries.add(helper);
      entries.add(new CatalogEntry(RULE, EntryKind.RUNS, helper.typeName(), helper.memberName(),
          helper.reason(), helper.library(), helper.origin()));
    }
    return Catalog.of(entries);
  }

  private static CatalogEntry helper(OutsideCall call, ReRunOfHandedWork.ReRun reRun,
      ClassLoader classPath) {
    String library = jarOf(call.owner(), classPath).orElse("the class path");
    return new CatalogEntry(RULE, EntryKind.METHOD, Type.getObjectType(call.owner()).getClassName(),
        call.name(), "a retry helper found on the class path: it runs the work it is handed"
            + " again after that work failed, in " + reRun.where() + " of " + library,
        library, "found on the class path, in " + library);
  }

  /** The file name of the jar a class is read from, or the directory's path. */
  private static Optional<String> jarOf(String owner, ClassLoader classPath) {
    URL url = classPath.getResource(owner + ".class");
    if (url == null) {
      return Optional.empty();
    }
    String path = url.getPath();
    int inJar = path.indexOf("!/");
    if (inJar < 0) {
      return Optional.of(path.substring(0, path.length() - (owner + ".class").length()));
    }
    String jar = path.substring(0, inJar);
    return Optional.of(jar.substring(jar.lastIndexOf('/') + 1));
  }

  /** A call of a method that takes an object, whose owner the checked classes do not hold. */
  private record OutsideCall(String owner, String name, String descriptor)
      implements Comparable<OutsideCall> {
    Optional<ReRunOfHandedWork.ReRun> reRun(ReRunOfHandedWork reRuns) {
      Type[] parameters = Type.getArgumentTypes(descriptor);
      for (int parameter = 0; parameter < parameters.length; parameter++) {
        if (parameters[parameter].getSort() == Type.OBJECT) {
          Optional<ReRunOfHandedWork.ReRun> found =
              reRuns.of(owner, name, descriptor, parameter);
          if (found.isPresent()) {
            return found;
          }
        }
      }
      return Optional.empty();
    }

    @Override
    public int compareTo(OutsideCall other) {
      return (owner + '.' + name + descriptor).compareTo(
          other.owner + '.' + other.name + other.descriptor);
    }
  }
}
