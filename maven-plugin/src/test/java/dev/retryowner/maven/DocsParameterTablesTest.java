package dev.retryowner.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Node;

/**
 * The parameter tables of docs/maven-plugin.md name exactly the parameters the plugin descriptor
 * (generated from the Mojos' javadoc, as the help goal is) gives each goal, with the same user
 * properties, so the docs cannot drift from the plugin. {@code baseline} takes {@code check}'s
 * parameters and {@code testBaseline} {@code testCheck}'s, as the docs say.
 */
class DocsParameterTablesTest {
  private static final Path DESCRIPTOR = Path.of("target/classes/META-INF/maven/plugin.xml");
  private static final Path DOCS = Path.of("../docs/maven-plugin.md");
  /** A table row: the parameter in backticks, then its property in backticks or a dash. */
  private static final Pattern ROW =
      Pattern.compile("(?m)^\\| `(\\w+)` \\| (?:`([\\w.]+)`|—) \\|");
  private static final Map<String, List<String>> TABLES_BY_GOAL = Map.of(
      "check", List.of("Shared (check, testCheck, scan)", "check"),
      "baseline", List.of("Shared (check, testCheck, scan)", "check"),
      "testCheck", List.of("Shared (check, testCheck, scan)", "testCheck"),
      "testBaseline", List.of("Shared (check, testCheck, scan)", "testCheck"),
      "scan", List.of("Shared (check, testCheck, scan)", "scan"));

  @Test
  void everyGoalsParametersAndPropertiesAreTheDocumentedOnes() throws Exception {
    Map<String, Map<String, String>> descriptor = descriptorParameters();
    String docs = Files.readString(DOCS);

    assertThat(descriptor.keySet()).containsAll(TABLES_BY_GOAL.keySet());
    TABLES_BY_GOAL.forEach((goal, tables) -> {
      Map<String, String> documented = new TreeMap<>();
      tables.forEach(table -> documented.putAll(rows(docs, table)));
      assertThat(documented).as("docs/maven-plugin.md's tables for %s (parameter=property)", goal)
          .isEqualTo(descriptor.get(goal));
    });
  }

  /** The editable parameters of every goal, with their user property or "" for none. */
  private static Map<String, Map<String, String>> descriptorParameters() throws Exception {
    Map<String, Map<String, String>> goals = new LinkedHashMap<>();
    PluginDescriptor.goals().forEach((goal, parameters) -> {
      Map<String, String> properties = new TreeMap<>();
      parameters.forEach((name, parameter) -> properties.put(name, parameter.property()));
      goals.put(goal, properties);
    });
    return goals;
  }

  /** The rows of the table under {@code ### heading}: parameter and property ("" for —). */
  private static Map<String, String> rows(String docs, String heading) {
    int start = docs.indexOf("\n### " + heading + "\n");
    assertThat(start).as("docs/maven-plugin.md has a section '### %s'", heading).isNotNegative();
    int end = docs.indexOf("\n#", start + 1);
    Matcher row = ROW.matcher(docs.substring(start, end < 0 ? docs.length() : end));
    Map<String, String> rows = new TreeMap<>();
    while (row.find()) {
      rows.put(row.group(1), row.group(2) == null ? "" : row.group(2));
    }
    return rows;
  }

  @Test
  void theDocsAreRead() throws IOException {
    assertThat(rows(Files.readString(DOCS), "scan"))
        .containsEntry("classes", "retryowner.classes");
  }
}
