package dev.retryowner.gate;

import dev.retryowner.catalog.CatalogEntry;
import dev.retryowner.catalog.EntryKind;
import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.GateConfig;
import dev.retryowner.catalog.RuleRegistry;
import dev.retryowner.gate.amplification.ClassCode;
import dev.retryowner.gate.amplification.ClassCodeReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The class files the amplification map reads: only those from which a call path can reach what
 * the map is about (a client it sends through, a client's construction, an entry type, an
 * attempt setter, a class holding a retry layer), as the import filter's reading of every
 * constant pool tells; every class file when the filter is off.
 */
final class AmplificationInput {
  private AmplificationInput() {}

  static List<ClassCode> read(Map<Path, List<String>> classFiles, ImportSelection selection,
      GateConfig config, List<Finding> retryLayers) throws GateException {
    Set<String> seeds = seedTypes(config);
    retryLayers.forEach(finding -> seeds.add(finding.className()));
    Map<Path, ? extends Collection<String>> wanted = selection.reaching(seeds::contains)
        .<Map<Path, ? extends Collection<String>>>map(reaching -> reaching).orElse(classFiles);
    ClassCodeReader reader = ClassCodeReader.of(config.catalog());
    ConcurrentLinkedQueue<ClassCode> read = new ConcurrentLinkedQueue<>();
    for (Map.Entry<Path, ? extends Collection<String>> location : wanted.entrySet()) {
      try (ClassFiles files = ClassFiles.open(location.getKey())) {
        location.getValue().parallelStream().forEach(entry -> {
          byte[] bytes = files.read(entry);
          try {
            read.add(reader.read(bytes));
          } catch (RuntimeException unreadable) {
            // ArchUnit and the warnings report a class file that cannot be read.
          }
        });
      } catch (IOException | UncheckedIOException e) {
        throw new GateException("retry-owner: cannot read the classes in " + location.getKey()
            + " for the retry amplification map: " + e.getMessage(), e);
      }
    }
    return new ArrayList<>(read);
  }

  /** The catalog types a path to a request, or its count, leads through. */
  private static Set<String> seedTypes(GateConfig config) {
    Set<String> types = new HashSet<>();
    for (CatalogEntry entry : config.catalog().entries()) {
      boolean clientConstruction = entry.rule().equals(RuleRegistry.HTTP_CLIENT_RETRIES.name())
          && (entry.kind() == EntryKind.CLIENT_BUILDER
              || entry.kind() == EntryKind.RETRYING_FACTORY
              || entry.kind() == EntryKind.RETRYING_CONSTRUCTOR);
      if (clientConstruction || entry.kind() == EntryKind.CLIENT_CALL
          || entry.kind() == EntryKind.ENTRY_TYPE
          || entry.kind() == EntryKind.ATTEMPTS_ARGUMENT) {
        types.add(entry.typeName());
      }
    }
    return types;
  }
}
