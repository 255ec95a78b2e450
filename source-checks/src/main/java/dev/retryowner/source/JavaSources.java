package dev.retryowner.source;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.Problem;
import com.github.javaparser.ast.CompilationUnit;
import dev.retryowner.catalog.CodeWords;
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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * Reads and parses source files for the source checks of one gate run. A file that cannot be read
 * or parsed is a warning, never a failure: the bytecode rules still saw its classes.
 * {@link #forEachFile} streams the files: it parses a few files ahead on every core while one
 * thread checks the current one, and drops each file's tree once it was checked, so memory stays
 * flat however many files there are. Outside it, a file asked for is parsed and kept.
 */
public final class JavaSources {
  /** How many files each core parses ahead of the file being checked. */
  private static final int LOOK_AHEAD_PER_THREAD = 4;

  private final Charset encoding;
  /** Where the user sets the encoding, in the front end's words. */
  private final String encodingSetting;
  /** JavaParser instances are not shared between threads. */
  private final ThreadLocal<JavaParser> parser;
  /** The same without the pass that reads {@code var} as a declaration's type. */
  private final ThreadLocal<JavaParser> parserWithoutVar;
  private final Map<Path, Optional<String>> texts = new ConcurrentHashMap<>();
  /** The words of the files' code, for the text tests. */
  private final Map<Path, Optional<CodeWords>> codeWords = new ConcurrentHashMap<>();
  private final Map<Path, Optional<CompilationUnit>> units = new ConcurrentHashMap<>();
  /** The answers of {@link #fileFact} and {@link #textMatches}, by file and key. */
  private final Map<Path, Map<Object, Object>> facts = new ConcurrentHashMap<>();
  /** The files {@link #forEachFile} parses ahead; a null result: not wanted, parse on demand. */
  private final Map<Path, CompletableFuture<Optional<CompilationUnit>>> parsing =
      new ConcurrentHashMap<>();
  /** One warning per file, reported in the order of the files. */
  private final Map<Path, String> warnings = new ConcurrentSkipListMap<>();

  /** Sources in UTF-8 at the newest Java release the parser knows. */
  public JavaSources() {
    this(SourceSettings.DEFAULT);
  }

  /** Sources read in the settings' encoding and parsed at their language level. */
  public JavaSources(SourceSettings settings) {
    this.encoding = settings.encoding();
    this.encodingSetting = settings.encodingSetting();
    this.parser =
        ThreadLocal.withInitial(() -> new JavaParser(ParserSetup.configuration(settings, true)));
    this.parserWithoutVar =
        ThreadLocal.withInitial(() -> new JavaParser(ParserSetup.configuration(settings, false)));
  }

  /**
   * Runs {@code action} on every {@code .java} file under the roots, in order, on the calling
   * thread. The files {@code parseAhead} gives a scope are parsed ahead on every core, a bounded
   * window at a time, keeping what their scope keeps; after {@code action} the file's text and
   * tree are dropped. A file without a scope is parsed whole if {@code action} asks for it.
   */
  public void forEachFile(List<Path> sourceRoots,
      Function<SourceFile, Optional<ParseScope>> parseAhead, Consumer<SourceFile> action)
      throws IOException {
    List<SourceFile> files = javaFiles(sourceRoots);
    int threads = Runtime.getRuntime().availableProcessors();
    ExecutorService pool = Executors.newFixedThreadPool(threads, task -> {
      Thread thread = new Thread(task, "retry-owner-parser");
      thread.setDaemon(true);
      return thread;
    });
    try {
      int ahead = 0;
      for (int i = 0; i < files.size(); i++) {
        for (; ahead < Math.min(files.size(), i + threads * LOOK_AHEAD_PER_THREAD); ahead++) {
          SourceFile next = files.get(ahead);
          Path key = key(next.file());
          parsing.put(key, CompletableFuture.supplyAsync(
              () -> parseAhead.apply(next).map(scope -> unitNow(key, scope)).orElse(null),
              pool));
        }
        SourceFile file = files.get(i);
        try {
          action.accept(file);
        } finally {
          forget(file.file());
        }
      }
    } finally {
      pool.shutdownNow();
      parsing.clear();
    }
  }

  /** Drops a file's text and tree, once its parse ahead (which would put them back) is done. */
  private void forget(Path file) {
    Path key = key(file);
    CompletableFuture<Optional<CompilationUnit>> ahead = parsing.remove(key);
    if (ahead != null) {
      ahead.join();
    }
    units.remove(key);
    texts.remove(key);
    codeWords.remove(key);
    facts.remove(key);
  }

  /**
   * True if the words of the file's code ({@link CodeWords}) pass {@code filter}; false for a
   * file that cannot be read. The answer is kept per file and {@code key} (the filter's owner),
   * so that the parsers' look-ahead and the check that asks next test the file once.
   */
  boolean textMatches(Path file, Object key, Predicate<CodeWords> filter) {
    return fileFact(file, key, () -> codeWords(file).filter(filter).isPresent());
  }

  /**
   * What {@code fact} says about a file, kept per file and {@code key} for whichever thread asks
   * next (the parsers' look-ahead or the checks), and dropped with the file. A fact may ask for
   * others; two threads that ask at once may both work it out, and keep the first answer.
   */
  @SuppressWarnings("unchecked")
  <T> T fileFact(Path file, Object key, Supplier<T> fact) {
    Map<Object, Object> known = facts.computeIfAbsent(key(file), k -> new ConcurrentHashMap<>());
    Object answer = known.get(key);
    if (answer == null) {
      T worked = fact.get();
      answer = known.putIfAbsent(key, worked);
      return answer == null ? worked : (T) answer;
    }
    return (T) answer;
  }

  private Optional<CodeWords> codeWords(Path file) {
    return codeWords.computeIfAbsent(key(file), key -> text(key).map(CodeWords::of));
  }

  /** The file's text, or empty after a warning. */
  Optional<String> text(Path file) {
    Path key = key(file);
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
          + ". Set " + encodingSetting + " to the sources' encoding.");
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
    Path key = key(file);
    CompletableFuture<Optional<CompilationUnit>> ahead = parsing.get(key);
    Optional<CompilationUnit> parsedAhead = ahead == null ? null : ahead.join();
    return parsedAhead != null ? parsedAhead : unitNow(key, ParseScope.WHOLE_FILE);
  }

  private Optional<CompilationUnit> unitNow(Path key, ParseScope scope) {
    Optional<CompilationUnit> known = units.get(key);
    if (known == null) {
      known = text(key).flatMap(text -> parse(key, text, scope));
      units.put(key, known);
    }
    return known;
  }

  private static Path key(Path file) {
    return file.toAbsolutePath().normalize();
  }

  /** The file parsed in its scope; if the scope's text does not parse, the whole file. */
  private Optional<CompilationUnit> parse(Path file, String text, ParseScope scope) {
    // A file whose code has no word 'var' declares nothing with it: the pass would walk its tree
    // for nothing.
    boolean writesVar = codeWords(file).map(code -> code.has("var")).orElse(true);
    ThreadLocal<JavaParser> parsers = writesVar ? parser : parserWithoutVar;
    JavaParser javaParser = parsers.get();
    String focused = scope.focus(text);
    ParseResult<CompilationUnit> result;
    try {
      result = javaParser.parse(focused);
      if (!result.isSuccessful() && focused != text) {
        result = javaParser.parse(text);
      }
    } catch (StackOverflowError tooDeep) {
      // The parser descends once per nesting level; the error unwound this file's parse only.
      parsers.remove();
      skipTooDeep(file);
      return Optional.empty();
    }
    if (result.getResult().isPresent() && result.isSuccessful()) {
      return result.getResult();
    }
    Problem first = result.getProblems().get(0);
    warnings.put(file, file + " does not parse (" + lineOf(first) + first.getMessage() + "); "
        + consequence());
    return Optional.empty();
  }

  /** Warns that a file is nested deeper than the parser or a check can descend. */
  void skipTooDeep(Path file) {
    warnings.put(key(file), key(file) + " is nested too deeply to read; " + consequence());
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
