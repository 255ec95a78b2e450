package dev.retryowner.source;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import dev.retryowner.catalog.CatalogEntry;
import dev.retryowner.catalog.ClientCall;
import dev.retryowner.catalog.ClientRequirements;
import dev.retryowner.catalog.CodeWords;
import dev.retryowner.catalog.EntryViolation;
import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.GateConfig;
import dev.retryowner.catalog.RuleDescriptor;
import dev.retryowner.catalog.RuleRegistry;
import dev.retryowner.catalog.Site;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The source engine of HttpClientRetries (the BuilderRequirement shape), in every package: each
 * call and construction the catalog names is described as a {@link ClientCall} (see {@link
 * SourceClientCalls} for what the source shows of a receiver) and judged by {@link
 * ClientRequirements}: a NoRetry call without its NoRetry arguments, a retrying factory,
 * constructor or call (with the evidence its entry asks for, read by {@link SourceCallContexts}),
 * and a client flow ({@link ClientFlow}) from a builder origin that never switches retries off.
 * Findings sit on the line javac gives the instruction ({@link InstructionLines}), one per line.
 * A file is parsed only if its code names an entry's call: the entry's method (none for a
 * constructor) and the entry's type or a known subtype of it; or if it names a catalog method or
 * constructed type and a class compiled from it calls a catalog method on a client type (a
 * receiver handed out by another call names no type; {@link TypeRelations#callsCompiledFrom}).
 */
public final class HttpClientRetriesCheck {
  private static final RuleDescriptor RULE = RuleRegistry.HTTP_CLIENT_RETRIES;

  private final ClientRequirements requirements;
  private final TypeRelations relations;
  private final JavaSources sources;
  private final CatalogNameFilter filter;
  private final List<EntryNames> entryNames;

  public HttpClientRetriesCheck(GateConfig config, TypeRelations relations, JavaSources sources) {
    this.requirements = ClientRequirements.of(RULE, config);
    this.relations = relations;
    this.sources = sources;
    this.filter = CatalogNameFilter.ofTypesAndMembers(requirements.constructedTypes(),
        requirements.methodNames());
    Map<String, CatalogNameFilter> types =
        CatalogNameFilter.eachWithSubtypes(requirements.typeNames(), relations);
    this.entryNames = requirements.entries().stream()
        .map(entry -> new EntryNames(entry.memberName(), types.get(entry.typeName()))).toList();
  }

  /**
   * What a file must name for a call of one entry to be written in it: the entry's method (none
   * for a constructor) and its type or a known subtype, each as a whole word.
   */
  private record EntryNames(String method, CatalogNameFilter types) {
    boolean namedIn(CodeWords code) {
      return (method.isEmpty() || code.has(method)) && types.mayMatch(code);
    }
  }

  /**
   * The cheap text test: the file names a call of an entry, that is the entry's method and its
   * client type.
   */
  boolean mayMatch(JavaSources.SourceFile source) {
    return sources.textMatches(source.file(), entryNames,
        code -> entryNames.stream().anyMatch(entry -> entry.namedIn(code)));
  }

  /**
   * The findings in every {@code .java} file under the roots; a root may be missing. A file that
   * names no client type is still checked when a class compiled from it calls a catalog method on
   * one (a receiver handed out by another call names no type).
   */
  public List<Finding> findings(List<Path> sourceRoots) throws IOException {
    List<Finding> findings = new ArrayList<>();
    for (JavaSources.SourceFile source : JavaSources.javaFiles(sourceRoots)) {
      findings.addAll(findingsIn(source));
    }
    return findings;
  }

  /**
   * True if the check reads the file: it names an entry's call ({@link #mayMatch}), or it names
   * a catalog method or constructed type and a class compiled from it calls a catalog method on
   * a client type. Answered once per file, on whichever thread asks first.
   */
  boolean checks(JavaSources.SourceFile source) {
    return sources.fileFact(source.file(), requirements,
        () -> sources.textMatches(source.file(), filter, filter::mayMatch)
            && (mayMatch(source) || namesClientType(source.sourcePath())
                && CompiledCalls.of(sources, relations, source)
                    .anyCall(requirements.methodNames(), this::isClientType)));
  }

  /** The findings in one file. */
  List<Finding> findingsIn(JavaSources.SourceFile source) {
    if (!checks(source)) {
      return List.of();
    }
    return sources.unit(source.file()).map(unit -> check(unit, source.sourcePath(),
        CompiledCalls.of(sources, relations, source))).orElse(List.of());
  }

  /** False only if no class compiled from the file names a client type: it calls none. */
  private boolean namesClientType(String sourcePath) {
    return relations.typesNamedFrom(sourcePath)
        .map(types -> types.stream().anyMatch(this::isClientType)).orElse(true);
  }

  private boolean isClientType(String type) {
    return relations.selfAndSupertypes(type).stream()
        .anyMatch(requirements.typeNames()::contains);
  }

  private List<Finding> check(CompilationUnit unit, String sourcePath, CompiledCalls compiled) {
    FileContext file = new FileContext(new SourceTypeNames(unit, relations), sourcePath);
    SourceClientCalls calls =
        new SourceClientCalls(requirements, file.names(), relations, compiled);
    SourceCallContexts contexts = new SourceCallContexts(file.names(), relations, compiled);
    Set<String> methodNames = requirements.methodNames();
    Map<Integer, Finding> firstPerLine = new LinkedHashMap<>();
    unit.walk(Expression.class, node -> {
      List<ClientCall> described = List.of();
      Site site = Site.CALL;
      if (node instanceof MethodCallExpr call && methodNames.contains(call.getNameAsString())) {
        described = calls.call(call).map(List::of).orElse(List.of());
      } else if (node instanceof ObjectCreationExpr creation) {
        described = calls.constructions(creation);
        site = Site.CONSTRUCTOR_CALL;
      } else if (node instanceof MethodReferenceExpr reference
          && (reference.getIdentifier().equals("new")
              || methodNames.contains(reference.getIdentifier()))) {
        described = calls.reference(reference);
        site = Site.METHOD_REFERENCE;
      }
      if (!described.isEmpty()) {
        int line = InstructionLines.of(node);
        boolean readsContext = !(node instanceof MethodReferenceExpr);
        for (ClientCall each : described) {
          ClientCall call = readsContext && requirements.needsContext(each)
              ? each.withContext(contexts.of(node)) : each;
          judge(file, call, node, line, site)
              .forEach(finding -> firstPerLine.putIfAbsent(line, finding));
        }
      }
    });
    return List.copyOf(firstPerLine.values());
  }

  /**
   * What is wrong with one call: its own verdict, and for an origin the verdict on its flow. A
   * reference to an origin makes builders outside any flow.
   */
  private List<Finding> judge(FileContext file, ClientCall call, Expression node, int line,
      Site site) {
    List<Finding> found = new ArrayList<>();
    requirements.check(call).ifPresent(v -> found.add(finding(file, v, node, line, site)));
    List<CatalogEntry> origins = requirements.origins(call);
    if (!origins.isEmpty()) {
      Set<String> flow = node instanceof MethodReferenceExpr ? Set.of()
          : ClientFlow.methodNames(node);
      for (CatalogEntry origin : origins) {
        requirements.builtWithout(origin, call, flow)
            .ifPresent(v -> found.add(finding(file, v, node, line, site)));
      }
    }
    return found;
  }

  private static Finding finding(FileContext file, EntryViolation violation, Node node, int line,
      Site site) {
    // An anonymous class's own construction belongs to the class around it.
    Node classNode = node.getParentNode().map(SourceTypeNames::closestClass).orElse(null);
    String className = classNode == null ? file.names().packageName()
        : file.names().binaryName(classNode).orElse(file.names().packageName());
    return new Finding(RULE.name(), className, SourceMembers.memberOf(node, classNode, file.names()),
        file.sourcePath(), line, site, violation.entry().displayName(), violation.message(),
        violation.entry().reason());
  }

  /** One parsed file under check. */
  private record FileContext(SourceTypeNames names, String sourcePath) {}
}
