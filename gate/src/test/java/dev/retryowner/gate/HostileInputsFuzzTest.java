package dev.retryowner.gate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.GateConfig;
import dev.retryowner.gate.custom.InstalledRules;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.function.BiFunction;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;

/**
 * Hostile inputs, generated from a seed: a damaged class file or source file beside a real
 * hand-rolled retry. For every input the gate throws nothing, with the import filter on and off,
 * in a directory and in a jar, and still reports the retry.
 *
 * <p>The build runs {@value #DEFAULT_TRIES} inputs from a fixed seed; {@code bench/fuzz.sh} runs
 * the same for longer from a fresh seed ({@code -Dretryowner.fuzz.seed}, {@code
 * -Dretryowner.fuzz.seconds}) and prints the inputs tried, the failures and the slowest input.
 */
class HostileInputsFuzzTest {
  private static final int DEFAULT_TRIES = 60;
  private static final long DEFAULT_SEED = 20261208L;
  private static final String APP = "com/acme/app/";
  private static final String SENDER = """
      package com.acme.app;

      import java.io.IOException;

      public class Sender {
        public interface Transport {
          void write(String message) throws IOException;
        }

        public void send(Transport transport, String message)
            throws IOException, InterruptedException {
          for (int attempt = 1; ; attempt++) {
            try {
              transport.write(message);
              return;
            } catch (IOException e) {
              if (attempt >= 3) {
                throw e;
              }
              Thread.sleep(100L * attempt);
            }
          }
        }
      }
      """;
  private static final int SENDER_RETRY_LINE = 12;
  private static final String VICTIM = """
      package com.acme.app;

      import java.util.ArrayList;
import java.util.Arrays;
      import java.util.List;

      public class Victim {
        private final io.github.resilience4j.retry.Retry retry;
        private final List<String> names = new ArrayList<>();

        public Victim(io.github.resilience4j.retry.Retry retry, String first) {
          this.retry = retry;
          names.add(first);
        }

        public int count() {
          int total = 0;
          for (String name : names) {
            total += name.length();
          }
          return total;
        }
      }
      """;

  @TempDir static Path compiled;
  @TempDir Path work;

  private static byte[] victimClass;
  private static byte[] senderClass;
  private static byte[] transportClass;

  @BeforeAll
  static void compile() throws IOException {
    Path source = Files.createDirectories(compiled.resolve("src/" + APP));
    Files.writeString(source.resolve("Sender.java"), SENDER);
    Files.writeString(source.resolve("Victim.java"), VICTIM);
    Path out = compiled.resolve("out");
    int exit = ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", out.toString(),
        "-cp", FixtureGate.testClasspath().stream().map(Path::toString)
            .collect(Collectors.joining(File.pathSeparator)),
        source.resolve("Sender.java").toString(), source.resolve("Victim.java").toString());
    assertThat(exit).isZero();
    victimClass = Files.readAllBytes(out.resolve(APP + "Victim.class"));
    senderClass = Files.readAllBytes(out.resolve(APP + "Sender.class"));
    transportClass = Files.readAllBytes(out.resolve(APP + "Sender$Transport.class"));
  }

  @Test
  void noHostileInputStopsTheGateOrHidesTheRetryBesideIt() throws Exception {
    long seed = Long.getLong("retryowner.fuzz.seed", DEFAULT_SEED);
    long seconds = Long.getLong("retryowner.fuzz.seconds", 0);
    int tries = Integer.getInteger("retryowner.fuzz.tries", DEFAULT_TRIES);
    long deadline = System.nanoTime() + seconds * 1_000_000_000L;
    Random random = new Random(seed);
    List<String> failures = new ArrayList<>();
    String slowest = "";
    long slowestMillis = -1;
    int tried = 0;
    while (seconds > 0 ? System.nanoTime() < deadline : tried < tries) {
      Input input = Input.of(random, tried);
      long start = System.nanoTime();
      try {
        List<Finding> findings = run(input);
        if (findings.stream().noneMatch(HostileInputsFuzzTest::isSendersRetry)) {
          failures.add(input + ": the retry in Sender.java was not reported; findings "
              + findings);
        }
      } catch (Exception | Error e) {
        StringWriter trace = new StringWriter();
        e.printStackTrace(new PrintWriter(trace));
        failures.add(input + ": " + trace.toString().lines().limit(8)
            .collect(Collectors.joining("\n    ")) + "\n    input kept in " + keep(input));
      }
      long millis = (System.nanoTime() - start) / 1_000_000;
      if (millis > slowestMillis) {
        slowestMillis = millis;
        slowest = input.toString();
      }
      tried++;
    }
    System.out.printf("fuzz: seed %d, %d inputs tried, %d failures, slowest %d ms (%s)%n", seed,
        tried, failures.size(), slowestMillis, slowest);
    assertThat(failures).as("hostile inputs that stopped the gate or hid the retry (seed %d)",
        seed).isEmpty();
  }

  /** Copies a failing input out of the temporary directory, to run it again by hand. */
  private Path keep(Input input) throws IOException {
    Path from = work.resolve("case-" + input.number());
    Path to = Path.of("target/fuzz-failures").toAbsolutePath().resolve(from.getFileName());
    try (Stream<Path> walk = Files.walk(from)) {
      for (Path file : walk.toList()) {
        Path target = to.resolve(from.relativize(file).toString());
        if (Files.isDirectory(file)) {
          Files.createDirectories(target);
        } else {
          Files.copy(file, target, StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
    return to;
  }

  private static boolean isSendersRetry(Finding finding) {
    return finding.rule().equals("HandRolledRetry") && finding.sourcePath()
        .equals(APP + "Sender.java") && finding.line() == SENDER_RETRY_LINE;
  }

  /** Lays the input out under the work directory and runs the gate on it. */
  private List<Finding> run(Input input) throws Exception {
    Path case_ = Files.createDirectories(work.resolve("case-" + input.number()));
    Path classes = Files.createDirectories(case_.resolve("classes"));
    Path sources = case_.resolve("src");
    Files.createDirectories(sources.resolve(APP));
    Files.write(Files.createDirectories(classes.resolve(APP)).resolve("Sender.class"),
        senderClass);
    Files.write(classes.resolve(APP + "Sender$Transport.class"), transportClass);
    Files.writeString(sources.resolve(APP + "Sender.java"), SENDER);
    input.damage().apply(classes, sources);
    Path checked = classes;
    if (input.inJar()) {
      checked = jar(classes, case_.resolve("classes.jar"), input.moduleInfoFirst());
    }
    GateConfig none = GateConfig.builder().jobsPackages(GateConfig.NO_JOBS_PACKAGES).build();
    return new GateRunner(InstalledRules.NONE, input.importFilter()).run(new GateRequest(none,
        checked, List.of(sources), FixtureGate.testClasspath())).findings();
  }

  /** One generated input: a damage, laid out in a directory or a jar, filter on or off. */
  private record Input(int number, String description, Writer damage, boolean inJar,
      boolean moduleInfoFirst, boolean importFilter) {
    static Input of(Random random, int number) {
      Damage[] damages = Damage.values();
      Damage damage = damages[random.nextInt(damages.length)];
      long damageSeed = random.nextLong();
      boolean inJar = random.nextBoolean();
      return new Input(number, damage.name() + " #" + damageSeed, damage.seeded(damageSeed),
          inJar, inJar && random.nextBoolean(), random.nextBoolean());
    }

    @Override
    public String toString() {
      return "input " + number + " (" + description + ", " + (inJar ? "jar" : "directory")
          + (moduleInfoFirst ? " with module-info first" : "") + ", import filter "
          + (importFilter ? "on" : "off") + ")";
    }
  }

  /** What is written beside the retry, from a seed. */
  private enum Damage {
    BIT_FLIPS((random, victim) -> victimClass(flip(victim, random, 1 + random.nextInt(16)))),
    TRUNCATED((random, victim) -> victimClass(
        Arrays.copyOf(victim, random.nextInt(victim.length)))),
    RANDOM_BYTES((random, victim) -> victimClass(bytes(random, random.nextInt(2000)))),
    WRONG_MAGIC((random, victim) -> {
      victim[random.nextInt(4)] ^= (byte) (1 + random.nextInt(255));
      return victimClass(victim);
    }),
    NEWER_VERSION((random, victim) -> {
      victim[7] = (byte) (70 + random.nextInt(180));
      return victimClass(victim);
    }),
    MALFORMED_UTF8((random, victim) -> victimClass(malformedText(victim, random))),
    RENAMED_MEMBER((random, victim) -> victimClass(renamed(victim, random))),
    DUPLICATE_CLASS((random, victim) -> (classes, sources) -> {
      Files.write(classes.resolve(APP + "Victim.class"), victim);
      Path other = Files.createDirectories(classes.resolve("com/acme/copy"));
      Files.write(other.resolve(random.nextBoolean() ? "Victim.class" : "Sender.class"),
          random.nextBoolean() ? victim : senderClass);
    }),
    SOURCE_RANDOM_BYTES((random, victim) -> victimSource(victim,
        bytes(random, random.nextInt(5000)))),
    SOURCE_LATIN1((random, victim) -> victimSource(victim,
        VICTIM.replace("first", "prémier").getBytes(StandardCharsets.ISO_8859_1))),
    SOURCE_UNTERMINATED((random, victim) -> victimSource(victim, (VICTIM.substring(0,
        random.nextInt(VICTIM.length())) + (random.nextBoolean() ? "/* never closed" : "\"open"))
        .getBytes(StandardCharsets.UTF_8))),
    SOURCE_DEEP((random, victim) -> victimSource(victim, nested(random))),
    SOURCE_HUGE_LITERAL((random, victim) -> victimSource(victim, withMember(
        "String big = \"" + "x".repeat(2_000_000) + "\";"))),
    SOURCE_NEWEST_JAVA((random, victim) -> (classes, sources) -> {
      Files.write(classes.resolve(APP + "Victim.class"), victim);
      Files.writeString(sources.resolve(APP + "Victim.java"), VICTIM);
      Files.writeString(sources.resolve(APP + "Shapes.java"), """
          package com.acme.app;

          sealed interface Shape permits Shapes.Circle, Shapes.Square {}

          final class Shapes {
            record Circle(double r) implements Shape {}
            record Square(double side) implements Shape {}

            static double area(Object shape) {
              return switch (shape) {
                case Circle(double r) when r > 0 -> Math.PI * r * r;
                case Square s -> s.side() * s.side();
                default -> 0;
              };
            }
          }
          """);
      Files.writeString(sources.resolve("module-info.java"),
          random.nextBoolean() ? "module com.acme { exports com.acme.app; }" : "module {");
    });

    private final BiFunction<Random, byte[], Writer> writer;

    Damage(BiFunction<Random, byte[], Writer> writer) {
      this.writer = writer;
    }

    /** The damage this kind makes from {@code seed}. */
    Writer seeded(long seed) {
      return (classes, sources) -> writer.apply(new Random(seed), victimClass.clone())
          .apply(classes, sources);
    }
  }

  /** Writes the damaged files into the classes and the sources. */
  @FunctionalInterface
  private interface Writer {
    void apply(Path classes, Path sources) throws IOException;
  }

  private static Writer victimClass(byte[] bytes) {
    return (classes, sources) -> {
      Files.write(classes.resolve(APP + "Victim.class"), bytes);
      Files.writeString(sources.resolve(APP + "Victim.java"), VICTIM);
    };
  }

  private static Writer victimSource(byte[] victim, byte[] source) {
    return (classes, sources) -> {
      Files.write(classes.resolve(APP + "Victim.class"), victim);
      Files.write(sources.resolve(APP + "Victim.java"), source);
    };
  }

  private static byte[] flip(byte[] bytes, Random random, int flips) {
    for (int i = 0; i < flips; i++) {
      bytes[8 + random.nextInt(bytes.length - 8)] ^= (byte) (1 << random.nextInt(8));
    }
    return bytes;
  }

  private static byte[] bytes(Random random, int length) {
    byte[] bytes = new byte[length];
    random.nextBytes(bytes);
    return bytes;
  }

  /** A byte of a text constant replaced by one that starts a sequence modified UTF-8 lacks. */
  private static byte[] malformedText(byte[] bytes, Random random) {
    List<int[]> texts = texts(bytes);
    int[] text = texts.get(random.nextInt(texts.size()));
    if (text[1] > 0) {
      bytes[text[0] + random.nextInt(text[1])] =
          (byte) new int[] {0xC0, 0xE0, 0xF8, 0xFF, 0x80}[random.nextInt(5)];
    }
    return bytes;
  }

  /** One character of a text constant changed, as a renamed member or type. */
  private static byte[] renamed(byte[] bytes, Random random) {
    List<int[]> texts = texts(bytes);
    int[] text = texts.get(random.nextInt(texts.size()));
    if (text[1] > 0) {
      int at = text[0] + random.nextInt(text[1]);
      bytes[at] = (byte) ('A' + random.nextInt(26));
    }
    return bytes;
  }

  /** The offset and length of every text constant's bytes. */
  private static List<int[]> texts(byte[] bytes) {
    ClassReader reader = new ClassReader(bytes);
    List<int[]> texts = new ArrayList<>();
    for (int item = 1; item < reader.getItemCount(); item++) {
      int offset = reader.getItem(item);
      if (offset != 0 && bytes[offset - 1] == 1) {
        int length = ((bytes[offset] & 0xFF) << 8) | (bytes[offset + 1] & 0xFF);
        texts.add(new int[] {offset + 2, length});
      }
    }
    return texts;
  }

  /** The victim's source with a method nested thousands of levels deep. */
  private static byte[] nested(Random random) {
    int depth = 1000 + random.nextInt(5000);
    String body = switch (random.nextInt(4)) {
      case 0 -> "int deep() { return " + "(".repeat(depth) + "1" + ")".repeat(depth) + "; }";
      case 1 -> "void deep() { " + "{".repeat(depth) + "}".repeat(depth) + " }";
      case 2 -> "void deep(int x) { " + "if (x > 0) ".repeat(depth) + "x++; }";
      default -> "Runnable deep = " + "() -> { Runnable q = ".repeat(depth / 2) + "null"
          + "; };".repeat(depth / 2);
    };
    return withMember(body);
  }

  /** The victim's source with one more member. */
  private static byte[] withMember(String member) {
    int end = VICTIM.lastIndexOf('}');
    return (VICTIM.substring(0, end) + "  " + member + "\n" + VICTIM.substring(end))
        .getBytes(StandardCharsets.UTF_8);
  }

  /** The classes directory as a jar, its module descriptor first when asked. */
  private static Path jar(Path classes, Path jar, boolean moduleInfoFirst) throws IOException {
    try (OutputStream out = Files.newOutputStream(jar);
        ZipOutputStream zip = new ZipOutputStream(out);
        Stream<Path> walk = Files.walk(classes)) {
      if (moduleInfoFirst) {
        zip.putNextEntry(new ZipEntry("module-info.class"));
        zip.write(moduleInfo());
        zip.closeEntry();
      }
      for (Path file : walk.filter(Files::isRegularFile).sorted(Comparator.naturalOrder())
          .toList()) {
        zip.putNextEntry(new ZipEntry(classes.relativize(file).toString().replace('\\', '/')));
        Files.copy(file, zip);
        zip.closeEntry();
      }
    }
    return jar;
  }

  private static byte[] moduleInfo() {
    ClassWriter writer = new ClassWriter(0);
    writer.visit(Opcodes.V9, Opcodes.ACC_MODULE,
        "module-info", null, null, null);
    writer.visitModule("com.acme", 0, null).visitEnd();
    writer.visitEnd();
    return writer.toByteArray();
  }
}
