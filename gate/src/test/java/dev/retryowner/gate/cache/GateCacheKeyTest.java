package dev.retryowner.gate.cache;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GateCacheKeyTest {
  @TempDir Path temp;
  private Path classes;
  private Path sources;
  private Path catalog;
  private Path pluginJar;
  private Map<String, String> settings = Map.of("CheckMojo.jobsPackages", "[com.acme.jobs]");

  @BeforeEach
  void inputs() throws IOException {
    classes = Files.createDirectories(temp.resolve("classes/com/acme"));
    Files.write(classes.resolve("Billing.class"), new byte[] {1, 2, 3});
    classes = temp.resolve("classes");
    sources = Files.createDirectories(temp.resolve("src/com/acme"));
    Files.writeString(sources.resolve("Billing.java"), "class Billing {}");
    sources = temp.resolve("src");
    catalog = Files.writeString(temp.resolve("team.catalog"), "type com.acme.Retry @ reason");
    pluginJar = Files.write(temp.resolve("plugin.jar"), new byte[] {9});
  }

  private String key() throws IOException {
    try (URLClassLoader plugin = new URLClassLoader(new URL[] {pluginJar.toUri().toURL()})) {
      return GateCacheKey.builder().text("version", "1.0").settings(settings)
          .files("classes", List.of(classes)).files("sources", List.of(sources))
          .files("catalogs", List.of(catalog)).code(plugin, GateCacheKey.class).build();
    }
  }

  @Test
  void theSameInputsGiveTheSameKey() throws IOException {
    assertThat(key()).isEqualTo(key()).hasSize(64);
  }

  @Test
  void aClassFileWithOtherContentOfTheSameSizeChangesTheKey() throws IOException {
    String before = key();
    Path billing = classes.resolve("com/acme/Billing.class");
    FileTime time = Files.getLastModifiedTime(billing);
    Files.write(billing, new byte[] {1, 2, 4});
    Files.setLastModifiedTime(billing, time);

    assertThat(key()).isNotEqualTo(before);
  }

  @Test
  void aClassesDirectoryAlsoOnTheClassPathStillChangesTheKeyWhenAClassChanges() throws IOException {
    String before = GateCacheKey.builder().files("classes", List.of(classes))
        .files("classpath", List.of(classes)).build();
    Files.write(classes.resolve("com/acme/Billing.class"), new byte[] {1, 2, 4});

    assertThat(GateCacheKey.builder().files("classes", List.of(classes))
        .files("classpath", List.of(classes)).build()).isNotEqualTo(before);
  }

  @Test
  void aLinkedFileCountsByTheContentOfItsTarget() throws IOException {
    Path outside = Files.writeString(temp.resolve("Shared.java"), "class Shared {}");
    Files.createSymbolicLink(sources.resolve("com/acme/Shared.java"), outside);
    String before = key();

    Files.writeString(outside, "class Shared { int changed; }");

    assertThat(key()).isNotEqualTo(before);
  }

  @Test
  void anAddedSourceFileChangesTheKey() throws IOException {
    String before = key();
    Files.writeString(sources.resolve("com/acme/Invoice.java"), "class Invoice {}");

    assertThat(key()).isNotEqualTo(before);
  }

  @Test
  void anotherSettingChangesTheKey() throws IOException {
    String before = key();
    settings = Map.of("CheckMojo.jobsPackages", "[com.acme.batch]");

    assertThat(key()).isNotEqualTo(before);
  }

  @Test
  void aChangedTeamCatalogChangesTheKey() throws IOException {
    String before = key();
    Files.writeString(catalog, "type com.acme.Backoff @ reason");

    assertThat(key()).isNotEqualTo(before);
  }

  @Test
  void aRebuiltPluginJarChangesTheKey() throws IOException {
    String before = key();
    Files.setLastModifiedTime(pluginJar,
        FileTime.fromMillis(Files.getLastModifiedTime(pluginJar).toMillis() + 2000));

    assertThat(key()).isNotEqualTo(before);
  }

  @Test
  void codeLoadedFromADirectoryInsideAJarCountsAsThatJar() throws IOException {
    Path rules = temp.resolve("rules.jar");
    try (JarOutputStream jar = new JarOutputStream(Files.newOutputStream(rules))) {
      jar.putNextEntry(new JarEntry("custom-rules/sleep/"));
    }
    URL inside = new URL("jar:" + rules.toUri() + "!/custom-rules/sleep/");
    try (URLClassLoader loader = new URLClassLoader(new URL[] {inside})) {
      String before = GateCacheKey.builder().code(loader, GateCacheKey.class).build();
      Files.setLastModifiedTime(rules,
          FileTime.fromMillis(Files.getLastModifiedTime(rules).toMillis() + 2000));

      assertThat(GateCacheKey.builder().code(loader, GateCacheKey.class).build())
          .isNotEqualTo(before);
    }
  }

  @Test
  void aMissingPathCountsAsMissingAndThenAsItsContent() throws IOException {
    Files.delete(catalog);
    String missing = key();
    Files.writeString(catalog, "");

    assertThat(key()).isNotEqualTo(missing);
  }
}
