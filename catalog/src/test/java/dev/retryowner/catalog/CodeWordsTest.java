package dev.retryowner.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CodeWordsTest {
  @Test
  void wordsInCommentsAndLiteralsAreNotCode() {
    CodeWords code = CodeWords.of("package a;\n"
        + "class E { // Backoff\n /** Policy */ String s = \"Template \\\" still\"; char c = '\\'';"
        + " String t = \"\"\"\n  Budget \\\"\"\" Limit\n  \"\"\"; Sleeper z; /* open Waiter");
    assertThat(code.hasAny(Set.of("Backoff", "Policy", "Template", "still", "Budget", "Limit",
        "Waiter"))).isFalse();
    assertThat(code.has("package")).isTrue();
    assertThat(code.has("Sleeper")).isTrue();
    assertThat(code.has("E")).isTrue();
  }

  @Test
  void importsAreWrittenButNotRead() {
    CodeWords code = CodeWords.of("import b.RetryException;\nimport static c.D.retry;\nclass E {}");
    assertThat(code.has("RetryException")).isTrue();
    assertThat(code.has("retry")).isTrue();
    assertThat(code.anyReadingMatch(word -> word.contains("Retry") || word.equals("retry")))
        .isFalse();
    assertThat(code.anyReadingMatch("E"::equals)).isTrue();
  }

  @Test
  void anOpenLiteralEndsAtItsLine() {
    assertThat(CodeWords.of("s = \"open Retry\nRetry r;").has("Retry")).isTrue();
  }

  @Test
  void wordsAreWholeIdentifiers() {
    CodeWords code = CodeWords.of("int importance; reimport(); RetryTemplate t; $Retry u;");
    assertThat(code.has("importance")).isTrue();
    assertThat(code.has("reimport")).isTrue();
    assertThat(code.anyReadingMatch("importance"::equals)).isTrue();
    assertThat(code.hasAny(Set.of("Retry", "import", "Template"))).isFalse();
    assertThat(code.has("$Retry")).isTrue();
  }

  @Test
  void raisedFailuresAreWrittenButNotRead() {
    CodeWords code = CodeWords.of("void f() throws IOException, E { throw new a.b.Failed(cause);"
        + " } void g() { throw failure; }");
    assertThat(code.has("IOException")).isTrue();
    assertThat(code.has("Failed")).isTrue();
    assertThat(code.anyReadingMatch(Set.of("IOException", "E", "a", "b", "Failed")::contains))
        .isFalse();
    assertThat(code.anyReadingMatch("cause"::equals)).isTrue();
    assertThat(code.anyReadingMatch("failure"::equals)).isTrue();
    assertThat(CodeWords.of("throw newFailure();").anyReadingMatch("newFailure"::equals))
        .isTrue();
  }

  @Test
  void statusLikeNumbers() {
    assertThat(CodeWords.of("if (code >= 500) {}").hasStatusLikeNumber()).isTrue();
    assertThat(CodeWords.of("if (code < 3_00) {}").hasStatusLikeNumber()).isTrue();
    assertThat(CodeWords.of("if (code != 0x1F4) {}").hasStatusLikeNumber()).isTrue();
    assertThat(CodeWords.of("double d = 1.500;").hasStatusLikeNumber()).isTrue();
    assertThat(CodeWords.of("int a = 1000, b = 500L, c = 0; double d = 0.5; boolean is5xx;")
        .hasStatusLikeNumber()).isFalse();
    assertThat(CodeWords.of("String s = \"503\"; // 503").hasStatusLikeNumber()).isFalse();
  }

  @Test
  void parenthesesInCodeOnly() {
    assertThat(CodeWords.of("int a = b;").hasParenthesis()).isFalse();
    assertThat(CodeWords.of("String s = \"f()\"; // g()").hasParenthesis()).isFalse();
    assertThat(CodeWords.of("f();").hasParenthesis()).isTrue();
  }

  @Test
  void twoPiecesReadTogetherHaveTheWordsOfBoth() {
    String declaration = "void f(Throwable t) throws IOException ";
    String body = "{ if (status == 503) { retry(); } }";
    CodeWords both = CodeWords.of(declaration).and(CodeWords.of(body));
    CodeWords whole = CodeWords.of(declaration + body);

    for (String word : List.of("f", "Throwable", "t", "IOException", "status", "retry")) {
      assertThat(both.has(word)).as(word).isEqualTo(whole.has(word));
      assertThat(both.anyReadingMatch(word::equals)).as(word)
          .isEqualTo(whole.anyReadingMatch(word::equals));
    }
    assertThat(both.hasStatusLikeNumber()).isTrue();
    assertThat(both.hasParenthesis()).isTrue();
  }
}
