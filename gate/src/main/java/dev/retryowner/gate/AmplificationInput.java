package dev.retryowner.gate;

import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.GateConfig;
import dev.retryowner.gate.amplification.AmplificationScope;
import dev.retryowner.gate.amplification.ClassCode;
import dev.retryowner.gate.amplification.ClassCodeReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The class files the amplification map reads: only those a path from an entry point through a
 * retry layer to a request can run through ({@link AmplificationScope}), as the import filter's
 * reading of every constant pool tells; every class file when the filter is off.
 */
final class AmplificationInput {
  private AmplificationInput() {}

  static List<ClassCode> read(Map<Path, List<String>> classFiles, ImportSelection selection,
      GateConfig config, List<Finding> retryLayers) throws GateException {
    AmplificationScope scope = AmplificationScope.of(config.catalog(), retryLayers);
    Map<Path, ? extends Collection<String>> between = selection
        .between(scope.layerClasses()::contains, scope.layerTypes()::contains,
            scope.requests()::contains, scope.always()::contains)
        .<Map<Path, ? extends Collection<String>>>map(found -> found).orElse(classFiles);
    Map<Path, List<String>> wanted = new LinkedHashMap<>();
    between.forEach((location, entries) -> wanted.put(location, entries.stream()
        .filter(entry -> !selection.leavesOut(location, entry)).toList()));
    Map<String, Located> read = read(wanted,
        ClassCodeReader.of(config.catalog(), scope.layerClasses(), Set.of()));
    // Two things only the first reading shows: which static fields hold a job kind with its
    // policy (a registration hands a handler over with one), and which classes pass work they
    // are handed on to a layer (a lambda handed to one is run again). The classes that read such
    // a field, or create a lambda and call such a class, are read again to see them.
    Set<String> kindFields = new HashSet<>();
    Set<String> forwarders = new HashSet<>(scope.layerClasses());
    read.values().forEach(c -> {
      kindFields.addAll(c.code().fieldsWithAttempts());
      if (c.code().passesWorkOnTo(scope.layerClasses())) {
        forwarders.add(c.code().name());
      }
    });
    Set<String> kindOwners = new HashSet<>();
    kindFields.forEach(field -> kindOwners.add(field.substring(0, field.indexOf('#'))));
    Map<Path, List<String>> again = new LinkedHashMap<>();
    read.values().stream()
        .filter(c -> !Collections.disjoint(c.code().staticFieldOwners(), kindOwners)
            || c.code().handsLambdasTo(forwarders)
                && !c.code().handsLambdasTo(scope.layerClasses()))
        .forEach(c -> again.computeIfAbsent(c.location(), l -> new ArrayList<>())
            .add(c.entry()));
    if (!again.isEmpty()) {
      read.putAll(read(again, ClassCodeReader.of(config.catalog(), forwarders, kindFields)));
    }
    return read.values().stream().map(Located::code).toList();
  }

  /** A class as read, and where its file is. */
  private record Located(Path location, String entry, ClassCode code) {}

  private static Map<String, Located> read(Map<Path, ? extends Collection<String>> entries,
      ClassCodeReader reader) throws GateException {
    Map<String, Located> read = new ConcurrentHashMap<>();
    for (Map.Entry<Path, ? extends Collection<String>> location : entries.entrySet()) {
      try (ClassFiles files = ClassFiles.open(location.getKey())) {
        location.getValue().parallelStream().forEach(entry -> {
          byte[] bytes = files.read(entry);
          try {
            ClassCode code = reader.read(bytes);
            read.putIfAbsent(code.name(), new Located(location.getKey(), entry, code));
          } catch (RuntimeException unreadable) {
            // ArchUnit and the warnings report a class file that cannot be read.
          }
        });
      } catch (IOException | UncheckedIOException e) {
        throw new GateException("retry-owner: cannot read the classes in " + location.getKey()
            + " for the retry amplification map: " + e.getMessage(), e);
      }
    }
    return read;
  }
}
