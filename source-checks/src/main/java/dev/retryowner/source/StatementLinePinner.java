package dev.retryowner.source;

import com.github.javaparser.Range;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.Statement;
import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.RuleRegistry;
import dev.retryowner.catalog.Site;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One finding a statement for the ForbiddenUse rules, as the Error Prone checks report them: a
 * builder chain over several lines is one use of the library, not one per chained call. The uses
 * in code, and the declared type of a local variable or a field, of the innermost statement (not
 * a block, nor a lambda's body) or field declaration that holds their lines become one finding
 * at the lowest of their lines, where the chain starts using the library ({@code .retryWhen(..)}
 * four lines below {@code return}); a declaration's stands for its statement, at the line of its
 * type. A finding whose source is not found stays where it is.
 */
public final class StatementLinePinner {
  private static final Set<Site> MOVED = Set.of(Site.CALL, Site.CONSTRUCTOR_CALL,
      Site.METHOD_REFERENCE, Site.FIELD_ACCESS, Site.LOCAL_TYPE, Site.FIELD_TYPE);

  private final List<Path> sourceRoots;
  private final JavaSources sources;
  private final Map<String, List<StatementSpan>> spansByFile = new HashMap<>();

  public StatementLinePinner(List<Path> sourceRoots, JavaSources sources) {
    this.sourceRoots = List.copyOf(sourceRoots);
    this.sources = sources;
  }

  /**
   * The findings in the same order, less those that share a statement with another: the
   * declaration's finding stands for its statement (as Error Prone meets the declaration first),
   * else the first one.
   */
  public List<Finding> pin(List<Finding> findings) {
    List<Finding> pinned = new ArrayList<>();
    Map<String, Integer> kept = new HashMap<>();
    for (Finding finding : findings) {
      if (!isForbiddenUse(finding) || !MOVED.contains(finding.site())) {
        pinned.add(finding);
        continue;
      }
      Optional<StatementSpan> statement = spans(finding.sourcePath()).stream()
          .filter(span -> span.holds(finding.line()))
          .max(Comparator.comparing(span -> span.range().begin));
      if (statement.isEmpty()) {
        pinned.add(finding);
        continue;
      }
      Finding moved = isDeclaration(finding) || statement.get().isDeclaration()
          ? finding.atLine(statement.get().firstLine()) : finding;
      String key = finding.rule() + " " + finding.sourcePath() + " " + statement.get().range();
      Integer index = kept.get(key);
      if (index == null) {
        kept.put(key, pinned.size());
        pinned.add(moved);
      } else if (isDeclaration(moved) && !isDeclaration(pinned.get(index))
          || !isDeclaration(pinned.get(index)) && moved.line() < pinned.get(index).line()) {
        pinned.set(index, moved);
      }
    }
    return pinned;
  }

  private static boolean isDeclaration(Finding finding) {
    return !finding.site().isInCode();
  }

  private static boolean isForbiddenUse(Finding finding) {
    return RuleRegistry.byName(finding.rule())
        .map(rule -> rule.forbiddenUseScope().isPresent()).orElse(false);
  }

  private List<StatementSpan> spans(String sourcePath) {
    return spansByFile.computeIfAbsent(sourcePath, path -> JavaSources.find(sourceRoots, path)
        .flatMap(sources::unit).map(StatementLinePinner::spansOf).orElse(List.of()));
  }

  private static List<StatementSpan> spansOf(CompilationUnit unit) {
    List<StatementSpan> spans = new ArrayList<>();
    unit.walk(node -> {
      boolean statement = node instanceof Statement && !(node instanceof BlockStmt)
          && !(node.getParentNode().orElse(null) instanceof LambdaExpr);
      if (statement || node instanceof FieldDeclaration) {
        node.getRange().ifPresent(range -> spans.add(new StatementSpan(range, firstLine(node),
            isDeclaration(node))));
      }
    });
    return spans;
  }

  private static boolean isDeclaration(Node node) {
    return node instanceof FieldDeclaration || node instanceof ExpressionStmt expression
        && expression.getExpression() instanceof VariableDeclarationExpr;
  }

  /** The statement's start; for a declaration, the line of its type. */
  private static int firstLine(Node node) {
    Optional<Node> type = node instanceof FieldDeclaration field
        ? Optional.of(field.getElementType())
        : node instanceof ExpressionStmt expression
            && expression.getExpression() instanceof VariableDeclarationExpr declaration
            ? Optional.of(declaration.getElementType()) : Optional.empty();
    return type.flatMap(Node::getBegin).or(node::getBegin).map(p -> p.line).orElse(0);
  }

  /**
   * A statement's lines, the line it starts at (a declaration's: its type's), and whether it
   * declares variables, whose findings are reported at that line.
   */
  private record StatementSpan(Range range, int firstLine, boolean isDeclaration) {
    boolean holds(int line) {
      return range.begin.line <= line && line <= range.end.line;
    }
  }
}
