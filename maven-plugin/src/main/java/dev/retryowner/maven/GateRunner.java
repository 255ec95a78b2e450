package dev.retryowner.maven;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import dev.retryowner.archrules.ArchFindings;
import dev.retryowner.archrules.RetryOwnerRules;
import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.GateConfigException;
import dev.retryowner.catalog.PackagePattern;
import dev.retryowner.maven.custom.InstalledRules;
import dev.retryowner.maven.source.DeclarationLinePinner;
import dev.retryowner.maven.source.HandRolledRetryCheck;
import dev.retryowner.maven.source.HttpClientRetriesCheck;
import dev.retryowner.maven.source.JavaSources;
import dev.retryowner.maven.source.LocalTypeCheck;
import dev.retryowner.maven.source.TypeRelations;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * One gate run, free of Maven: imports the compiled classes into ArchUnit, evaluates every
 * retry-owner rule, pins declaration-site findings to their source lines, adds the source checks'
 * findings (declarations bytecode does not keep, and the rules the plugin checks in source only:
 * HandRolledRetry, HttpClientRetries), then the findings of the teams' own rules, and returns the
 * sorted union. The Mojo only adapts parameters and logging.
 */
public final class GateRunner {
  private static final int PACKAGES_SHOWN = 10;

  private final InstalledRules customRules;

  /** A runner of the built-in rules only. */
  public GateRunner() {
    this(InstalledRules.NONE);
  }

  /** A runner of the built-in rules and {@code customRules}. */
  public GateRunner(InstalledRules customRules) {
    this.customRules = customRules;
  }

  /** Runs the gate; configuration and IO problems are {@link GateException}s saying the fix. */
  public GateResult run(GateRequest request) throws GateException {
    try (SourceRoots roots = SourceRoots.open(request.sourceRoots())) {
      return run(request, roots.directories());
    }
  }

  private GateResult run(GateRequest request, List<Path> sourceRoots) throws GateException {
    long start = System.nanoTime();
    int sourceFileCount = countFiles(sourceRoots, ".java", request.selection());
    requireClassFiles(request.classes());
    JavaClasses classes = importClasses(request);
    requireEveryJobsPackageMatches(request, classes);
    CheckedClasses checked = CheckedClasses.of(classes, request);

    List<Finding> findings = new ArrayList<>();
    try {
      for (ArchRule rule : RetryOwnerRules.all(request.config())) {
        findings.addAll(ArchFindings.findings(rule, classes));
      }
    } catch (GateConfigException e) {
      throw new GateException("retry-owner: " + e.getMessage(), e);
    }
    findings.removeIf(finding -> !checked.contains(finding.className()));
    List<Finding> custom = customFindings(classes, checked);
    TypeRelations relations = new ArchUnitTypeRelations(classes);
    JavaSources sources = new JavaSources(request.sourceSettings());
    List<Finding> pinned = new ArrayList<>(
        new DeclarationLinePinner(sourceRoots, relations, sources).pin(findings));
    try {
      pinned.addAll(new LocalTypeCheck(request.config(), relations, sources)
          .findings(sourceRoots));
      pinned.addAll(new HandRolledRetryCheck(request.config(), relations, sources)
          .findings(sourceRoots));
      pinned.addAll(new HttpClientRetriesCheck(request.config(), relations, sources)
          .findings(sourceRoots));
    } catch (IOException e) {
      throw new GateException("retry-owner: cannot list the sources under " + sourceRoots + ": "
          + e.getMessage(), e);
    }
    pinned.removeIf(finding -> !request.selection().selects(finding.className()));
    pinned.addAll(custom);
    List<Finding> reported = distinctSorted(pinned);
    Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
    List<String> warnings =
        new ArrayList<>(UnreadableClassFiles.warnings(request.classes(), classes));
    warnings.addAll(checked.warnings());
    warnings.addAll(sources.warnings());
    return new GateResult(reported, checked.count(), sourceFileCount, elapsed, warnings);
  }

  /**
   * The custom rules' findings in the checked classes; they see every imported class, as the
   * built-in rules do, and a finding that names no class is kept, never dropped.
   */
  private List<Finding> customFindings(JavaClasses classes, CheckedClasses checked)
      throws GateException {
    List<Finding> custom = new ArrayList<>(customRules.findings(classes));
    custom.removeIf(finding -> !finding.className().isEmpty()
        && !checked.contains(finding.className()));
    return custom;
  }

  private static void requireClassFiles(Path classes) throws GateException {
    if (!Files.exists(classes)) {
      throw new GateException("retry-owner: no classes to check, " + classes + " does not exist."
          + " The gate reads compiled classes: run the goal after compile, e.g. mvn verify"
          + " (or mvn compile retry-owner:check).");
    }
    int count = UnreadableClassFiles.classFiles(classes).size();
    if (count == 0) {
      throw new GateException("retry-owner: no classes to check, " + classes + " holds no .class"
          + " files. Run the goal after compile, e.g. mvn verify.");
    }
  }

  /**
   * The files with this suffix under the roots whose class, named by the path ({@code
   * com/acme/Foo.java} is {@code com.acme.Foo}), the selection checks.
   */
  static int countFiles(List<Path> roots, String suffix, ClassSelection selection)
      throws GateException {
    int count = 0;
    for (Path root : roots) {
      try (Stream<Path> files = Files.walk(root)) {
        count += (int) files.map(file -> root.relativize(file).toString())
            .filter(path -> path.endsWith(suffix))
            .map(path -> path.substring(0, path.length() - suffix.length())
                .replace(root.getFileSystem().getSeparator(), "."))
            .filter(selection::selects).count();
      } catch (IOException | UncheckedIOException e) {
        throw new GateException("retry-owner: cannot list " + root + ": " + e.getMessage(), e);
      }
    }
    return count;
  }

  /**
   * Imports the classes and the context classes with the compile classpath as context class
   * loader: ArchUnit resolves the library types the classes name (supertypes, annotations) from
   * there, so a subclass of a subclass of a catalog type is still seen for what it is.
   */
  private static JavaClasses importClasses(GateRequest request) throws GateException {
    List<Path> imported = new ArrayList<>();
    imported.add(request.classes());
    imported.addAll(request.contextClasses());
    List<URL> urls = new ArrayList<>();
    try {
      for (Path element : imported) {
        urls.add(element.toUri().toURL());
      }
      for (Path element : request.classpath()) {
        urls.add(element.toUri().toURL());
      }
    } catch (MalformedURLException e) {
      throw new GateException("retry-owner: a classpath element is not a valid path: "
          + e.getMessage(), e);
    }
    Thread thread = Thread.currentThread();
    ClassLoader previous = thread.getContextClassLoader();
    try (URLClassLoader projectLoader = new URLClassLoader(urls.toArray(URL[]::new),
        ClassLoader.getPlatformClassLoader())) {
      thread.setContextClassLoader(projectLoader);
      return new ClassFileImporter().importLocations(
          imported.stream().map(CheckedClasses::location).toList());
    } catch (IOException e) {
      throw new GateException("retry-owner: cannot read classes from " + imported + ": "
          + e.getMessage(), e);
    } finally {
      thread.setContextClassLoader(previous);
    }
  }

  /** A jobs package that matches no class is a typo or a wrong module, never a silent pass. */
  private static void requireEveryJobsPackageMatches(GateRequest request, JavaClasses classes)
      throws GateException {
    for (PackagePattern pattern : request.config().jobsPackages()) {
      boolean matches = classes.stream().anyMatch(c -> pattern.matchesClass(c.getName()));
      if (!matches) {
        throw new GateException("retry-owner: the jobs package pattern '" + pattern
            + "' matches no class in " + request.classes() + ". Packages seen: "
            + topPackages(classes) + ". Fix <jobsPackage> (or -Dretryowner.jobsPackages) to"
            + " name the package that owns retries in this module, e.g. com.acme.jobs, or"
            + " com.acme.**.jobs for a jobs package at any depth.");
      }
    }
  }

  /** The outermost packages holding classes, e.g. {@code com.acme.app, com.acme.jobs}. */
  private static String topPackages(JavaClasses classes) {
    Set<String> packages = new TreeSet<>();
    classes.forEach(c -> packages.add(c.getPackageName().isEmpty() ? "(default package)"
        : c.getPackageName()));
    List<String> top = packages.stream()
        .filter(p -> packages.stream().noneMatch(q -> !q.equals(p) && p.startsWith(q + ".")))
        .toList();
    String shown = String.join(", ", top.subList(0, Math.min(PACKAGES_SHOWN, top.size())));
    return top.size() > PACKAGES_SHOWN
        ? shown + " (and " + (top.size() - PACKAGES_SHOWN) + " more)" : shown;
  }

  /**
   * One finding per rule, file, line and message, ordered by file and line; bytecode may report
   * the same use twice (e.g. a field initializer copied into every constructor).
   */
  private static List<Finding> distinctSorted(List<Finding> findings) {
    Map<List<Object>, Finding> distinct = new LinkedHashMap<>();
    for (Finding finding : findings) {
      distinct.putIfAbsent(List.of(finding.rule(), finding.sourcePath(), finding.line(),
          finding.message()), finding);
    }
    return distinct.values().stream()
        .sorted(Comparator.comparing(Finding::sourcePath).thenComparingInt(Finding::line)
            .thenComparing(Finding::rule).thenComparing(Finding::message))
        .toList();
  }
}
