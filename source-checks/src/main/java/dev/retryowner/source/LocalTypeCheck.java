package dev.retryowner.source;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import dev.retryowner.catalog.Engine;
import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.GateConfig;
import dev.retryowner.catalog.LayeringBoundary;
import dev.retryowner.catalog.RuleDescriptor;
import dev.retryowner.catalog.RuleRegistry;
import dev.retryowner.catalog.Site;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The source side of the rules that forbid types (the ForbiddenUse rules with source checks,
 * such as RetryOutsideJobs, each in its scope, and the Layering rules JobsInternalsOutsideJobs and
 * QueueEngineOutsideAdapter when configured): variables declared inside code (see {@link
 * LocalDeclaration}) whose written type, or a type argument, array element or wildcard bound of
 * it, is forbidden (see {@link ForbiddenLocalTypes}). Their types leave nothing in bytecode, so
 * only the source shows them. Each rule looks only at the classes it checks (its scope, e.g.
 * outside the jobs packages) and only at files whose text names a forbidden type.
 */
public final class LocalTypeCheck {
  private final TypeRelations relations;
  private final JavaSources sources;
  private final List<ForbiddenLocalTypes> rules;

  /**
   * Checks each ForbiddenUse rule the source engine implements and {@code config} enables, in its
   * scope, and each Layering
   * rule that {@code config} makes active.
   */
  public LocalTypeCheck(GateConfig config, TypeRelations relations, JavaSources sources) {
    this(rulesFor(config, relations), relations, sources);
  }

  /** Checks exactly these rules. */
  LocalTypeCheck(List<ForbiddenLocalTypes> rules, TypeRelations relations, JavaSources sources) {
    this.rules = List.copyOf(rules);
    this.relations = relations;
    this.sources = sources;
  }

  private static List<ForbiddenLocalTypes> rulesFor(GateConfig config, TypeRelations relations) {
    List<ForbiddenLocalTypes> rules = new ArrayList<>();
    for (RuleDescriptor rule : RuleRegistry.implementedBy(Engine.SOURCE)) {
      if (rule.forbiddenUseScope().isPresent() && config.isEnabled(rule)) {
        rules.add(ForbiddenLocalTypes.catalog(rule, config, relations));
      }
    }
    for (RuleDescriptor layering : List.of(RuleRegistry.JOBS_INTERNALS_OUTSIDE_JOBS,
        RuleRegistry.QUEUE_ENGINE_OUTSIDE_ADAPTER)) {
      if (config.whyInactive(layering).isEmpty()) {
        rules.add(ForbiddenLocalTypes.layering(LayeringBoundary.of(layering, config), relations));
      }
    }
    return rules;
  }

  /** The cheap text test: one of the rules may match the file; answered once per file. */
  boolean mayMatch(JavaSources.SourceFile source) {
    return rules.stream()
        .anyMatch(rule -> sources.textMatches(source.file(), rule, rule::mayMatch));
  }

  /** The findings in every {@code .java} file under the roots; a root may be missing. */
  public List<Finding> findings(List<Path> sourceRoots) throws IOException {
    List<Finding> findings = new ArrayList<>();
    for (JavaSources.SourceFile source : JavaSources.javaFiles(sourceRoots)) {
      findings.addAll(findingsIn(source));
    }
    return findings;
  }

  /** The findings in one file. */
  List<Finding> findingsIn(JavaSources.SourceFile source) {
    List<ForbiddenLocalTypes> candidates = rules.stream()
        .filter(rule -> sources.textMatches(source.file(), rule, rule::mayMatch)).toList();
    if (candidates.isEmpty()) {
      return List.of();
    }
    return sources.unit(source.file())
        .map(unit -> check(unit, source.sourcePath(), candidates)).orElse(List.of());
  }

  private List<Finding> check(CompilationUnit unit, String sourcePath,
      List<ForbiddenLocalTypes> candidates) {
    SourceTypeNames names = new SourceTypeNames(unit, relations);
    List<Finding> findings = new ArrayList<>();
    for (ForbiddenLocalTypes rule : candidates) {
      for (LocalDeclaration declaration : LocalDeclaration.in(unit)) {
        firstForbiddenMention(rule, declaration, names).ifPresent(mention -> {
          Node classNode = SourceTypeNames.closestClass(mention.written());
          Optional<String> className = classNode == null ? Optional.empty()
              : names.binaryName(classNode);
          className.ifPresent(name -> rule.scopeNote(name).ifPresent(note -> findings.add(
              finding(rule, declaration, mention, name, classNode, note, sourcePath, names))));
        });
      }
    }
    return findings;
  }

  /** The first class type the declaration names that the rule forbids, base type first. */
  private static Optional<Mention> firstForbiddenMention(ForbiddenLocalTypes rule,
      LocalDeclaration declaration, SourceTypeNames names) {
    for (ClassOrInterfaceType written : SourceTypeNames.classTypesIn(declaration.type())) {
      for (String candidate : names.candidates(written.getNameWithScope(), written)) {
        Optional<ForbiddenLocalTypes.Forbidden> forbidden = rule.forbidden(candidate);
        if (forbidden.isPresent()) {
          return Optional.of(new Mention(written, candidate, forbidden.get()));
        }
      }
    }
    return Optional.empty();
  }

  private static Finding finding(ForbiddenLocalTypes rule, LocalDeclaration declaration,
      Mention mention, String className, Node classNode, String scopeNote, String sourcePath,
      SourceTypeNames names) {
    int line = mention.written().getName().getBegin().map(p -> p.line).orElse(0);
    String message = "declares " + declaration.kind() + " '" + declaration.name() + "' of type "
        + mention.typeName().replace('$', '.') + mention.forbidden().qualifier() + scopeNote;
    return new Finding(rule.rule().name(), className,
        SourceMembers.memberOf(mention.written(), classNode, names), sourcePath, line, Site.LOCAL_TYPE,
        mention.forbidden().target(), message, mention.forbidden().reason());
  }

  /** A written class type and the binary name it resolved to, which the rule forbids. */
  private record Mention(ClassOrInterfaceType written, String typeName,
      ForbiddenLocalTypes.Forbidden forbidden) {
  }
}
