package dev.retryowner.maven.source;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.InitializerDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import dev.retryowner.catalog.CatalogEntry;
import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.ForbiddenUseIndex;
import dev.retryowner.catalog.ForbiddenUseScope;
import dev.retryowner.catalog.GateConfig;
import dev.retryowner.catalog.RuleDescriptor;
import dev.retryowner.catalog.Site;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The source side of a ForbiddenUse rule (RetryOutsideJobs): variables declared inside code (see
 * {@link LocalDeclaration}) whose written type, or a type argument, array element or wildcard
 * bound of it, is one of the rule's catalog types, a type nested in one or a subtype of one.
 * Their types leave nothing in bytecode, so only the source shows them. Declarations in classes
 * outside the rule's scope are skipped; files whose text names no catalog type are not parsed.
 */
public final class LocalTypeCheck {
  private final RuleDescriptor rule;
  private final ForbiddenUseScope scope;
  private final TypeRelations relations;
  private final JavaSources sources;
  private final ForbiddenUseIndex forbidden;
  private final CatalogNameFilter filter;

  public LocalTypeCheck(RuleDescriptor rule, GateConfig config, TypeRelations relations,
      JavaSources sources) {
    this.rule = rule;
    this.scope = config.forbiddenUseScope(rule);
    this.relations = relations;
    this.sources = sources;
    this.forbidden = config.catalog().forbiddenUse(rule.name());
    this.filter = CatalogNameFilter.of(forbidden, relations);
  }

  /** The findings in every {@code .java} file under the roots; a root may be missing. */
  public List<Finding> findings(List<Path> sourceRoots) throws IOException {
    List<Finding> findings = new ArrayList<>();
    for (Path root : sourceRoots) {
      if (!Files.isDirectory(root)) {
        continue;
      }
      List<Path> files;
      try (Stream<Path> walk = Files.walk(root)) {
        files = walk.filter(p -> p.toString().endsWith(".java") && Files.isRegularFile(p))
            .sorted().toList();
      } catch (UncheckedIOException e) {
        throw e.getCause();
      }
      for (Path file : files) {
        String sourcePath = root.relativize(file).toString().replace('\\', '/');
        boolean mayMatch = sources.text(file).filter(filter::mayMatch).isPresent();
        if (mayMatch) {
          sources.unit(file).ifPresent(unit -> findings.addAll(check(unit, sourcePath)));
        }
      }
    }
    return findings;
  }

  private List<Finding> check(CompilationUnit unit, String sourcePath) {
    SourceTypeNames names = new SourceTypeNames(unit, relations);
    List<Finding> findings = new ArrayList<>();
    for (LocalDeclaration declaration : LocalDeclaration.in(unit)) {
      firstForbiddenMention(declaration, names).ifPresent(mention -> {
        Node classNode = SourceTypeNames.closestClass(mention.written());
        Optional<String> className = classNode == null ? Optional.empty()
            : names.binaryName(classNode);
        Optional<String> where = className.flatMap(
            name -> scope.reasonFor(new RelationsScopeSubject(name, relations)));
        if (where.isPresent()) {
          findings.add(finding(declaration, mention, className.get(), classNode, where.get(),
              sourcePath));
        }
      });
    }
    return findings;
  }

  /** The first class type the declaration names that the catalog forbids, base type first. */
  private Optional<Mention> firstForbiddenMention(LocalDeclaration declaration,
      SourceTypeNames names) {
    for (ClassOrInterfaceType written : SourceTypeNames.classTypesIn(declaration.type())) {
      for (String candidate : names.candidates(written.getNameWithScope(), written)) {
        for (String type : relations.selfAndSupertypes(candidate)) {
          Optional<CatalogEntry> entry = forbidden.type(type);
          if (entry.isPresent()) {
            return Optional.of(new Mention(written, candidate, entry.get()));
          }
        }
      }
    }
    return Optional.empty();
  }

  private Finding finding(LocalDeclaration declaration, Mention mention, String className,
      Node classNode, String where, String sourcePath) {
    int line = mention.written().getName().getBegin().map(p -> p.line).orElse(0);
    String used = "declares " + declaration.kind() + " '" + declaration.name() + "' of type "
        + mention.typeName().replace('$', '.');
    String message = (mention.typeName().equals(mention.entry().typeName()) ? used
        : used + " (catalog entry " + mention.entry().displayName() + ")")
        + (scope.namesMembership() ? " " + where : "");
    return new Finding(rule.name(), className, memberOf(mention.written(), classNode),
        sourcePath, line, Site.LOCAL_TYPE, mention.entry().displayName(), message,
        mention.entry().reason());
  }

  /**
   * The member holding the declaration, as bytecode names it: {@code name(Written, Types)},
   * {@code <init>(...)}, {@code <clinit>()}, or the field whose initializer holds it.
   */
  private static String memberOf(Node node, Node classNode) {
    for (Node n = node; n != null && n != classNode; n = n.getParentNode().orElse(null)) {
      if (n instanceof CallableDeclaration<?> callable) {
        String signature = callable.getSignature().asString();
        return callable instanceof ConstructorDeclaration
            ? "<init>" + signature.substring(signature.indexOf('(')) : signature;
      }
      if (n instanceof VariableDeclarator field
          && field.getParentNode().orElse(null) instanceof FieldDeclaration) {
        return field.getNameAsString();
      }
      if (n instanceof InitializerDeclaration initializer) {
        return initializer.isStatic() ? "<clinit>()" : "<init>()";
      }
    }
    return "";
  }

  /** A written class type and the binary name it resolved to, which the entry forbids. */
  private record Mention(ClassOrInterfaceType written, String typeName, CatalogEntry entry) {
  }
}
