package dev.retryowner.gate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.GateConfig;
import dev.retryowner.gate.custom.InstalledRules;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassReader;

/**
 * A damaged class file beside a real retry: the file is a warning that names it and why, left
 * out of every reader of the run, and the retry is still reported, with the import filter on
 * and off.
 */
class HostileClassFilesTest {
  private static final String APP = "fixtures/retryoutsidejobs/app/";
  private static final int PUTFIELD = 0xB5;
  private static final int UTF8 = 1;
  private static final int FIELD_REF = 9;

  @TempDir Path temp;

  @Test
  void aMalformedConstantIsAWarningNotAnErrorOfTheWholeRun() throws Exception {
    Path classes = fixtureClassesWith("Victim", victim -> {
      // "java/lang/Object" as 0xC0 'a' 'v' 'a'...: a two-byte sequence with no continuation.
      int at = indexOf(victim, "java/lang/Object".getBytes());
      victim[at] = (byte) 0xC0;
      return victim;
    });

    for (boolean importFilter : List.of(true, false)) {
      GateResult result = run(classes, importFilter);

      assertThat(result.warnings()).singleElement().asString()
          .startsWith("cannot read the class file " + classes.resolve(APP + "Victim.class")
              + " (not a valid class file: IllegalArgumentException: malformed modified UTF-8"
              + " in its constant pool");
      assertThat(result.findings()).isEqualTo(withoutDamage(importFilter));
    }
  }

  @Test
  void aClassFileHoldingAnotherClassIsLeftOutNotCountedTwice() throws Exception {
    Path classes = fixtureClassesWith("Victim", victim -> victim);
    Files.copy(classes.resolve(APP + "Resilience4jUse.class"), classes.resolve(APP + "Copy.class"));

    for (boolean importFilter : List.of(true, false)) {
      GateResult result = run(classes, importFilter);

      assertThat(result.warnings()).singleElement().asString()
          .startsWith("cannot read the class file " + classes.resolve(APP + "Copy.class")
              + " (it holds the class fixtures.retryoutsidejobs.app.Resilience4jUse, not the"
              + " one its path names)");
      assertThat(result.findings()).isEqualTo(withoutDamage(importFilter));
    }
  }

  @Test
  void aClassFileThatStopsArchUnitsImporterIsFoundAndLeftOut() throws Exception {
    // A putfield whose operand names a text constant, not a field: the constant pool reads
    // well, and ArchUnit's importer throws on the constructor's code, naming no file.
    Path classes = fixtureClassesWith("Victim", HostileClassFilesTest::putfieldOnText);

    for (boolean importFilter : List.of(true, false)) {
      GateResult result = run(classes, importFilter);

      assertThat(result.warnings()).singleElement().asString()
          .startsWith("cannot read the class file " + classes.resolve(APP + "Victim.class")
              + " (ArchUnit cannot import it: ")
          .endsWith("its class is not checked. Recompile the classes or remove the file.");
      assertThat(result.findings()).isEqualTo(withoutDamage(importFilter));
    }
  }

  @Test
  void aDirectoryNamedLikeAClassFileIsAWarningNamingIt() throws Exception {
    Path classes = fixtureClassesWith("Victim", victim -> victim);
    Path directory = Files.createDirectories(classes.resolve(APP + "Odd.class"));

    GateResult result = run(classes, true);

    assertThat(result.warnings()).singleElement().asString()
        .contains(directory + " is a directory named like a class file; rename or remove it");
    assertThat(result.findings()).isEqualTo(withoutDamage(true));
  }

  @Test
  void aJarWithADamagedMultiReleaseCopyAndANestedJarChecksItsClasses() throws Exception {
    Path classes = fixtureClassesWith("Victim", victim -> victim);
    Path clean = Archives.jar(classes, temp.resolve("clean.jar"));
    Path versioned = Files.createDirectories(classes.resolve("META-INF/versions/11/" + APP));
    Files.write(versioned.resolve("Resilience4jUse.class"), new byte[] {(byte) 0xCA, 1, 2});
    Files.copy(clean, Files.createDirectories(classes.resolve("lib")).resolve("nested.jar"));
    Path jar = Archives.jar(classes, temp.resolve("app.jar"));

    for (boolean importFilter : List.of(true, false)) {
      GateResult result = run(jar, importFilter);

      assertThat(result.findings()).isEqualTo(run(clean, importFilter).findings()).isNotEmpty();
      assertThat(result.warnings()).singleElement().asString().startsWith(
          "cannot read the class file " + jar + "!/META-INF/versions/11/" + APP
              + "Resilience4jUse.class (not a class file");
    }
  }

  private interface Damage {
    byte[] apply(byte[] victim);
  }

  /**
   * The retry fixture Resilience4jUse with a class of its package beside it that uses a catalog
   * type (so that the import filter imports it too), damaged by {@code damage}.
   */
  private Path fixtureClassesWith(String name, Damage damage) throws IOException {
    Path classes = Archives.fixtureClasses(temp.resolve("classes"), APP + "Resilience4jUse.class");
    Path source = Files.createDirectories(temp.resolve("src/" + APP)).resolve(name + ".java");
    Files.writeString(source, """
        package fixtures.retryoutsidejobs.app;

        public class %s {
          private final io.github.resilience4j.retry.Retry retry;

          public %s(io.github.resilience4j.retry.Retry retry) {
            this.retry = retry;
          }
        }
        """.formatted(name, name));
    Path out = temp.resolve("out");
    int compiled = ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d",
        out.toString(), "-cp", FixtureGate.testClasspath().stream().map(Path::toString)
            .collect(Collectors.joining(File.pathSeparator)), source.toString());
    assertThat(compiled).isZero();
    Files.write(classes.resolve(APP + name + ".class"),
        damage.apply(Files.readAllBytes(out.resolve(APP + name + ".class"))));
    return classes;
  }

  private static GateResult run(Path classes, boolean importFilter) throws GateException {
    GateConfig none = GateConfig.builder().jobsPackages(GateConfig.NO_JOBS_PACKAGES).build();
    return new GateRunner(InstalledRules.NONE, importFilter)
        .run(new GateRequest(none, classes, List.of(), FixtureGate.testClasspath()));
  }

  /** The findings on the retry fixture alone. */
  private List<Finding> withoutDamage(boolean importFilter) throws Exception {
    Path alone = Archives.fixtureClasses(temp.resolve("alone-" + importFilter),
        APP + "Resilience4jUse.class");
    List<Finding> findings = run(alone, importFilter).findings();
    assertThat(findings).isNotEmpty();
    return findings;
  }

  /** The class with its first putfield's operand pointed at a text constant. */
  private static byte[] putfieldOnText(byte[] bytes) {
    ClassReader reader = new ClassReader(bytes);
    int text = 0;
    for (int item = 1; item < reader.getItemCount() && text == 0; item++) {
      int offset = reader.getItem(item);
      if (offset != 0 && bytes[offset - 1] == UTF8) {
        text = item;
      }
    }
    for (int at = reader.header; at + 2 < bytes.length; at++) {
      int operand = ((bytes[at + 1] & 0xFF) << 8) | (bytes[at + 2] & 0xFF);
      if ((bytes[at] & 0xFF) == PUTFIELD && operand > 0 && operand < reader.getItemCount()
          && reader.getItem(operand) != 0 && bytes[reader.getItem(operand) - 1] == FIELD_REF) {
        bytes[at + 1] = (byte) (text >> 8);
        bytes[at + 2] = (byte) text;
        return bytes;
      }
    }
    throw new AssertionError("no putfield in the class");
  }

  private static int indexOf(byte[] bytes, byte[] part) {
    for (int at = 0; at + part.length <= bytes.length; at++) {
      if (Arrays.equals(bytes, at, at + part.length, part, 0, part.length)) {
        return at;
      }
    }
    throw new AssertionError("not in the class file");
  }
}
