package dev.retryowner.gate.baseline;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.retryowner.gate.GateException;
import dev.retryowner.gate.report.ReportJson;
import dev.retryowner.gate.report.ToolInfo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The baseline as a file: JSON, one entry per key, sorted, indented, no lines and no timestamps,
 * so that it reads well in code review and changes only when violations do.
 *
 * <pre>
 * {
 *   "tool": "retry-owner",
 *   "formatVersion": 1,
 *   "entries": [{"rule", "className", "member", "message", "fingerprint", "count"}]
 * }
 * </pre>
 */
public final class BaselineFile {
  /** The format this plugin writes and reads. */
  public static final int FORMAT_VERSION = 1;

  private static final JsonMapper MAPPER = JsonMapper.builder().build();

  private BaselineFile() {}

  /** Writes {@code baseline} to {@code file}, replacing it, creating its directory. */
  public static void write(Baseline baseline, Path file) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    Files.createDirectories(parent);
    Files.writeString(file, ReportJson.toJson(new Document(ToolInfo.NAME, FORMAT_VERSION,
        baseline.entries())) + "\n", StandardCharsets.UTF_8);
  }

  /** Reads {@code file}; anything but a well-formed baseline of this format is an error. */
  public static Baseline read(Path file) throws GateException {
    JsonNode root;
    try {
      root = MAPPER.readTree(file.toFile());
    } catch (JacksonException e) {
      throw invalid(file, "it is not valid JSON (" + e.getOriginalMessage() + " at line "
          + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")", e);
    } catch (IOException e) {
      throw new GateException("retry-owner: cannot read the baseline file " + file + ": "
          + e.getMessage() + ". Make sure it is a readable file.", e);
    }
    if (root == null || !root.isObject()) {
      throw invalid(file, "it does not hold a JSON object", null);
    }
    JsonNode version = root.get("formatVersion");
    if (version == null || !version.isInt()) {
      throw invalid(file, "it has no formatVersion, so it is no retry-owner baseline", null);
    }
    if (version.intValue() != FORMAT_VERSION) {
      throw invalid(file, "its formatVersion is " + version.intValue() + ", this plugin reads "
          + FORMAT_VERSION, null);
    }
    JsonNode entries = root.get("entries");
    if (entries == null || !entries.isArray()) {
      throw invalid(file, "it has no entries array", null);
    }
    List<BaselineEntry> read = new ArrayList<>();
    for (int i = 0; i < entries.size(); i++) {
      read.add(entry(file, i + 1, entries.get(i)));
    }
    return new Baseline(read);
  }

  private static BaselineEntry entry(Path file, int number, JsonNode node) throws GateException {
    BaselineEntry entry;
    try {
      entry = MAPPER.treeToValue(node, BaselineEntry.class);
    } catch (JacksonException e) {
      throw invalid(file, "entry " + number + " is malformed (" + e.getOriginalMessage() + ")", e);
    }
    List<String> missing = new ArrayList<>();
    if (entry.rule() == null || entry.rule().isBlank()) {
      missing.add("rule");
    }
    if (entry.className() == null || entry.className().isBlank()) {
      missing.add("className");
    }
    if (entry.member() == null) {
      missing.add("member (\"\" for the class itself)");
    }
    if (entry.message() == null) {
      missing.add("message");
    }
    if (entry.fingerprint() == null || entry.fingerprint().isBlank()) {
      missing.add("fingerprint");
    }
    if (!missing.isEmpty()) {
      throw invalid(file, "entry " + number + " lacks " + String.join(", ", missing), null);
    }
    if (entry.count() < 1) {
      throw invalid(file, "entry " + number + " has count " + entry.count()
          + "; a count is at least 1 (remove the entry instead)", null);
    }
    return entry;
  }

  private static GateException invalid(Path file, String what, Throwable cause) {
    return new GateException(frontEnd -> "retry-owner: the baseline file " + file
        + " cannot be used: " + what + ". Regenerate it with " + frontEnd.command("baseline")
        + " (it writes the current violations), or restore the file from version control.",
        cause);
  }

  /** The file's top level. */
  record Document(String tool, int formatVersion, List<BaselineEntry> entries) {}
}
