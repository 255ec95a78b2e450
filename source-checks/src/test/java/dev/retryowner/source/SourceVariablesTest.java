package dev.retryowner.source;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.javaparser.StaticJavaParser;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import dev.retryowner.source.SourceVariables.Variable;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which declaration a name means. Each {@code use(name)} sits on a line ending in
 * {@code // Type}, the written type of the declaration it must resolve to, or {@code // none}.
 */
class SourceVariablesTest {
  private static final String SOURCE = """
      class Scopes {
        Field value;
        static final boolean OFF = false;

        void method() {
          use(value); // Field
          {
            Block value = null;
            use(value); // Block
          }
          use(value); // Field
          for (Loop value = null; ; ) {
            use(value); // Loop
            break;
          }
          try (Resource value = null) {
            use(value); // Resource
          } catch (RuntimeException value) {
            use(value); // RuntimeException
          }
          java.util.function.Consumer<Lambda> c = (Lambda value) -> use(value); // Lambda
          new Object() {
            Anonymous value;

            void m() {
              use(value); // Anonymous
            }
          };
          use(OFF); // boolean
          use(later); // none
          Later later = null;
        }

        void parameter(Param value) {
          use(value); // Param
          Runnable r = () -> use(value); // Param
        }
      }
      """;
  private static final CompilationUnit UNIT = StaticJavaParser.parse(SOURCE);

  @Test
  void eachUseResolvesToTheInnermostDeclarationInScope() {
    List<String> lines = SOURCE.lines().toList();
    List<MethodCallExpr> uses = UNIT.findAll(MethodCallExpr.class,
        call -> call.getNameAsString().equals("use"));
    assertThat(uses).hasSize(12);
    for (MethodCallExpr use : uses) {
      NameExpr name = use.getArgument(0).asNameExpr();
      String line = lines.get(use.getBegin().orElseThrow().line - 1);

      assertThat(SourceVariables.find(name.getNameAsString(), name)
          .map(v -> v.type().asString()).orElse("none"))
          .as(line).isEqualTo(line.substring(line.indexOf("// ") + 3));
    }
  }

  @Test
  void aVariableKnowsItsDeclarationWhetherItIsFinalAndItsInitializer() {
    NameExpr off = UNIT.findFirst(NameExpr.class, n -> n.getNameAsString().equals("OFF"))
        .orElseThrow();
    Variable constant = SourceVariables.find("OFF", off).orElseThrow();
    NameExpr inBlock = UNIT.findAll(NameExpr.class, n -> n.getNameAsString().equals("value"))
        .get(1);
    Variable local = SourceVariables.find("value", inBlock).orElseThrow();

    assertThat(constant.declaration().getParentNode()).get()
        .isInstanceOf(FieldDeclaration.class);
    assertThat(constant.isFinal()).isTrue();
    assertThat(constant.initializer()).map(Object::toString).contains("false");
    assertThat(local.type().asString()).isEqualTo("Block");
    assertThat(local.isFinal()).isFalse();
  }
}
