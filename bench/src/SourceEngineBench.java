import com.github.javaparser.JavaParser;
import com.github.javaparser.ParserConfiguration;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.sun.management.OperatingSystemMXBean;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.GateConfig;
import dev.retryowner.source.JavaSources;
import dev.retryowner.source.SourceEngine;
import dev.retryowner.source.SourceSettings;
import dev.retryowner.source.TypeRelations;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Constructor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Benchmark B3's driver, one measurement per JVM: either {@code parse} (JavaParser, configured as
 * the plugin configures it, reads and parses every file under the source root, nothing else) or
 * {@code engine} (the plugin's SourceEngine as GateRunner runs it: the files some check may match
 * parsed ahead on every core, then the declaration-line pinner, LocalTypeCheck,
 * HandRolledRetryCheck and HttpClientRetriesCheck sharing one JavaSources, with type relations
 * from the compiled classes). The class import that gives the relations is bytecode-engine work
 * and stays outside the timer. Prints "mode millis files|findings count cpu millis": the wall
 * time, and the process's CPU time over the same span (every thread: the engine's parsing ones,
 * and the JIT and GC threads of both), which other load on the machine barely changes.
 */
public final class SourceEngineBench {
  /** The whole process's CPU time: the engine parses on every core. */
  private static final OperatingSystemMXBean CPU =
      (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

  public static void main(String[] args) throws Exception {
    if (args.length != 4 || !List.of("parse", "engine").contains(args[0])) {
      System.err.println("usage: SourceEngineBench parse|engine <source root> <classes dir>"
          + " <jobs package>");
      System.exit(2);
    }
    Path sourceRoot = Path.of(args[1]);
    SourceSettings settings = SourceSettings.of("UTF-8", "17");
    // Set-up both modes share stays outside the timer, as before the settings and the catalog
    // were resolved lazily: JavaParser's language levels (every validator) and the catalog.
    settings.languageLevel();
    if (args[0].equals("parse")) {
      long start = System.nanoTime();
      long cpuStart = CPU.getProcessCpuTime();
      int parsed = parseEveryFile(sourceRoot, settings);
      report("parse", start, cpuStart, "files", parsed);
    } else {
      TypeRelations relations = relationsOf(new ClassFileImporter().importPath(Path.of(args[2])));
      GateConfig config = GateConfig.builder().jobsPackages(args[3]).build();
      config.catalog();
      long start = System.nanoTime();
      long cpuStart = CPU.getProcessCpuTime();
      List<Finding> findings = runEngine(List.of(sourceRoot), config, relations, settings);
      report("engine", start, cpuStart, "findings", findings.size());
    }
  }

  private static int parseEveryFile(Path root, SourceSettings settings) throws Exception {
    // As JavaSources configures it: no comment attribution.
    JavaParser parser = new JavaParser(new ParserConfiguration()
        .setLanguageLevel(settings.languageLevel()).setAttributeComments(false));
    List<Path> files;
    try (Stream<Path> walk = Files.walk(root)) {
      files = walk.filter(p -> p.toString().endsWith(".java")).sorted().toList();
    }
    int parsed = 0;
    for (Path file : files) {
      if (parser.parse(Files.readString(file, settings.encoding())).isSuccessful()) {
        parsed++;
      }
    }
    return parsed;
  }

  /** What GateRunner runs on sources; the bytecode found nothing here, so nothing to pin. */
  private static List<Finding> runEngine(List<Path> roots, GateConfig config,
      TypeRelations relations, SourceSettings settings) throws Exception {
    return new SourceEngine(config, relations, new JavaSources(settings))
        .run(roots, List.of()).findings();
  }

  /** The plugin's own relations over the imported classes (package-private there). */
  private static TypeRelations relationsOf(JavaClasses classes) throws Exception {
    Constructor<?> constructor = Class.forName("dev.retryowner.gate.ArchUnitTypeRelations")
        .getDeclaredConstructor(JavaClasses.class);
    constructor.setAccessible(true);
    return (TypeRelations) constructor.newInstance(classes);
  }

  private static void report(String mode, long start, long cpuStart, String what, int count) {
    System.out.printf("%s %d %s %d cpu %d%n", mode, (System.nanoTime() - start) / 1_000_000, what,
        count, (CPU.getProcessCpuTime() - cpuStart) / 1_000_000);
  }
}
