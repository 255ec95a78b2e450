package dev.retryowner.gate.cache;

import dev.retryowner.catalog.Exemption;
import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.RelatedLocation;
import dev.retryowner.catalog.Site;
import dev.retryowner.gate.ExemptedFinding;
import dev.retryowner.gate.GateResult;
import dev.retryowner.gate.amplification.AmplificationMap;
import dev.retryowner.gate.amplification.AmplifiedPath;
import dev.retryowner.gate.amplification.Hop;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A gate result on disk with the key of the inputs that produced it: one record a line, fields
 * separated by tabs, with backslash, tab and line breaks escaped. The time a run took is not kept
 * (a reused result reports the time of its reuse). A file that is missing, of another format or
 * damaged reads as no result, so the gate simply runs again.
 */
final class GateResultFile {
  private static final String HEADER = "retry-owner gate result 3";
  /** A finding's own fields; its related places follow, three fields each. */
  private static final int FINDING_FIELDS = 10;
  private static final int PLACE_FIELDS = 3;
  private static final int EXEMPTION_FIELDS = 4;
  private static final int HOP_FIELDS = 8;
  private static final String UNKNOWN_ATTEMPTS = "?";

  private GateResultFile() {}

  /** Writes {@code result} and {@code key} to {@code file}, replacing it, creating its folder. */
  static void write(Path file, String key, GateResult result) throws IOException {
    List<String> lines = new ArrayList<>();
    lines.add(HEADER);
    lines.add(TabSeparatedLine.of("key", key));
    lines.add(TabSeparatedLine.of("classes", Integer.toString(result.classCount())));
    lines.add(TabSeparatedLine.of("sources", Integer.toString(result.sourceFileCount())));
    result.findings()
        .forEach(finding -> lines.add(TabSeparatedLine.of("finding", fields(finding))));
    for (ExemptedFinding exempted : result.exempted()) {
      Exemption exemption = exempted.exemption();
      lines.add(TabSeparatedLine.of("exempted", concat(new String[] {exemption.rule(),
          exemption.reason(), exemption.className(), exemption.member()},
          fields(exempted.finding()))));
    }
    result.warnings().forEach(warning -> lines.add(TabSeparatedLine.of("warning", warning)));
    AmplificationMap map = result.amplification();
    if (map != AmplificationMap.NONE) {
      lines.add(TabSeparatedLine.of("amplification", Integer.toString(map.classesRead()),
          Integer.toString(map.entryPoints())));
      for (AmplifiedPath path : map.paths()) {
        lines.add(TabSeparatedLine.of("path", path.entryPoint(),
            Integer.toString(path.maxAmplification())));
        path.hops().forEach(hop -> lines.add(TabSeparatedLine.of("hop", hop.className(),
            hop.member(), hop.method(), hop.sourcePath(), Integer.toString(hop.line()),
            hop.attempts().isPresent() ? Integer.toString(hop.attempts().getAsInt())
                : UNKNOWN_ATTEMPTS, Boolean.toString(hop.jobPolicy()), hop.what())));
      }
    }
    Files.createDirectories(file.toAbsolutePath().getParent());
    Files.write(file, lines, StandardCharsets.UTF_8);
  }

  /** The result stored under {@code key}, its time zero; else empty. */
  static Optional<GateResult> read(Path file, String key) {
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      return Optional.empty();
    }
    if (lines.size() < 4 || !lines.get(0).equals(HEADER)
        || !List.of("key", key).equals(TabSeparatedLine.fields(lines.get(1)))) {
      return Optional.empty();
    }
    try {
      return Optional.of(parse(lines.subList(2, lines.size())));
    } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
      return Optional.empty();
    }
  }

  private static GateResult parse(List<String> lines) {
    int classes = Integer.parseInt(single("classes", lines.get(0)));
    int sources = Integer.parseInt(single("sources", lines.get(1)));
    List<Finding> findings = new ArrayList<>();
    List<ExemptedFinding> exempted = new ArrayList<>();
    List<String> warnings = new ArrayList<>();
    List<String> map = null;
    List<List<String>> pathHeads = new ArrayList<>();
    List<List<Hop>> pathHops = new ArrayList<>();
    for (String line : lines.subList(2, lines.size())) {
      List<String> fields = TabSeparatedLine.fields(line);
      List<String> values = fields.subList(1, fields.size());
      switch (fields.get(0)) {
        case "amplification" -> map = values;
        case "path" -> {
          pathHeads.add(values);
          pathHops.add(new ArrayList<>());
        }
        case "hop" -> pathHops.get(pathHops.size() - 1).add(hop(values));
        case "finding" -> findings.add(finding(values));
        case "exempted" -> exempted.add(new ExemptedFinding(
            finding(values.subList(EXEMPTION_FIELDS, values.size())),
            exemption(values.subList(0, EXEMPTION_FIELDS))));
        case "warning" -> warnings.add(single("warning", line));
        default -> throw new IllegalArgumentException("unknown record " + fields.get(0));
      }
    }
    List<AmplifiedPath> paths = new ArrayList<>();
    for (int i = 0; i < pathHeads.size(); i++) {
      paths.add(new AmplifiedPath(pathHeads.get(i).get(0), pathHops.get(i),
          Integer.parseInt(pathHeads.get(i).get(1))));
    }
    AmplificationMap amplification = map == null ? AmplificationMap.NONE
        : new AmplificationMap(paths, Integer.parseInt(map.get(0)), Integer.parseInt(map.get(1)));
    return new GateResult(findings, classes, sources, Duration.ZERO, warnings, exempted,
        amplification);
  }

  private static Hop hop(List<String> values) {
    requireSize(values, HOP_FIELDS);
    return new Hop(values.get(0), values.get(1), values.get(2), values.get(3),
        Integer.parseInt(values.get(4)), values.get(5).equals(UNKNOWN_ATTEMPTS)
            ? OptionalInt.empty() : OptionalInt.of(Integer.parseInt(values.get(5))),
        values.get(7), Boolean.parseBoolean(values.get(6)));
  }

  /** A finding's fields, then its related places. */
  private static Finding finding(List<String> values) {
    if (values.size() < FINDING_FIELDS || (values.size() - FINDING_FIELDS) % PLACE_FIELDS != 0) {
      throw new IllegalArgumentException(values.size() + " fields, not " + FINDING_FIELDS
          + " and " + PLACE_FIELDS + " a related place");
    }
    List<RelatedLocation> related = new ArrayList<>();
    for (int i = FINDING_FIELDS; i < values.size(); i += PLACE_FIELDS) {
      related.add(new RelatedLocation(values.get(i), Integer.parseInt(values.get(i + 1)),
          values.get(i + 2)));
    }
    return new Finding(values.get(0), values.get(1), values.get(2), values.get(3),
        Integer.parseInt(values.get(4)), Site.valueOf(values.get(5)), values.get(6),
        values.get(7), values.get(8), Finding.Part.valueOf(values.get(9)), related);
  }

  private static Exemption exemption(List<String> values) {
    requireSize(values, EXEMPTION_FIELDS);
    return new Exemption(values.get(0), values.get(1), values.get(2), values.get(3));
  }

  private static void requireSize(List<String> values, int expected) {
    if (values.size() != expected) {
      throw new IllegalArgumentException(values.size() + " fields, not " + expected);
    }
  }

  private static String[] fields(Finding finding) {
    List<String> fields = new ArrayList<>(List.of(finding.rule(), finding.className(),
        finding.member(), finding.sourcePath(), Integer.toString(finding.line()),
        finding.site().name(), finding.target(), finding.message(), finding.reason(),
        finding.part().name()));
    for (RelatedLocation place : finding.related()) {
      fields.addAll(List.of(place.sourcePath(), Integer.toString(place.line()),
          place.message()));
    }
    return fields.toArray(String[]::new);
  }

  private static String single(String type, String line) {
    List<String> fields = TabSeparatedLine.fields(line);
    if (fields.size() != 2 || !fields.get(0).equals(type)) {
      throw new IllegalArgumentException("expected one " + type + " field");
    }
    return fields.get(1);
  }

  private static String[] concat(String[] values, String... more) {
    List<String> all = new ArrayList<>(Arrays.asList(values));
    all.addAll(Arrays.asList(more));
    return all.toArray(String[]::new);
  }
}
