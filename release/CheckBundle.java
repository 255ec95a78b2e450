import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * Checks a release bundle against the rules Maven Central publishes for a deployment
 * (https://central.sonatype.org/publish/requirements/), signatures aside: for each published
 * artifact, its POM, jar, sources jar and javadoc jar, each with a matching .md5 and .sha1; a POM
 * that stands alone with groupId, artifactId, version, name, description, url, licenses,
 * developers and scm, nothing left uninterpolated, no SNAPSHOT anywhere, and every dependency of
 * the same group published with it; and nothing in the bundle that is not meant to be published. Prints every problem, not only the first.
 *
 * <pre>java release/CheckBundle.java BUNDLE_DIR GROUP_ID VERSION ARTIFACT_ID...</pre>
 */
public final class CheckBundle {
  private final Path bundle;
  private final String groupId;
  private final String version;
  private final List<String> problems = new ArrayList<>();

  private CheckBundle(Path bundle, String groupId, String version) {
    this.bundle = bundle;
    this.groupId = groupId;
    this.version = version;
  }

  public static void main(String[] args) throws Exception {
    if (args.length < 4) {
      System.err.println("usage: java release/CheckBundle.java BUNDLE_DIR GROUP_ID VERSION"
          + " ARTIFACT_ID...");
      System.exit(2);
    }
    Path bundle = Path.of(args[0]);
    if (!Files.isDirectory(bundle)) {
      System.err.println("no release bundle at " + bundle + ": build it with"
          + " ./mvnw -Prelease deploy (see RELEASING.md)");
      System.exit(2);
    }
    CheckBundle check = new CheckBundle(bundle, args[1], args[2]);
    List<String> artifactIds = List.of(args).subList(3, args.length);
    artifactIds.forEach(check::checkArtifact);
    check.checkNothingElse(artifactIds);
    if (!check.problems.isEmpty()) {
      System.err.println("The release bundle " + bundle + " would not pass Maven Central's"
          + " checks (" + check.problems.size() + " problem(s)):");
      check.problems.forEach(problem -> System.err.println("- " + problem));
      System.exit(1);
    }
    System.out.println("The release bundle " + bundle + " holds " + artifactIds.size()
        + " artifact(s) at " + args[2] + ", each with its POM, jar, sources and javadoc jars"
        + " and their MD5 and SHA-1 checksums; every POM has the metadata Maven Central asks for"
        + " and no SNAPSHOT.");
  }

  private Path directory(String artifactId) {
    return bundle.resolve(groupId.replace('.', '/')).resolve(artifactId).resolve(version);
  }

  private void checkArtifact(String artifactId) {
    Path directory = directory(artifactId);
    if (!Files.isDirectory(directory)) {
      problems.add(artifactId + ": no directory " + bundle.relativize(directory));
      return;
    }
    String base = artifactId + "-" + version;
    Path pom = directory.resolve(base + ".pom");
    if (present(pom)) {
      checkPom(artifactId, pom);
    }
    Path jar = directory.resolve(base + ".jar");
    if (present(jar)) {
      checkJar(jar, ".class", "classes");
    }
    Path sources = directory.resolve(base + "-sources.jar");
    if (present(sources)) {
      checkJar(sources, ".java", "Java sources");
    }
    Path javadoc = directory.resolve(base + "-javadoc.jar");
    if (present(javadoc)) {
      checkJar(javadoc, "index.html", "an index.html");
    }
  }

  /** The file exists, with .md5 and .sha1 files that hold its checksums. */
  private boolean present(Path file) {
    if (!Files.isRegularFile(file)) {
      problems.add("missing " + bundle.relativize(file));
      return false;
    }
    checksum(file, "MD5", ".md5");
    checksum(file, "SHA-1", ".sha1");
    return true;
  }

  private void checksum(Path file, String algorithm, String suffix) {
    Path sum = file.resolveSibling(file.getFileName() + suffix);
    if (!Files.isRegularFile(sum)) {
      problems.add("missing " + bundle.relativize(sum));
      return;
    }
    try {
      String written = Files.readString(sum).trim().split("\\s+")[0];
      String actual = HexFormat.of().formatHex(
          MessageDigest.getInstance(algorithm).digest(Files.readAllBytes(file)));
      if (!written.equalsIgnoreCase(actual)) {
        problems.add(bundle.relativize(sum) + " says " + written + ", the file's " + algorithm
            + " is " + actual);
      }
    } catch (IOException | NoSuchAlgorithmException e) {
      problems.add("cannot check " + bundle.relativize(sum) + ": " + e);
    }
  }

  private void checkJar(Path jar, String entrySuffix, String what) {
    try (JarFile file = new JarFile(jar.toFile())) {
      if (file.stream().noneMatch(entry -> entry.getName().endsWith(entrySuffix))) {
        problems.add(bundle.relativize(jar) + " holds no " + what);
      }
    } catch (IOException e) {
      problems.add(bundle.relativize(jar) + " is no readable jar: " + e.getMessage());
    }
  }

  private void checkPom(String artifactId, Path pom) {
    Document document;
    try (InputStream in = Files.newInputStream(pom)) {
      DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
      factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      document = factory.newDocumentBuilder().parse(in);
    } catch (Exception e) {
      problems.add(bundle.relativize(pom) + " is no readable POM: " + e.getMessage());
      return;
    }
    Element project = document.getDocumentElement();
    String where = bundle.relativize(pom).toString();
    if (child(project, "parent") != null) {
      problems.add(where + " has a parent, which the bundle does not hold: flatten the POM");
    }
    expect(where, project, "groupId", groupId);
    expect(where, project, "artifactId", artifactId);
    expect(where, project, "version", version);
    for (String element : List.of("name", "description", "url")) {
      required(where, project, element);
    }
    Element licenses = child(project, "licenses");
    List<Element> licenseList = children(licenses, "license");
    if (licenseList.isEmpty()) {
      problems.add(where + " names no license");
    }
    licenseList.forEach(license -> {
      required(where, license, "name");
      required(where, license, "url");
    });
    List<Element> developers = children(child(project, "developers"), "developer");
    if (developers.isEmpty()) {
      problems.add(where + " names no developer");
    }
    developers.forEach(developer -> required(where, developer, "name"));
    Element scm = child(project, "scm");
    if (scm == null) {
      problems.add(where + " has no scm");
    } else {
      for (String element : List.of("connection", "developerConnection", "url")) {
        required(where, scm, element);
      }
    }
    for (Element dependency : children(child(project, "dependencies"), "dependency")) {
      String coordinates = text(dependency, "groupId") + ":" + text(dependency, "artifactId");
      String dependencyVersion = text(dependency, "version");
      if (dependencyVersion == null || dependencyVersion.isBlank()) {
        problems.add(where + ": dependency " + coordinates + " has no version");
      } else if (dependencyVersion.contains("SNAPSHOT")) {
        problems.add(where + ": dependency " + coordinates + " is a SNAPSHOT ("
            + dependencyVersion + ")");
      }
      boolean ours = groupId.equals(text(dependency, "groupId"));
      if (ours && !"test".equals(text(dependency, "scope"))
          && !Files.isDirectory(directory(text(dependency, "artifactId")))) {
        problems.add(where + ": depends on " + coordinates + ", which the bundle does not"
            + " publish");
      }
    }
    String whole = project.getTextContent();
    if (whole.contains("${")) {
      problems.add(where + " holds an uninterpolated ${…} expression");
    }
    if (whole.contains("SNAPSHOT")) {
      problems.add(where + " names a SNAPSHOT");
    }
  }

  private void expect(String where, Element parent, String element, String expected) {
    String actual = text(parent, element);
    if (!expected.equals(actual)) {
      problems.add(where + ": <" + element + "> is " + (actual == null ? "missing" : actual)
          + ", expected " + expected);
    }
  }

  private void required(String where, Element parent, String element) {
    String value = text(parent, element);
    if (value == null || value.isBlank()) {
      problems.add(where + ": <" + parent.getTagName() + "> has no <" + element + ">");
    }
  }

  /** The bundle holds no artifact besides those given: nothing unpublished slips in. */
  private void checkNothingElse(List<String> artifactIds) throws IOException {
    Path groupDirectory = bundle.resolve(groupId.replace('.', '/'));
    Set<String> unexpected = new TreeSet<>();
    try (Stream<Path> files = Files.walk(bundle)) {
      files.filter(Files::isRegularFile)
          .filter(file -> !file.getFileName().toString().startsWith("maven-metadata"))
          .filter(file -> !file.startsWith(groupDirectory) || artifactIds.stream()
              .noneMatch(id -> file.startsWith(directory(id))))
          .forEach(file -> unexpected.add(bundle.relativize(file).toString()));
    }
    unexpected.forEach(file -> problems.add("not meant to be published: " + file));
  }

  private static Element child(Element parent, String name) {
    if (parent == null) {
      return null;
    }
    NodeList nodes = parent.getChildNodes();
    for (int i = 0; i < nodes.getLength(); i++) {
      Node node = nodes.item(i);
      if (node instanceof Element element && element.getTagName().equals(name)) {
        return element;
      }
    }
    return null;
  }

  private static List<Element> children(Element parent, String name) {
    List<Element> found = new ArrayList<>();
    if (parent == null) {
      return found;
    }
    NodeList nodes = parent.getChildNodes();
    for (int i = 0; i < nodes.getLength(); i++) {
      if (nodes.item(i) instanceof Element element && element.getTagName().equals(name)) {
        found.add(element);
      }
    }
    return found;
  }

  private static String text(Element parent, String name) {
    Element element = child(parent, name);
    return element == null ? null : element.getTextContent().trim();
  }
}
