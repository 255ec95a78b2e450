package dev.retryowner.source;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.EnumConstantDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import dev.retryowner.catalog.CallAfterFailure;
import dev.retryowner.catalog.CatalogEntry;
import dev.retryowner.catalog.CatalogMethods;
import dev.retryowner.catalog.CodeWords;
import dev.retryowner.catalog.EntryKind;
import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.GateConfig;
import dev.retryowner.catalog.RetryLoopEvidence;
import dev.retryowner.catalog.RuleDescriptor;
import dev.retryowner.catalog.RuleRegistry;
import dev.retryowner.catalog.Site;
import dev.retryowner.catalog.shape.ClassCode;
import dev.retryowner.catalog.shape.FailureReading;
import dev.retryowner.catalog.shape.MethodCode;
import dev.retryowner.catalog.shape.RetryShapes;
import dev.retryowner.catalog.shape.ShapeMatch;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The source engine of HandRolledRetry: a loop, recursion, re-schedule or re-send that runs an
 * operation again after a failure signal, outside the jobs packages. The decision procedure is
 * {@link dev.retryowner.catalog.shape.RetryShapes}, shared with the Error Prone check; this class
 * adapts JavaParser trees into its model ({@link SourceCode}) and reports the same lines: the loop
 * keyword, or the name of the re-running call. Files whose code can hold no failure signal (see
 * {@link FailureReading#mayAppearIn}), or has no loop keyword and no call, are not parsed unless
 * they name a catalog redelivery call, which needs no failure signal of its own.
 */
public final class HandRolledRetryCheck {
  private static final RuleDescriptor RULE = RuleRegistry.HAND_ROLLED_RETRY;
  /** The keywords of a loop. */
  private static final Set<String> LOOPS = Set.of("while", "for", "do");

  private final GateConfig config;
  private final TypeRelations relations;
  private final JavaSources sources;
  private final CatalogMethods delays;
  private final CatalogMethods shapeCalls;
  private final CatalogNameFilter redeliveryNames;
  /** The methods of the delays and calls the shapes read. */
  private final Set<String> catalogCallNames;
  /** {@link FailureReading#isSignalName}'s answers, by word; the parsers' threads share it. */
  private final Map<String, Boolean> signalNames = new ConcurrentHashMap<>();

  public HandRolledRetryCheck(GateConfig config, TypeRelations relations, JavaSources sources) {
    this.config = config;
    this.relations = relations;
    this.sources = sources;
    this.delays = config.catalog().delayCalls(RULE.name());
    this.shapeCalls = config.catalog().shapeCalls(RULE.name());
    this.catalogCallNames = Stream.of(delays, shapeCalls)
        .flatMap(calls -> calls.methodNames().stream()).collect(Collectors.toUnmodifiableSet());
    this.redeliveryNames = CatalogNameFilter.ofTypesAndMembers(Set.of(),
        config.catalog().entriesFor(RULE.name()).stream()
            .filter(entry -> entry.kind() == EntryKind.REDELIVERY_CALL)
            .map(CatalogEntry::memberName).collect(Collectors.toSet()));
  }

  /** The findings in every {@code .java} file under the roots; a root may be missing. */
  public List<Finding> findings(List<Path> sourceRoots) throws IOException {
    List<Finding> findings = new ArrayList<>();
    for (JavaSources.SourceFile source : JavaSources.javaFiles(sourceRoots)) {
      findings.addAll(checked(source).findings());
    }
    return findings;
  }

  /** The findings in one file, and the calls it makes after a failure. */
  Checked checked(JavaSources.SourceFile source) {
    return mayMatch(source) ? sources.unit(source.file())
        .map(unit -> check(unit, source)).orElse(Checked.NOTHING) : Checked.NOTHING;
  }

  /** What one file holds for this check. */
  record Checked(List<Finding> findings, List<CallAfterFailure> callsAfterFailure) {
    static final Checked NOTHING = new Checked(List.of(), List.of());
  }

  /** The cheap text test on one file, answered once per file. */
  boolean mayMatch(JavaSources.SourceFile source) {
    return sources.textMatches(source.file(), this,
        code -> mayMatch(code) || redeliveryNames.mayMatch(code));
  }

  /** The cheap text test on a file's code: a failure signal and something that can run again. */
  static boolean mayMatch(CodeWords code) {
    return FailureReading.mayAppearIn(code) && (code.hasParenthesis() || code.hasAny(LOOPS));
  }

  /**
   * True if the check may read a member with this code: it may read a failure or a retry, or it
   * holds a loop or a catalog call a shape reads (a redelivery, a delay, a call handed the
   * failure). A method without one only matters through the methods around it ({@link
   * ParseScope}).
   */
  boolean mayRead(CodeWords member) {
    return FailureReading.mayBeReadIn(member, this::isSignalName) || member.hasAny(LOOPS)
        || member.hasAny(catalogCallNames) || redeliveryNames.mayMatch(member);
  }

  private boolean isSignalName(String word) {
    return signalNames.computeIfAbsent(word, FailureReading::isSignalName);
  }

  private Checked check(CompilationUnit unit, JavaSources.SourceFile source) {
    String sourcePath = source.sourcePath();
    String packageName = unit.getPackageDeclaration().map(p -> p.getNameAsString()).orElse("");
    if (config.jobsPackages().stream().anyMatch(p -> p.matchesPackage(packageName))) {
      return Checked.NOTHING;
    }
    SourceTypeNames names = new SourceTypeNames(unit, relations);
    CompiledCalls compiled = CompiledCalls.of(sources, relations, source);
    SourceCatalogCalls delayCalls =
        new SourceCatalogCalls(delays, names, relations, unit, compiled);
    FileContext file = new FileContext(unit, sourcePath);
    SourceCode code = new SourceCode(delayCalls,
        new SourceCatalogCalls(shapeCalls, names, relations, unit, compiled),
        new SourceTypeFacts(names, relations, unit, compiled));
    List<Finding> findings = new ArrayList<>();
    List<CallAfterFailure> callsAfterFailure = new ArrayList<>();
    List<ClassCode> classes = classBodies(unit, code);
    RetryShapes.ClassMatches matches = RetryShapes.find(classes);
    for (Object origin : matches.callsAfterFailure()) {
      if (origin instanceof MethodCallExpr call) {
        call.getName().getBegin().ifPresent(begin -> callsAfterFailure.add(
            new CallAfterFailure(sourcePath, begin.line, call.getNameAsString())));
      }
    }
    for (ClassCode type : classes) {
      for (MethodCode method : type.units()) {
        for (ShapeMatch match : matches.in(method)) {
          Node origin = (Node) match.origin();
          int line = (origin instanceof MethodCallExpr call ? call.getName() : origin).getBegin()
              .map(p -> p.line).orElse(0);
          findings.add(finding(file, origin, line, match.what(), match.target()));
        }
      }
    }
    return new Checked(findings, callsAfterFailure);
  }

  /**
   * Every class body in the file (declared, nested, local, anonymous, enum constant bodies), each
   * with the body it is nested in; walked outside in, so an enclosing body comes first.
   */
  private static List<ClassCode> classBodies(CompilationUnit unit, SourceCode code) {
    Map<Node, ClassCode> bodies = new LinkedHashMap<>();
    unit.walk(node -> {
      if (node instanceof TypeDeclaration<?> type) {
        bodies.put(node, classCode(node, type.getNameAsString(), type.getMembers(), bodies, code));
      } else if (node instanceof ObjectCreationExpr creation
          && creation.getAnonymousClassBody().isPresent()) {
        bodies.put(node, classCode(node, "", creation.getAnonymousClassBody().get(), bodies, code));
      } else if (node instanceof EnumConstantDeclaration constant
          && !constant.getClassBody().isEmpty()) {
        bodies.put(node, classCode(node, "", constant.getClassBody(), bodies, code));
      }
    });
    return List.copyOf(bodies.values());
  }

  private static ClassCode classCode(Node node, String name, NodeList<BodyDeclaration<?>> members,
      Map<Node, ClassCode> bodies, SourceCode code) {
    ClassCode enclosing = null;
    for (Node above = node.getParentNode().orElse(null); above != null && enclosing == null;
        above = above.getParentNode().orElse(null)) {
      enclosing = bodies.get(above);
    }
    return new ClassCode(node, name, code.unitsOf(members), enclosing);
  }

  private Finding finding(FileContext file, Node node, int line, String what, String target) {
    Node classNode = SourceTypeNames.closestClass(node);
    SourceTypeNames names = new SourceTypeNames(file.unit(), relations);
    String className = classNode == null ? names.packageName()
        : names.binaryName(classNode).orElse(names.packageName());
    return new Finding(RULE.name(), className, SourceMembers.memberOf(node, classNode, names),
        file.sourcePath(), line, Site.CALL, target, what, RetryLoopEvidence.WHY);
  }

  /** One parsed file under check. */
  private record FileContext(CompilationUnit unit, String sourcePath) {}
}
