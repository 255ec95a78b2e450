package dev.retryowner.maven.source;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.Problem;
import com.github.javaparser.ast.CompilationUnit;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * Reads and parses source files for the source checks of one gate run, each file at most once. A
 * file that cannot be read or parsed is a warning, never a failure: the bytecode rules still saw
 * its classes. {@link #parseAhead} parses on every core; the rest is for one thread.
 */
public final class JavaSources {
  private final Charset encoding;
  /** JavaParser instances are not shared between threads. */
  private final ThreadLocal<JavaParser> parser;
  private final Map<Path, Optional<String>> texts = new ConcurrentHashMap<>();
  private final Map<Path, Optional<CompilationUnit>> units = new ConcurrentHashMap<>();
  /** One warning per file, reported in the order of the files. */
  private final Map<Path, String> warnings = new ConcurrentSkipListMap<>();

  /** Sources in UTF-8 at the newest Java release the parser knows. */
  public JavaSources() {
    this(SourceSettings.DEFAULT);
  }

  /** Sources read in the settings' encoding and parsed at their language level. */
  public JavaSources(SourceSettings settings) {
    this.encoding = settings.encoding();
    this.parser = ThreadLocal.withInitial(() -> new JavaParser(
        new ParserConfiguration().setLanguageLevel(settings.languageLevel())));
  }

  /**
   * Parses, in parallel, the files under the roots whose text {@code wanted} accepts, so that
   * the checks, which ask for them one at a time, find them parsed: parsing is most of their
   * work.
   */
  public void parseAhead(List<Path> sourceRoots, Predicate<String> wanted) throws IOException {
    javaFiles(sourceRoots).parallelStream().map(SourceFile::file)
        .filter(file -> text(file).filter(wanted).isPresent())
        .forEach(this::unit);
  }

  /** The file's text, or empty after a warning. */
  Optional<String> text(Path file) {
    Path key = file.toAbsolutePath().normalize();
    Optional<String> known = texts.get(key);
    if (known == null) {
      known = read(key);
      texts.put(key, known);
    }
    return known;
  }

  private Optional<String> read(Path file) {
    try {
      return Optional.of(Files.readString(file, encoding));
    } catch (CharacterCodingException e) {
      warnings.put(file, file + " is not valid " + encoding + " text; " + consequence()
          + ". Set <sourceEncoding> (or project.build.sourceEncoding) to the sources'"
          + " encoding.");
      return Optional.empty();
    } catch (IOException e) {
      warnings.put(file, "cannot read " + file + " (" + e.getMessage() + "); "
          + consequence());
      return Optional.empty();
    }
  }

  /** The file a source path (relative to its root) names, under the first root that holds it. */
  static Optional<Path> find(List<Path> sourceRoots, String sourcePath) {
    return sourceRoots.stream().map(root -> root.resolve(sourcePath))
        .filter(Files::isRegularFile).findFirst();
  }

  /** The parsed file, or empty after a warning naming the first problem. */
  Optional<CompilationUnit> unit(Path file) {
    Path key = file.toAbsolutePath().normalize();
    Optional<CompilationUnit> known = units.get(key);
    if (known == null) {
      known = text(key).flatMap(text -> parse(key, text));
      units.put(key, known);
    }
    return known;
  }

  private Optional<CompilationUnit> parse(Path file, String text) {
    ParseResult<CompilationUnit> result = parser.get().parse(text);
    if (result.getResult().isPresent() && result.isSuccessful()) {
      return result.getResult();
    }
    Problem first = result.getProblems().get(0);
    warnings.put(file, file + " does not parse (" + lineOf(first) + first.getMessage() + "); "
        + consequence());
    return Optional.empty();
  }

  /** {@code "line 12: "} for a problem JavaParser located on line 12, else nothing. */
  private static String lineOf(Problem problem) {
    return problem.getLocation().flatMap(tokens -> tokens.getBegin().getRange())
        .map(range -> "line " + range.begin.line + ": ").orElse("");
  }

  private static String consequence() {
    return "the source checks skip it and its declaration findings keep their bytecode lines";
  }

  /**
   * Every {@code .java} file under the roots, sorted per root, with its path relative to the
   * root ({@code com/acme/Foo.java}); a root that is not a directory is skipped.
   */
  static List<SourceFile> javaFiles(List<Path> sourceRoots) throws IOException {
    List<SourceFile> files = new ArrayList<>();
    for (Path root : sourceRoots) {
      if (!Files.isDirectory(root)) {
        continue;
      }
      try (Stream<Path> walk = Files.walk(root)) {
        walk.filter(p -> p.toString().endsWith(".java") && Files.isRegularFile(p)).sorted()
            .forEach(p -> files.add(new SourceFile(p,
                root.relativize(p).toString().replace('\\', '/'))));
      } catch (UncheckedIOException e) {
        throw e.getCause();
      }
    }
    return files;
  }

  /**
   * A source file found under a source root.
   *
   * @param file where it is
   * @param sourcePath its path relative to the source root, with forward slashes
   */
  record SourceFile(Path file, String sourcePath) {}

  /** Files that could not be read or parsed, one sentence each, in the order of the files. */
  public List<String> warnings() {
    return List.copyOf(warnings.values());
  }
}
