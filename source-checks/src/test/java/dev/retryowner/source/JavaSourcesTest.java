package dev.retryowner.source;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.javaparser.ast.CompilationUnit;
import dev.retryowner.catalog.CodeWords;
import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.GateConfig;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading sources in the build's encoding and parsing them at the build's Java release. */
class JavaSourcesTest {
  private static final String LATIN1_SOURCE = """
      package com.acme.app;

      // Résumé of the café order: the vendor's Retry does not belong here.
      class Orders {
        void run() {
          com.vendor.retry.Retry retry = null;
        }
      }
      """;
  private static final String RECORD_PATTERN_SOURCE = """
      package com.acme.app;

      class Shapes {
        record Point(int x, int y) {}

        static int size(Object shape) {
          return switch (shape) {
            case Point(int x, int y) when x > 0 -> x + y;
            case String s -> s.length();
            default -> 0;
          };
        }
      }
      """;

  @TempDir Path root;
  private GateConfig config;

  @BeforeEach
  void writeCatalog() throws IOException {
    Path catalog = root.resolve("team.catalog");
    Files.writeString(catalog, "@rule RetryOutsideJobs\n"
        + "type com.vendor.retry.Retry @ the vendor's Retry re-runs calls\n");
    config = GateConfig.builder().jobsPackages("com.acme.jobs").catalogFile(catalog).build();
  }

  @Test
  void anIso88591SourceIsReadInTheBuildsEncodingAndReportedAtTheRightLine() throws IOException {
    Path file = latin1Orders();
    JavaSources sources = new JavaSources(SourceSettings.of("ISO-8859-1", null));

    List<Finding> findings = localTypeFindings(sources);

    assertThat(findings).extracting(Finding::line).containsExactly(6);
    assertThat(sources.warnings()).isEmpty();
    assertThat(sources.text(file)).hasValueSatisfying(text -> assertThat(text).contains("Résumé"));
  }

  @Test
  void aFileNestedDeeperThanTheParserCanDescendIsAWarningNotACrash() throws IOException {
    // 20,000 nested lambdas: deeper than any thread's stack lets the recursive parser go.
    Path file = Files.createDirectories(root.resolve("src/com/acme/app")).resolve("Deep.java");
    Files.writeString(file, "package com.acme.app;\nclass Deep {\n  Runnable r = "
        + "() -> { Runnable q = ".repeat(20_000) + "null" + "; };".repeat(20_000) + "\n}\n");
    JavaSources sources = new JavaSources();

    assertThat(sources.unit(file)).isEmpty();
    assertThat(sources.warnings()).containsExactly(file.toAbsolutePath().normalize()
        + " is nested too deeply to read; the source checks skip it and its declaration"
        + " findings keep their bytecode lines");
    assertThat(sources.unit(root.resolve("src/com/acme/app/Deep.java"))).isEmpty();
  }

  @Test
  void anIso88591SourceReadAsUtf8IsAWarningSayingToSetTheEncoding() throws IOException {
    Path file = latin1Orders();
    JavaSources sources = new JavaSources(SourceSettings.of("UTF-8", null)
        .withEncodingSetting("--source-encoding"));

    assertThat(localTypeFindings(sources)).isEmpty();
    assertThat(sources.warnings()).containsExactly(file + " is not valid UTF-8 text; the source"
        + " checks skip it and its declaration findings keep their bytecode lines. Set"
        + " --source-encoding to the sources' encoding.");
  }

  @Test
  void recordAndSwitchPatternsParseAtRelease21() throws IOException {
    Path file = shapes();
    JavaSources sources = new JavaSources(SourceSettings.of(null, "21"));

    assertThat(sources.unit(file)).isPresent();
    assertThat(sources.warnings()).isEmpty();
  }

  @Test
  void streamingParsesTheWantedFilesOnceVisitsEveryFileInOrderAndDropsEach() throws IOException {
    Path src = root.resolve("src");
    Path wanted = write(src, "com/acme/app/Wanted.java", "class Wanted { void send() {} }");
    write(src, "com/acme/app/BrokenButUnwanted.java", "class BrokenButUnwanted { void f( }");
    JavaSources sources = new JavaSources();
    List<String> visited = new ArrayList<>();
    Map<String, CompilationUnit> seen = new HashMap<>();

    sources.forEachFile(List.of(src), file -> Optional.of(ParseScope.WHOLE_FILE)
        .filter(whole -> !file.sourcePath().contains("Broken")), file -> {
          visited.add(file.sourcePath());
          if (file.file().equals(wanted)) {
            CompilationUnit unit = sources.unit(wanted).orElseThrow();
            assertThat(sources.unit(wanted).orElseThrow())
                .as("the unit parsed ahead, not a second parse").isSameAs(unit);
            seen.put(file.sourcePath(), unit);
          }
        });

    assertThat(visited).containsExactly("com/acme/app/BrokenButUnwanted.java",
        "com/acme/app/Wanted.java");
    assertThat(sources.warnings()).as("the unwanted broken file was not parsed").isEmpty();
    assertThat(sources.unit(wanted).orElseThrow())
        .as("dropped after its visit: parsed again when asked for later")
        .isNotSameAs(seen.get("com/acme/app/Wanted.java"));
  }

  @Test
  void aTextTestRunsOncePerFileAndFilterAndIsForgottenWithTheFile() throws IOException {
    Path src = root.resolve("src");
    Path file = write(src, "com/acme/app/Send.java", "class Send { void send() {} }");
    JavaSources sources = new JavaSources();
    List<CodeWords> tested = new ArrayList<>();
    Object filter = new Object();

    sources.forEachFile(List.of(src), any -> Optional.of(ParseScope.WHOLE_FILE)
        .filter(whole -> sources.textMatches(file, filter, code -> {
          tested.add(code);
          return code.has("send");
        })), visited -> {
      sources.unit(file);
      assertThat(sources.textMatches(file, filter, code -> {
        tested.add(code);
        return false;
      })).as("the look-ahead's answer, kept once its parse is done").isTrue();
    });
    boolean again = sources.textMatches(file, filter, code -> {
      tested.add(code);
      return false;
    });

    assertThat(tested).as("once in the visit, once after the file was dropped").hasSize(2);
    assertThat(again).isFalse();
  }

  @Test
  void warnsOncePerFileInTheOrderOfTheFilesWhateverOrderTheyWereParsedIn() throws IOException {
    Path src = root.resolve("src");
    Path second = write(src, "com/acme/b/Second.java", "class Second { void f( }");
    Path first = write(src, "com/acme/a/First.java", "class First { void f( }");
    JavaSources sources = new JavaSources();

    sources.unit(second);
    sources.unit(second);
    sources.forEachFile(List.of(src), file -> Optional.of(ParseScope.WHOLE_FILE),
        file -> sources.unit(file.file()));

    assertThat(sources.warnings()).hasSize(2);
    assertThat(sources.warnings().get(0)).startsWith(first.toAbsolutePath().toString());
    assertThat(sources.warnings().get(1)).startsWith(second.toAbsolutePath().toString());
  }

  private static Path write(Path src, String sourcePath, String text) throws IOException {
    Path file = src.resolve(sourcePath);
    Files.createDirectories(file.getParent());
    return Files.writeString(file, text);
  }

  private Path latin1Orders() throws IOException {
    Path file = root.resolve("src/com/acme/app/Orders.java");
    Files.createDirectories(file.getParent());
    return Files.write(file, LATIN1_SOURCE.getBytes(StandardCharsets.ISO_8859_1));
  }

  private Path shapes() throws IOException {
    Path file = root.resolve("src/com/acme/app/Shapes.java");
    Files.createDirectories(file.getParent());
    return Files.writeString(file, RECORD_PATTERN_SOURCE);
  }

  private List<Finding> localTypeFindings(JavaSources sources) throws IOException {
    return new LocalTypeCheck(config, TypeRelations.exactNamesOnly(), sources)
        .findings(List.of(root.resolve("src")));
  }
}
