package dev.retryowner.source;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.javaparser.JavaParser;
import com.github.javaparser.JavaToken;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ParserConfiguration.LanguageLevel;
import com.github.javaparser.ast.CompilationUnit;
import dev.retryowner.catalog.CodeWords;
import dev.retryowner.fixtures.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class CatalogNameFilterTest {
  private static final JavaParser LEXER = new JavaParser(
      new ParserConfiguration().setLanguageLevel(LanguageLevel.JAVA_17));
  private static final Pattern IDENTIFIER = Pattern.compile("[\\p{L}_$][\\p{L}\\p{N}_$]*");

  /**
   * The pre-check's meaning: one of the names as a whole identifier or keyword of the code,
   * as JavaParser's lexer reads it (true, false and null are words too), outside comments and
   * literals.
   */
  private static boolean inCode(Set<String> names, CompilationUnit unit) {
    for (JavaToken token : unit.getTokenRange().orElseThrow()) {
      if ((token.getCategory().isIdentifier() || token.getCategory().isKeyword()
          || Set.of("true", "false", "null").contains(token.getText()))
          && names.contains(token.getText())) {
        return true;
      }
    }
    return false;
  }

  private static boolean mayMatch(Set<String> names, String text) {
    return CatalogNameFilter.ofTypesAndMembers(Set.of(), names).mayMatch(CodeWords.of(text));
  }

  @Test
  void aNameMatchesOnlyAsAWholeIdentifier() {
    Set<String> names = Set.of("Retry");

    assertThat(mayMatch(names, "Retry r;")).isTrue();
    assertThat(mayMatch(names, "x = (Retry) y")).isTrue();
    assertThat(mayMatch(names, "new a.b.Retry")).isTrue();
    assertThat(mayMatch(names, "RetryTemplate t; myRetry; Retry9; _Retry; $Retry; Retry$1"))
        .isFalse();
    assertThat(mayMatch(Set.of(), "Retry")).isFalse();
  }

  @Test
  void aNestedTypeCountsByItsTopLevelTypesName() {
    CatalogNameFilter nested = CatalogNameFilter.ofTypes(Set.of("okhttp3.OkHttpClient$Builder"));

    assertThat(nested.mayMatch(CodeWords.of("import okhttp3.OkHttpClient.Builder; Builder b;")))
        .isTrue();
    assertThat(nested.mayMatch(CodeWords.of("new OkHttpClient.Builder()"))).isTrue();
    assertThat(nested.mayMatch(CodeWords.of("StringBuilder s; Builder b; builder()"))).isFalse();
  }

  @Test
  void aNameWithLettersBeyondAsciiMatchesAsAWholeIdentifierToo() {
    Set<String> names = Set.of("Café");

    assertThat(mayMatch(names, "new Café()")).isTrue();
    assertThat(mayMatch(names, "new Cafés(); new XCafé()")).isFalse();
  }

  @Test
  void aNameInACommentOrALiteralIsNoUse() {
    Set<String> names = Set.of("Retry");

    assertThat(mayMatch(names, "// Retry\n/* Retry */ String s = \"Retry\"; char c = 'R';"))
        .isFalse();
  }

  @Test
  void agreesWithJavaParsersLexerOnEveryFixture() throws Exception {
    List<Path> files;
    try (Stream<Path> walk = Files.walk(Fixtures.sourceRoot())) {
      files = walk.filter(p -> p.toString().endsWith(".java")).sorted().toList();
    }
    assertThat(files).hasSizeGreaterThan(50);
    int checks = 0;
    for (Path file : files) {
      String text = Files.readString(file);
      CompilationUnit unit = LEXER.parse(text).getResult().orElseThrow();
      for (String name : samples(text)) {
        assertThat(mayMatch(Set.of(name), text)).as("%s in %s", name, file)
            .isEqualTo(inCode(Set.of(name), unit));
        checks++;
      }
      Set<String> several = Set.of("Retry", "RetryConfig", "Builder", "sleep", "Café", "é");
      assertThat(mayMatch(several, text)).as("several names in %s", file)
          .isEqualTo(inCode(several, unit));
    }
    assertThat(checks).isGreaterThan(1000);
  }

  /** Identifiers of the text, and near misses of them: longer, shorter, with a digit. */
  private static Set<String> samples(String text) {
    List<String> identifiers = new ArrayList<>();
    Matcher matcher = IDENTIFIER.matcher(text);
    while (matcher.find()) {
      identifiers.add(matcher.group());
    }
    Set<String> samples = new LinkedHashSet<>();
    for (int i = 0; i < identifiers.size(); i += 5) {
      String identifier = identifiers.get(i).replace("$", "");
      if (identifier.length() > 1) {
        samples.add(identifier);
        samples.add(identifier + "s");
        samples.add(identifier.substring(1));
        samples.add(identifier + "2");
      }
    }
    return samples;
  }
}
