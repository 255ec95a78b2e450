package dev.retryowner.maven.source;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ParserConfiguration.LanguageLevel;
import com.github.javaparser.ast.CompilationUnit;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads and parses source files for the source checks of one gate run, each file at most once. A
 * file that cannot be read or parsed is a warning, never a failure: the bytecode rules still saw
 * its classes.
 */
public final class JavaSources {
  private final JavaParser parser =
      new JavaParser(new ParserConfiguration().setLanguageLevel(LanguageLevel.JAVA_21));
  private final Map<Path, Optional<CompilationUnit>> units = new HashMap<>();
  private final List<String> warnings = new ArrayList<>();

  /** The file's text, or empty after a warning. */
  Optional<String> text(Path file) {
    try {
      return Optional.of(Files.readString(file, StandardCharsets.UTF_8));
    } catch (IOException e) {
      warnings.add("cannot read " + file + " (" + e.getMessage() + "); " + consequence());
      return Optional.empty();
    }
  }

  /** The parsed file, or empty after a warning naming the first problem. */
  Optional<CompilationUnit> unit(Path file) {
    return units.computeIfAbsent(file.toAbsolutePath().normalize(),
        key -> text(key).flatMap(text -> parse(key, text)));
  }

  private Optional<CompilationUnit> parse(Path file, String text) {
    ParseResult<CompilationUnit> result = parser.parse(text);
    if (result.getResult().isPresent() && result.isSuccessful()) {
      return result.getResult();
    }
    warnings.add(file + " does not parse (" + result.getProblems().get(0).getMessage() + "); "
        + consequence());
    return Optional.empty();
  }

  private static String consequence() {
    return "the source checks skip it and its declaration findings keep their bytecode lines";
  }

  /** Files that could not be read or parsed, one sentence each. */
  public List<String> warnings() {
    return List.copyOf(warnings);
  }
}
