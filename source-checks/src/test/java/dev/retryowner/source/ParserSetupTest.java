package dev.retryowner.source;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.RecordDeclaration;
import com.github.javaparser.ast.stmt.YieldStmt;
import com.github.javaparser.ast.type.VarType;
import org.junit.jupiter.api.Test;

/**
 * The parser skips its language level's validators (javac already applied the language's rules
 * when it compiled the sources) and keeps what the level changes in the tree.
 */
class ParserSetupTest {
  private static final String LOCAL_VAR = "class A { int f() { var x = 1; return x; } }";

  @Test
  void theLevelsValidatorsDoNotRun() {
    ParseResult<CompilationUnit> record = parse("8", "record Point(int x, int y) {}");

    assertThat(record.getProblems()).as("Java 8's validator would reject a record").isEmpty();
    assertThat(record.getResult().orElseThrow().findAll(RecordDeclaration.class)).hasSize(1);
  }

  @Test
  void aLocalVarIsTypeInferenceFromJava10AndATypeNameBefore() {
    assertThat(parse("17", LOCAL_VAR).getResult().orElseThrow().findAll(VarType.class))
        .hasSize(1);
    assertThat(parse("8", LOCAL_VAR).getResult().orElseThrow().findAll(VarType.class))
        .isEmpty();
  }

  @Test
  void aParserForCodeWithoutTheWordVarSkipsItsPass() {
    ParseResult<CompilationUnit> unit = new JavaParser(
        ParserSetup.configuration(SourceSettings.of(null, "17"), false)).parse(LOCAL_VAR);

    assertThat(unit.getProblems()).isEmpty();
    assertThat(unit.getResult().orElseThrow().findAll(VarType.class)).isEmpty();
  }

  @Test
  void yieldFollowsTheLevelsGrammar() {
    String source = "class A { int f(int k) { return switch (k) { case 1 -> { yield 2; }"
        + " default -> 3; }; } }";

    assertThat(parse("21", source).getResult().orElseThrow().findAll(YieldStmt.class))
        .hasSize(1);
  }

  private static ParseResult<CompilationUnit> parse(String release, String source) {
    return new JavaParser(ParserSetup.configuration(SourceSettings.of(null, release), true))
        .parse(source);
  }
}
