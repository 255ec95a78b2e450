package dev.retryowner.maven;

import static dev.retryowner.maven.PluginDescriptor.child;
import static dev.retryowner.maven.PluginDescriptor.children;
import static dev.retryowner.maven.PluginDescriptor.text;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.retryowner.gate.GateOption;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The command line and the plugin give the same findings on every sample project the ITs built
 * with {@code check} or {@code scan}: after the invoker ran them, each project's classes,
 * sources, class path, rule jars and plugin settings (those of its last build) go to {@code java
 * -jar retry-owner-cli.jar check}, and its JSON report must list the violations, baselined and
 * exempted findings of the plugin's, in the same order.
 */
class CliPluginParityIT {
  private static final Path IT = Path.of("target/it");
  private static final Path CLI = Path.of(System.getProperty("cli.jar", "missing"));
  private static final Path MVNW = Path.of(System.getProperty("mvnw", "../mvnw"));
  private static final Pattern PROPERTY = Pattern.compile("-Dretryowner\\.([\\w.]+)=(\\S+)");

  @Test
  void theCommandLineReportsWhatThePluginReportedOnEverySample() throws Exception {
    assertThat(CLI).as("the command line's jar (build cli first)").isRegularFile();
    List<Path> compared = new ArrayList<>();
    try (Stream<Path> projects = Files.list(IT)) {
      for (Path root : projects.filter(Files::isDirectory).sorted().toList()) {
        for (Path project : modules(root)) {
          Optional<String> scanGoals = scanWithoutProject(root, project);
          Path report = project.resolve("target/retry-owner/retry-owner.json");
          if (!Files.exists(report)) {
            continue;
          }
          Path cliReport = project.resolve("target/retry-owner-cli");
          Run run = scanGoals.isPresent() ? scan(project, scanGoals.get(), cliReport)
              : cli(root, project, cliReport);
          assertThat(run.exitCode()).as("%s: %s", project, run.out()).isIn(0, 1);
          assertThat(violations(cliReport.resolve("retry-owner.json")))
              .as("%s: the command line's findings (%s)", project, run.out())
              .containsExactlyElementsOf(violations(report));
          compared.add(project);
        }
      }
    }
    assertThat(compared).as("sample projects and modules compared")
        .hasSizeGreaterThanOrEqualTo(15)
        .contains(IT.resolve("reactor-parallel/billing"), IT.resolve("custom-rule"),
            IT.resolve("scan-jar/outside"));
  }

  /** What a command line run printed and how it ended. */
  private record Run(int exitCode, String out) {}

  /**
   * The modules of a multi-module build, each with its own reports; the directory without a
   * POM the last build's scan ran in; else the project.
   */
  private static List<Path> modules(Path root) throws Exception {
    Optional<String> lastProject = lastBuild(root, "invoker.project");
    if (lastProject.isPresent()) {
      return List.of(root.resolve(lastProject.get()));
    }
    List<Path> modules = children(child(pom(root), "modules")).stream()
        .map(module -> root.resolve(module.getTextContent().trim())).toList();
    return modules.isEmpty() ? List.of(root) : modules;
  }

  /** The goals of a scan the last build ran in {@code project}, a directory without a POM. */
  private static Optional<String> scanWithoutProject(Path root, Path project) throws Exception {
    return Files.exists(project.resolve("pom.xml")) ? Optional.empty()
        : lastBuild(root, "invoker.goals").filter(goals -> goals.contains(":scan"));
  }

  /**
   * A scan as {@code -Dretryowner.classes}, {@code .sources} and the settings' properties in
   * {@code goals} ask for, run where the plugin ran it.
   */
  private static Run scan(Path directory, String goals, Path reportDirectory) throws Exception {
    Map<String, String> properties = new TreeMap<>();
    Matcher property = PROPERTY.matcher(goals);
    while (property.find()) {
      properties.put(property.group(1), property.group(2));
    }
    List<String> command = new ArrayList<>(List.of(java(), "-jar", CLI.toAbsolutePath().toString(),
        "scan", "--classes", properties.remove("classes"), "--base-dir", ".",
        "--report-dir", directory.relativize(reportDirectory).toString()));
    Optional.ofNullable(properties.remove("sources"))
        .ifPresent(sources -> command.addAll(List.of("--sources", sources)));
    properties.forEach((name, value) -> option("retryowner." + name, GateOption::property)
        .ifPresent(option -> command.add(option.option() + "=" + value)));
    return run(directory, command);
  }

  private static Element pom(Path project) throws Exception {
    return DocumentBuilderFactory.newInstance().newDocumentBuilder()
        .parse(project.resolve("pom.xml").toFile()).getDocumentElement();
  }

  /**
   * The project's check (or scan, when its POM runs that goal: of the classes and sources its
   * {@code retryowner.classes} and {@code retryowner.sources} properties name) on the command
   * line, reports into {@code reportDirectory}.
   */
  private static Run cli(Path root, Path project, Path reportDirectory) throws Exception {
    Element pom = pom(project);
    Element properties = child(pom, "properties");
    boolean scan = Files.readString(project.resolve("pom.xml")).contains("<goal>scan</goal>");
    String classes = scan ? text(properties, "retryowner.classes") : "target/classes";
    String sources = scan ? text(properties, "retryowner.sources") : sourceDirectory(pom);
    List<String> command = new ArrayList<>(List.of(java(), "-jar", CLI.toAbsolutePath().toString(),
        scan ? "scan" : "check", "--classes", classes.replace("${project.basedir}/", ""),
        "--base-dir", ".", "--report-dir", project.relativize(reportDirectory).toString(),
        "--classpath", classpath(root, project)));
    sources = sources.replace("${project.basedir}/", "");
    if (!sources.isEmpty() && Files.exists(project.resolve(sources))) {
      command.addAll(List.of("--sources", sources));
    }
    Map<GateOption, String> settings = new TreeMap<>();
    if (!root.equals(project)) {
      settings.putAll(settings(root, pom(root)));
    }
    settings.putAll(settings(root, pom));
    settings.forEach((option, value) -> command.add(option.option() + "=" + value));
    List<String> ruleJars = pluginDependencies(pom);
    if (!ruleJars.isEmpty()) {
      command.addAll(List.of("--rule-jars", String.join(",", ruleJars)));
    }
    return run(project, command);
  }

  /** The POM's source directory (relative to the project), src/main/java unless it says. */
  private static String sourceDirectory(Element pom) {
    String configured = text(child(pom, "build"), "sourceDirectory");
    return configured.isEmpty() ? "src/main/java" : configured;
  }

  /**
   * The plugin's settings in the project's POM (its configuration, and the user properties the
   * POM sets), then those its invoker goals set.
   */
  private static Map<GateOption, String> settings(Path project, Element root) throws Exception {
    Map<GateOption, String> settings = new TreeMap<>();
    for (Element property : children(child(root, "properties"))) {
      option(property.getTagName(), GateOption::property)
          .ifPresent(option -> settings.put(option, property.getTextContent().trim()));
    }
    NodeList plugins = root.getElementsByTagName("plugin");
    for (int i = 0; i < plugins.getLength(); i++) {
      Element plugin = (Element) plugins.item(i);
      if (!text(plugin, "artifactId").equals("retry-owner-maven-plugin")) {
        continue;
      }
      for (Element setting : children(child(plugin, "configuration"))) {
        option(setting.getTagName(), GateOption::parameter).ifPresent(option -> {
          List<Element> values = children(setting);
          settings.put(option, values.isEmpty() ? setting.getTextContent().trim()
              : String.join(",", values.stream().map(v -> v.getTextContent().trim()).toList()));
        });
      }
    }
    // The goals read these two from the POM's properties when the plugin does not set them.
    Element properties = child(root, "properties");
    settings.putIfAbsent(GateOption.JAVA_RELEASE, text(properties, "maven.compiler.release"));
    settings.putIfAbsent(GateOption.SOURCE_ENCODING,
        text(properties, "project.build.sourceEncoding"));
    settings.values().removeIf(String::isEmpty);
    Path invoker = project.resolve("invoker.properties");
    if (Files.exists(invoker)) {
      Matcher property = PROPERTY.matcher(lastGoals(invoker));
      while (property.find()) {
        String value = property.group(2);
        option("retryowner." + property.group(1), GateOption::property)
            .ifPresent(option -> settings.put(option, value));
      }
    }
    return settings;
  }

  /** The goals of the invoker's last build, whose reports the project keeps. */
  private static String lastGoals(Path invoker) throws IOException {
    return lastBuild(invoker.getParent(), "invoker.goals").orElse("");
  }

  /**
   * A property ({@code invoker.goals}, {@code invoker.project}) of the invoker's last build of
   * the project: the numbered one of the highest number, else the plain one.
   */
  private static Optional<String> lastBuild(Path project, String key) throws IOException {
    Path invoker = project.resolve("invoker.properties");
    if (!Files.exists(invoker)) {
      return Optional.empty();
    }
    Properties properties = new Properties();
    try (Reader reader = Files.newBufferedReader(invoker)) {
      properties.load(reader);
    }
    int last = properties.stringPropertyNames().stream()
        .filter(name -> name.matches("invoker\\.goals\\.\\d+"))
        .mapToInt(name -> Integer.parseInt(name.substring("invoker.goals.".length())))
        .max().orElse(0);
    return Optional.ofNullable(last == 0 ? properties.getProperty(key)
        : properties.getProperty(key + "." + last));
  }

  /** The jars of the plugin's own dependencies (teams' rules) in the ITs' repository. */
  private static List<String> pluginDependencies(Element pom) {
    List<String> jars = new ArrayList<>();
    NodeList plugins = pom.getElementsByTagName("plugin");
    for (int i = 0; i < plugins.getLength(); i++) {
      Element plugin = (Element) plugins.item(i);
      if (text(plugin, "artifactId").equals("retry-owner-maven-plugin")) {
        for (Element dependency : children(child(plugin, "dependencies"))) {
          String artifact = text(dependency, "artifactId");
          String version = text(dependency, "version");
          jars.add(Path.of("target/local-repo").toAbsolutePath()
              .resolve(text(dependency, "groupId").replace('.', '/')).resolve(artifact)
              .resolve(version).resolve(artifact + "-" + version + ".jar").toString());
        }
      }
    }
    return jars;
  }

  private static Optional<GateOption> option(String name, Function<GateOption, String> key) {
    return Stream.of(GateOption.values()).filter(o -> key.apply(o).equals(name)).findFirst();
  }

  /**
   * The project's compile class path, as Maven resolves it from the ITs' repository; a module's
   * in its reactor, whose sibling modules it depends on are compiled there.
   */
  private static String classpath(Path root, Path project) throws Exception {
    Path file = project.resolve("target/cli-classpath.txt");
    Path settings = root.resolve("target/cli-it-settings.xml");
    Files.createDirectories(settings.getParent());
    Files.writeString(settings, Files.readString(Path.of(System.getProperty("it.settings")))
        .replace("@localRepositoryUrl@",
            Path.of(System.getProperty("outer.repository")).toUri().toString()));
    List<String> command = new ArrayList<>(List.of(MVNW.toAbsolutePath().toString(), "-B", "-q",
        "-s", settings.toAbsolutePath().toString(),
        "-Dmaven.repo.local=" + Path.of("target/local-repo").toAbsolutePath(),
        "org.apache.maven.plugins:maven-dependency-plugin:3.9.0:build-classpath",
        "-Dmdep.includeScope=compile", "-Dmdep.outputFile=target/cli-classpath.txt"));
    if (!root.equals(project)) {
      // The reactor hands a module its siblings' classes only from a phase on.
      command.addAll(List.of("compile", "-pl", root.relativize(project).toString(), "-am"));
    }
    Run resolve = run(root, command);
    assertThat(resolve.exitCode()).as("the class path of %s: %s", project, resolve.out())
        .isZero();
    return Files.readString(file).trim();
  }

  /** A report's violations and exempted findings: rule, line and message, in its order. */
  private static List<String> violations(Path json) throws IOException {
    List<String> violations = new ArrayList<>();
    for (JsonNode violation : new ObjectMapper().readTree(json.toFile()).get("violations")) {
      violations.add(violation.get("rule").asText() + " | " + violation.get("file").asText()
          + ":" + violation.get("line").asText() + " | " + violation.get("message").asText()
          + (violation.has("suppressions") ? " | exempted" : ""));
    }
    return violations;
  }

  private static Run run(Path directory, List<String> command) throws Exception {
    Path out = Files.createTempFile("retry-owner-parity", ".txt");
    try {
      Process process = new ProcessBuilder(command).directory(directory.toFile())
          .redirectErrorStream(true).redirectOutput(out.toFile()).start();
      assertThat(process.waitFor(5, TimeUnit.MINUTES)).as("%s ended", command).isTrue();
      return new Run(process.exitValue(), Files.readString(out));
    } finally {
      Files.deleteIfExists(out);
    }
  }

  private static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }
}
