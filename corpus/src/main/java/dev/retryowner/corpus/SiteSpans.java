package dev.retryowner.corpus;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.Range;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.WhileStmt;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The lines a finding may sit on and still be about a labelled site. A label names one line (a
 * loop's keyword, a call, a client's origin), while an engine reports a statement at its first
 * line or a call at its own: the span is the statement that starts or holds the labelled line,
 * and for a loop, or another statement with a block ({@code if}, {@code try}), its header alone
 * (first line to the line where the block opens), so that a finding inside the body is not taken
 * for the header's call.
 */
final class SiteSpans implements AutoCloseable {
  /** First and last line, inclusive. */
  record Span(int first, int last) {
    boolean holds(int line) {
      return line >= first && line <= last;
    }
  }

  private final ZipFile sources;
  private final JavaParser parser = new JavaParser(new ParserConfiguration()
      .setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_17));
  private final Map<String, Optional<CompilationUnit>> units = new HashMap<>();

  SiteSpans(Path sourcesJar) throws IOException {
    this.sources = new ZipFile(sourcesJar.toFile());
  }

  /** The span of the site at {@code line} of {@code file}; the line alone if it cannot parse. */
  Span of(String file, int line) {
    Optional<CompilationUnit> unit = units.computeIfAbsent(file, this::parse);
    return unit.flatMap(u -> innermostStatementAt(u, line)).map(node -> span(node, line))
        .orElse(new Span(line, line));
  }

  private static Optional<Node> innermostStatementAt(CompilationUnit unit, int line) {
    Node best = null;
    for (Node node : unit.findAll(Node.class, n -> n instanceof Statement
        || n instanceof FieldDeclaration)) {
      if (node instanceof BlockStmt || node.getRange().isEmpty()) {
        continue;
      }
      Range range = node.getRange().get();
      if (range.begin.line <= line && range.end.line >= line
          && (best == null || encloses(best, range))) {
        best = node;
      }
    }
    return Optional.ofNullable(best);
  }

  private static boolean encloses(Node outer, Range inner) {
    Range range = outer.getRange().orElseThrow();
    return range.contains(inner) && !range.equals(inner);
  }

  private static Span span(Node node, int line) {
    Range range = node.getRange().orElseThrow();
    Optional<Statement> body = loopBody(node);
    if (body.isPresent()) {
      int header = body.get().getRange().map(r -> r.begin.line).orElse(range.begin.line);
      return node instanceof DoStmt ? new Span(line, line)
          : new Span(range.begin.line, Math.max(header, range.begin.line));
    }
    Optional<Integer> blockOpens = node.getChildNodes().stream()
        .filter(c -> c instanceof BlockStmt).map(c -> c.getRange().orElseThrow().begin.line)
        .min(Integer::compare);
    if (blockOpens.isPresent()) {
      return line <= blockOpens.get() ? new Span(range.begin.line, blockOpens.get())
          : new Span(line, line);
    }
    return new Span(range.begin.line, range.end.line);
  }

  private static Optional<Statement> loopBody(Node node) {
    if (node instanceof ForStmt loop) {
      return Optional.of(loop.getBody());
    }
    if (node instanceof ForEachStmt loop) {
      return Optional.of(loop.getBody());
    }
    if (node instanceof WhileStmt loop) {
      return Optional.of(loop.getBody());
    }
    if (node instanceof DoStmt loop) {
      return Optional.of(loop.getBody());
    }
    return Optional.empty();
  }

  private Optional<CompilationUnit> parse(String file) {
    ZipEntry entry = sources.getEntry(file);
    if (entry == null) {
      return Optional.empty();
    }
    try (InputStream in = sources.getInputStream(entry)) {
      String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      return parser.parse(text).getResult();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** True if the sources jar holds {@code file}. */
  boolean contains(String file) {
    return sources.getEntry(file) != null;
  }

  @Override
  public void close() throws IOException {
    sources.close();
  }
}
