package dev.retryowner.gate;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.lang.ArchRule;
import dev.retryowner.archrules.ArchExemptions;
import dev.retryowner.archrules.ArchFindings;
import dev.retryowner.archrules.RetryOwnerRules;
import dev.retryowner.archrules.RetryingComponents;
import dev.retryowner.catalog.CallAfterFailure;
import dev.retryowner.catalog.Catalog;
import dev.retryowner.catalog.CatalogEntry;
import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.GateConfig;
import dev.retryowner.catalog.GateConfigException;
import dev.retryowner.catalog.PackagePattern;
import dev.retryowner.catalog.RelatedLocation;
import dev.retryowner.catalog.RuleRegistry;
import dev.retryowner.gate.amplification.AmplificationMap;
import dev.retryowner.gate.custom.InstalledRules;
import dev.retryowner.gate.helpers.ClassPathRetryHelpers;
import dev.retryowner.source.AccessLinePinner;
import dev.retryowner.source.JavaSources;
import dev.retryowner.source.SourceEngine;
import dev.retryowner.source.TypeRelations;
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
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * One gate run, free of Maven: imports the compiled classes into ArchUnit, evaluates every
 * retry-owner rule, pins declaration-site findings to their source lines, adds the source checks'
 * findings (declarations bytecode does not keep, and the rules the plugin checks in source only:
 * HandRolledRetry, HttpClientRetries), then the findings of the teams' own rules, and returns the
 * sorted union. Exemptions ({@code @RetryOwnerExempt}, read from the class files) are applied
 * here, once, to every engine's findings: a covered finding moves to the result's exempted list.
 * The Mojo only adapts parameters and logging.
 */
public final class GateRunner {
  private static final int PACKAGES_SHOWN = 10;
  private static final Comparator<RelatedLocation> BY_PLACE = Comparator
      .comparing(RelatedLocation::sourcePath).thenComparingInt(RelatedLocation::line)
      .thenComparing(RelatedLocation::message);

  private final InstalledRules customRules;
  private final boolean importFilter;

  /** A runner of the built-in rules only. */
  public GateRunner() {
    this(InstalledRules.NONE);
  }

  /** A runner of the built-in rules and {@code customRules}. */
  public GateRunner(InstalledRules customRules) {
    this(customRules, true);
  }

  /**
   * A runner of the built-in rules and {@code customRules}; {@code importFilter} false imports
   * every class into ArchUnit instead of what the {@link ImportFilter} keeps (for diagnosis; the
   * findings are the same, only slower). With custom rules the filter is off anyway.
   */
  public GateRunner(InstalledRules customRules, boolean importFilter) {
    this.customRules = customRules;
    this.importFilter = importFilter;
  }

  /** Runs the gate; configuration and IO problems are {@link GateException}s saying the fix. */
  public GateResult run(GateRequest request) throws GateException {
    // The loader stays open for the whole run: the source checks read library types through it.
    try (SourceRoots roots = SourceRoots.open(request.sourceRoots());
        URLClassLoader projectLoader = projectLoader(request)) {
      return run(request, roots.directories(), projectLoader);
    } catch (IOException e) {
      throw new GateException("retry-owner: cannot read classes from " + imported(request) + ": "
          + e.getMessage(), e);
    }
  }

  private GateResult run(GateRequest asked, List<Path> sourceRoots,
      URLClassLoader projectLoader) throws GateException, IOException {
    long start = System.nanoTime();
    int sourceFileCount = countFiles(sourceRoots, ".java", asked.selection());
    ClassFileScreen.Screened screened = screened(asked);
    GateRequest request = withHelpersOnTheClassPath(asked, screened.readable(), projectLoader);
    Set<String> sourcePaths = sourcePaths(sourceRoots);
    IsolatingImport imports = new IsolatingImport(imported(request), projectLoader, screened);
    ImportSelection first = selection(request, screened, projectLoader);
    JavaClasses firstImport = imports.of(first);
    // When the import left out a file ArchUnit failed on, select again without it, so that the
    // filter keeps a class in its place where that file was the only one of a pattern.
    boolean again = imports.screened() != screened;
    ImportSelection selection = again ? selection(request, imports.screened(), projectLoader)
        : first;
    JavaClasses classes = again ? imports.of(selection) : firstImport;
    Set<String> classNames = new HashSet<>(selection.droppedClasses());
    classes.forEach(c -> classNames.add(c.getName()));
    requireEveryJobsPackageMatches(request, classNames);
    CheckedClasses checked =
        CheckedClasses.of(classes, selection.droppedFrom(request.classes()), request);

    List<Finding> findings = new ArrayList<>();
    try {
      for (ArchRule rule : RetryOwnerRules.allReportingExemptedFindings(request.config(),
          customRules.names())) {
        findings.addAll(ArchFindings.findings(rule, classes));
      }
    } catch (GateConfigException e) {
      throw new GateException("retry-owner: " + e.getMessage(), e);
    }
    findings.removeIf(finding -> !checked.contains(finding.className()));
    List<Finding> custom = customFindings(classes, checked);
    JavaSources sources = new JavaSources(request.sourceSettings());
    List<Finding> pinned = new ArrayList<>(findings);
    List<CallAfterFailure> callsAfterFailure = List.of();
    // Without a source file the pinner and the source checks can find nothing, and preparing
    // them (type relations of every class) is costly on a large scan; the amplification map
    // needs the relations too.
    boolean amplify = request.config().isEnabled(RuleRegistry.RETRY_AMPLIFICATION);
    TypeRelations relations = sourcePaths.isEmpty() && !amplify ? null
        : selection.relations().orElseGet(() -> new ArchUnitTypeRelations(classes));
    if (!sourcePaths.isEmpty()) {
      try {
        SourceEngine.Result fromSources = new SourceEngine(request.config(), relations, sources)
            .run(sourceRoots, findings);
        pinned = new ArrayList<>(fromSources.findings());
        callsAfterFailure = fromSources.callsAfterFailure();
      } catch (IOException e) {
        throw new GateException("retry-owner: cannot list the sources under " + sourceRoots
            + ": " + e.getMessage(), e);
      }
    }
    List<Finding> retryLayers = List.copyOf(pinned);
    JavaClasses wholeProgram = selection.around(RetryingComponents.retryingClasses(pinned))
        .map(imports::of).orElse(classes);
    AccessLinePinner accessLines = new AccessLinePinner(sourceRoots, sources);
    RetryingComponents.SwitchedOn switchedOn = RetryingComponents.switchedOn(pinned,
        callsAfterFailure, wholeProgram, request.config());
    pinned = withConstructions(pinned, switchedOn.constructions().stream()
        .filter(construction -> checked.contains(construction.at().className())).toList(),
        accessLines);
    switchedOn.findings().stream()
        .filter(finding -> checked.contains(finding.className()))
        .map(accessLines::pin).forEach(pinned::add);
    AmplificationMap amplification = AmplificationMap.NONE;
    if (amplify) {
      amplification = AmplificationMap.of(
          AmplificationInput.read(imports.screened().readable(), selection.leavingOut(
              imports.screened().unreadableEntries()), request.config(), retryLayers),
          retryLayers, request.config(), relations,
          name -> checked.contains(name) && request.selection().selects(name));
      pinned.addAll(amplification.findings());
    }
    pinned.removeIf(finding -> !request.selection().selects(finding.className()));
    pinned.addAll(custom);
    List<Finding> uses = new ArrayList<>(distinctSorted(pinned));
    List<ExemptedFinding> exempted =
        ExemptedFinding.coveredBy(ArchExemptions.read(union(classes, wholeProgram),
            customRules.names()), uses);
    uses.removeAll(exempted.stream().map(ExemptedFinding::finding).toList());
    List<Finding> reported = distinctSorted(request.config().catalog().mechanisms(uses));
    Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
    List<String> warnings = new ArrayList<>(imports.screened().warnings(request.classes()));
    warnings.addAll(checked.warnings());
    warnings.addAll(sources.warnings());
    return new GateResult(reported, checked.count(), sourceFileCount, elapsed, warnings,
        exempted, amplification);
  }

  /**
   * The request with the retry helpers its classes call on the class path added to its catalog
   * ({@link ClassPathRetryHelpers}), when RetryOutsideJobs runs; those of the jobs packages are
   * the job layer's own.
   */
  private static GateRequest withHelpersOnTheClassPath(GateRequest request,
      Map<Path, List<String>> classFiles, ClassLoader projectLoader) throws IOException {
    GateConfig config = request.config();
    if (!config.isEnabled(RuleRegistry.RETRY_OUTSIDE_JOBS)) {
      return request;
    }
    List<byte[]> checked = new ArrayList<>();
    try (ClassFiles files = ClassFiles.open(request.classes())) {
      for (String entry : classFiles.get(request.classes())) {
        try {
          checked.add(files.read(entry));
        } catch (UncheckedIOException unreadable) {
          // Listed among the unreadable class files with the other warnings.
        }
      }
    }
    Catalog found = ClassPathRetryHelpers.foundIn(checked, projectLoader, config.catalog());
    List<CatalogEntry> outsideTheJobLayer = found.entries().stream()
        .filter(entry -> !config.isInJobsPackages(entry.typeName())).toList();
    return outsideTheJobLayer.isEmpty() ? request
        : request.withConfig(config.withCatalog(Catalog.of(outsideTheJobLayer)));
  }

  /**
   * The findings, each retrying class's finding with the places that construct the class as
   * related places: constructing a class of the same module switches its retry on, which is
   * no finding of its own (one retry, one finding).
   */
  private static List<Finding> withConstructions(List<Finding> findings,
      List<RetryingComponents.Construction> constructions, AccessLinePinner accessLines) {
    Map<Finding, List<RelatedLocation>> byCause = new IdentityHashMap<>();
    for (RetryingComponents.Construction construction : constructions) {
      byCause.computeIfAbsent(construction.cause(), cause -> new ArrayList<>(cause.related()))
          .add(accessLines.pin(construction.at()).asRelated());
    }
    List<Finding> with = new ArrayList<>();
    findings.forEach(finding -> with.add(byCause.containsKey(finding)
        ? finding.withRelated(byCause.get(finding).stream().distinct()
            .sorted(BY_PLACE).toList()) : finding));
    return with;
  }

  /** The classes of both imports, each once. */
  private static List<JavaClass> union(JavaClasses classes, JavaClasses more) {
    List<JavaClass> union = new ArrayList<>();
    classes.forEach(union::add);
    if (more != classes) {
      more.stream().filter(c -> !classes.contain(c.getName())).forEach(union::add);
    }
    return union;
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

  /** What the import reads of the screened class files: the filter's choice, or every file. */
  private ImportSelection selection(GateRequest request, ClassFileScreen.Screened screened,
      ClassLoader projectLoader) throws GateException {
    return (importFilter && customRules.names().isEmpty()
        ? ImportFilter.of(request.config()).select(screened.readable(), projectLoader)
        : ImportSelection.everything(Map.of())).leavingOut(screened.unreadableEntries());
  }

  /**
   * The class files of every imported location, listed and screened once for the whole run; the
   * checked location must hold some that can be read.
   */
  private static ClassFileScreen.Screened screened(GateRequest request) throws GateException {
    Path classes = request.classes();
    if (!Files.exists(classes)) {
      throw new GateException(frontEnd -> "retry-owner: no classes to check, " + classes
          + " does not exist. The gate reads compiled classes: " + frontEnd.compileFirst() + ".");
    }
    Map<Path, List<String>> classFiles = new LinkedHashMap<>();
    for (Path location : imported(request)) {
      classFiles.put(location, UnreadableClassFiles.classFiles(location));
    }
    if (classFiles.get(classes).isEmpty()) {
      throw new GateException(frontEnd -> "retry-owner: no classes to check, " + classes
          + " holds no .class files. The gate reads compiled classes: " + frontEnd.compileFirst()
          + ".");
    }
    ClassFileScreen.Screened screened = ClassFileScreen.screen(classFiles);
    if (screened.readable().get(classes).isEmpty()) {
      throw new GateException("retry-owner: no classes to check: none of the "
          + classFiles.get(classes).size() + " class files in " + classes + " can be read. "
          + String.join(" ", screened.warnings(classes).stream().limit(3).toList()));
    }
    return screened;
  }

  /**
   * The files with this suffix under the roots whose class, named by the path ({@code
   * com/acme/Foo.java} is {@code com.acme.Foo}), the selection checks.
   */
  public static int countFiles(List<Path> roots, String suffix, ClassSelection selection)
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

  /** The source files under the roots, as paths below their root ({@code com/acme/Foo.java}). */
  private static Set<String> sourcePaths(List<Path> roots) throws GateException {
    Set<String> paths = new HashSet<>();
    for (Path root : roots) {
      try (Stream<Path> files = Files.walk(root)) {
        files.map(file -> root.relativize(file).toString()).filter(p -> p.endsWith(".java"))
            .forEach(p -> paths.add(p.replace(root.getFileSystem().getSeparator(), "/")));
      } catch (IOException | UncheckedIOException e) {
        throw new GateException("retry-owner: cannot list " + root + ": " + e.getMessage(), e);
      }
    }
    return paths;
  }

  /** The checked classes' location, then the context classes'. */
  private static List<Path> imported(GateRequest request) {
    List<Path> imported = new ArrayList<>();
    imported.add(request.classes());
    imported.addAll(request.contextClasses());
    return imported;
  }

  /** The classes, the context classes and the compile classpath, over the platform classes. */
  private static URLClassLoader projectLoader(GateRequest request) throws GateException {
    List<URL> urls = new ArrayList<>();
    try {
      for (Path element : imported(request)) {
        urls.add(element.toUri().toURL());
      }
      for (Path element : request.classpath()) {
        urls.add(element.toUri().toURL());
      }
    } catch (MalformedURLException e) {
      throw new GateException("retry-owner: a classpath element is not a valid path: "
          + e.getMessage(), e);
    }
    return new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
  }

  /** A jobs package that matches no class is a typo or a wrong module, never a silent pass. */
  private static void requireEveryJobsPackageMatches(GateRequest request, Set<String> classes)
      throws GateException {
    for (PackagePattern pattern : request.config().jobsPackages()) {
      boolean matches = classes.stream().anyMatch(pattern::matchesClass);
      if (!matches) {
        throw new GateException(frontEnd -> "retry-owner: the jobs package pattern '" + pattern
            + "' matches no class in " + request.classes() + ". Packages seen: "
            + topPackages(classes) + ". Fix " + frontEnd.whereSet(GateOption.JOBS_PACKAGES)
            + " to name the package that owns retries in this module, e.g. com.acme.jobs, or"
            + " com.acme.**.jobs for a jobs package at any depth.");
      }
    }
  }

  /** The outermost packages holding classes, e.g. {@code com.acme.app, com.acme.jobs}. */
  private static String topPackages(Set<String> classes) {
    Set<String> packages = new TreeSet<>();
    classes.forEach(c -> packages.add(c.lastIndexOf('.') < 0 ? "(default package)"
        : c.substring(0, c.lastIndexOf('.'))));
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
