package dev.retryowner.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;

/**
 * The root POM's version is the one place the version lives: every place outside the reactor
 * that names a retry-owner artifact with a version (the README's quick starts, docs/, the legacy
 * example and the sample projects the README runs directly) names the version this build makes.
 * release/set-version.sh writes them all; this test catches a place it missed.
 */
class DocsVersionTest {
  private static final Path DESCRIPTOR = Path.of("target/classes/META-INF/maven/plugin.xml");
  /** {@code retry-owner-maven-plugin:VERSION:scan}, and a dependency or plugin's version. */
  private static final Pattern VERSIONED = Pattern.compile(
      "retry-owner-[a-z-]+:([^:\\s]+):|<artifactId>retry-owner-[a-z-]+</artifactId>\\s*"
          + "<version>([^<]+)</version>");

  @Test
  void everyVersionedCoordinateOutsideTheReactorIsThisBuildsVersion() throws Exception {
    String version = DocumentBuilderFactory.newInstance().newDocumentBuilder()
        .parse(DESCRIPTOR.toFile()).getDocumentElement()
        .getElementsByTagName("version").item(0).getTextContent().trim();
    List<Path> files = new ArrayList<>(List.of(Path.of("../README.md"),
        Path.of("../examples/legacy-app/pom.xml")));
    try (Stream<Path> docs = Files.list(Path.of("../docs"));
        Stream<Path> samples = Files.walk(Path.of("../test-fixtures/samples"))) {
      docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
      samples.filter(p -> p.getFileName().toString().equals("pom.xml")).sorted()
          .forEach(files::add);
    }

    List<String> written = new ArrayList<>();
    for (Path file : files) {
      written.addAll(versionsIn(file));
    }

    assertThat(written).as("versioned retry-owner coordinates in the README, docs and examples")
        .hasSizeGreaterThan(10)
        .allSatisfy(entry -> assertThat(entry).endsWith(" " + version));
  }

  /** {@code file:line version} for each versioned coordinate, invoker placeholders aside. */
  private static List<String> versionsIn(Path file) throws IOException {
    String text = Files.readString(file);
    List<String> found = new ArrayList<>();
    Matcher matcher = VERSIONED.matcher(text);
    while (matcher.find()) {
      String written = matcher.group(1) != null ? matcher.group(1) : matcher.group(2);
      if (!written.startsWith("@")) {
        long line = text.substring(0, matcher.start()).lines().count();
        found.add(file.normalize() + ":" + line + " " + written);
      }
    }
    return found;
  }
}
