package dev.retryowner.catalog;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** The retry-API catalog: every entry of the bundled file plus any team extension files. */
public final class Catalog {
  /** The bundled catalog files, as class-path resources. */
  static final List<String> BUNDLED_RESOURCES =
      List.of("dev/retryowner/catalog/retry-helpers.catalog",
          "dev/retryowner/catalog/delays.catalog",
          "dev/retryowner/catalog/hand-rolled-retry.catalog",
          "dev/retryowner/catalog/scheduling.catalog",
          "dev/retryowner/catalog/amplification.catalog",
          "dev/retryowner/catalog/threads.catalog",
          "dev/retryowner/catalog/meilisearch.catalog",
          "dev/retryowner/catalog/http-clients.catalog");

  private static volatile Catalog bundled;

  private final List<CatalogEntry> entries;
  private final Map<String, ForbiddenUseIndex> forbiddenUseByRule = new ConcurrentHashMap<>();
  private final Map<String, CatalogMethods> delayCallsByRule = new ConcurrentHashMap<>();
  private final Map<String, CatalogMethods> shapeCallsByRule = new ConcurrentHashMap<>();
  private final Map<String, Optional<String>> libraryByTarget = new ConcurrentHashMap<>();

  private Catalog(List<CatalogEntry> entries) {
    this.entries = List.copyOf(entries);
  }

  /** The catalog that ships with retry-owner. */
  public static Catalog bundled() {
    Catalog result = bundled;
    if (result == null) {
      List<CatalogEntry> all = new ArrayList<>();
      for (String resource : BUNDLED_RESOURCES) {
        all.addAll(readResource(resource));
      }
      result = new Catalog(all);
      bundled = result;
    }
    return result;
  }

  public static Catalog of(List<CatalogEntry> entries) {
    return new Catalog(entries);
  }

  /** Parses catalog text; {@code sourceName} names it in error messages. */
  public static Catalog parse(String sourceName, Reader reader) throws IOException {
    return new Catalog(CatalogParser.parse(sourceName, reader));
  }

  /** Reads a team's catalog file (UTF-8). */
  public static Catalog load(Path file) {
    try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      return parse(file.toString(), reader);
    } catch (NoSuchFileException e) {
      throw new CatalogFormatException(file.toString(), 0, "file not found");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read catalog file " + file + ": " + e.getMessage(), e);
    }
  }

  /** This catalog followed by the entries of {@code other}. */
  public Catalog plus(Catalog other) {
    List<CatalogEntry> all = new ArrayList<>(entries);
    all.addAll(other.entries);
    return new Catalog(all);
  }

  public List<CatalogEntry> entries() {
    return entries;
  }

  public List<CatalogEntry> entriesFor(String rule) {
    return entries.stream().filter(e -> e.rule().equals(rule)).toList();
  }

  /** The lookup table an engine uses for a ForbiddenUse rule. */
  public ForbiddenUseIndex forbiddenUse(String rule) {
    return forbiddenUseByRule.computeIfAbsent(rule, r -> new ForbiddenUseIndex(entriesFor(r)));
  }

  /** The delay calls a RetryLoop rule takes as evidence of a wait between attempts. */
  public CatalogMethods delayCalls(String rule) {
    return delayCallsByRule.computeIfAbsent(rule,
        r -> new CatalogMethods(entriesFor(r), kind -> kind == EntryKind.METHOD));
  }

  /**
   * Every call a RetryLoop rule's shapes read, each entry of its own kind: the delay calls, the
   * calls that send a request, hand a message back to its broker or ask a back-off schedule.
   */
  public CatalogMethods shapeCalls(String rule) {
    return shapeCallsByRule.computeIfAbsent(rule,
        r -> new CatalogMethods(entriesFor(r), EntryKind::isShapeCall));
  }

  /**
   * The library ({@code @library} label) of the rule's entry a finding names by its display
   * name ({@link Finding#target()}); empty when no entry of the rule has that name, or it has
   * no library.
   */
  public Optional<String> libraryOf(String rule, String displayName) {
    return libraryByTarget.computeIfAbsent(rule + " " + displayName, key -> entries.stream()
        .filter(e -> e.rule().equals(rule) && e.displayName().equals(displayName)
            && !e.library().isEmpty())
        .map(CatalogEntry::library).findFirst());
  }

  /**
   * The findings as reported: one per retry mechanism ({@link RetryMechanisms}) for the rules
   * whose catalog entries say which calls run their retries ({@code runs}), each alone for the
   * others.
   */
  public List<Finding> mechanisms(List<Finding> findings) {
    Set<String> grouped = entries.stream().filter(e -> e.kind() == EntryKind.RUNS)
        .map(CatalogEntry::rule).collect(Collectors.toSet());
    return RetryMechanisms.of(findings, grouped::contains,
        finding -> libraryOf(finding.rule(), finding.target()));
  }

  private static List<CatalogEntry> readResource(String resource) {
    InputStream in = Catalog.class.getClassLoader().getResourceAsStream(resource);
    if (in == null) {
      throw new IllegalStateException("bundled catalog " + resource + " is missing from the"
          + " class path; the retry-owner-catalog jar is incomplete");
    }
    try (Reader reader = new InputStreamReader(in, StandardCharsets.UTF_8)) {
      return CatalogParser.parse(resource, reader);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
