package dev.retryowner.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CodeTextTest {
  @Test
  void commentsAreLeftOut() {
    assertThat(CodeText.of("int a; // Retry here\nint b; /* Retry\n there */ int c;"))
        .isEqualTo("int a;  \nint b;   int c;");
    assertThat(CodeText.of("/** {@link Retry} */ class A {}")).isEqualTo("  class A {}");
    assertThat(CodeText.of("int a; /* never closed Retry")).isEqualTo("int a;  ");
  }

  @Test
  void literalsKeepTheirQuotesAndLoseTheirContents() {
    assertThat(CodeText.of("s = \"Retry \\\" // still a string\"; t = 'x'; u = '\\'';"))
        .isEqualTo("s = \"\"; t = ''; u = '';");
    assertThat(CodeText.of("s = \"\"\"\n  Retry \\\"\"\" /* in */\n  \"\"\"; Retry r;"))
        .isEqualTo("s = \"\"; Retry r;");
    assertThat(CodeText.of("s = \"open Retry\nRetry r;")).isEqualTo("s = \"\"Retry r;");
  }

  @Test
  void importDeclarationsAreLeftOut() {
    assertThat(CodeText.of("package a;\nimport b.Retry;\nimport static c.D.retry;\nclass E {}"))
        .isEqualTo("package a;\n ;\n ;\nclass E {}");
    assertThat(CodeText.of("int importance; reimport();")).isEqualTo("int importance; reimport();");
  }

  @Test
  void codeKeepsEveryOtherCharacter() {
    String code = "class A { int x = 0x1F4 / 2; char c = a < b ? 1 : 2; @Retry void f() {} }";
    assertThat(CodeText.of(code)).isEqualTo(code);
  }

  @Test
  void raisedFailuresLoseTheirTypeNames() {
    assertThat(CodeText.withoutRaisedFailures("void f() throws IOException, E { g(); }"))
        .isEqualTo("void f()  { g(); }");
    assertThat(CodeText.withoutRaisedFailures("throw new a.b.Failed(cause); throw e;"))
        .isEqualTo("throw(cause); throw e;");
    assertThat(CodeText.withoutRaisedFailures("throw newFailure(); int throwsCount;"))
        .isEqualTo("throw newFailure(); int throwsCount;");
  }
}
