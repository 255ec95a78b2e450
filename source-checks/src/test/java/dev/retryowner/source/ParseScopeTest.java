package dev.retryowner.source;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.expr.MethodCallExpr;
import java.util.List;
import org.junit.jupiter.api.Test;

class ParseScopeTest {
  private static final String SOURCE = """
      package a;

      /** A sender. */
      class Sender {
        private int sent;
        private final Runnable tick = () -> sent++;

        Sender() {
          sent = 0;
        }

        /** Sends until it works. */
        void send() {
          try {
            attempt();
          } catch (RuntimeException e) {
            again();
          }
        }

        private void again() {
          schedule();
        }

        private void schedule() {
          log("later");
        }

        void caller() {
          send();
        }

        int unrelated(int x) {
          int y = x * 2;
          return y + 1;
        }

        void attempt() {
          sent++;
        }

        void log(String line) {
          System.out.println(line);
        }

        void later() {
          again();
        }
      }
      """;

  /**
   * Members with a catch, the methods they call, and theirs, and the methods that call a private
   * one of them.
   */
  private final ParseScope scope = ParseScope.methodsWhere(code -> code.has("catch"));

  @Test
  void keepsTheMethodsAroundTheOnesThatMatterAndBlanksTheRest() {
    CompilationUnit unit = new JavaParser().parse(scope.focus(SOURCE)).getResult().orElseThrow();

    assertThat(unit.findAll(MethodDeclaration.class)).extracting(
            method -> method.getNameAsString() + ":" + method.getBody().orElseThrow()
                .getStatements().size())
        .containsExactly("send:1", "again:1", "schedule:1", "caller:0", "unrelated:0",
            "attempt:1", "log:1", "later:1");
  }

  @Test
  void everyNodeKeepsItsLineAndTheKeptCodeItsColumns() {
    String focused = scope.focus(SOURCE);
    CompilationUnit unit = new JavaParser().parse(focused).getResult().orElseThrow();

    assertThat(focused.lines().count()).isEqualTo(SOURCE.lines().count());
    List<String> lines = SOURCE.lines().toList();
    for (MethodCallExpr call : unit.findAll(MethodCallExpr.class)) {
      int line = call.getBegin().orElseThrow().line;
      int column = call.getBegin().orElseThrow().column;
      assertThat(lines.get(line - 1).substring(column - 1)).startsWith(call.toString());
    }
    assertThat(unit.findAll(MethodDeclaration.class)).extracting(m -> m.getBegin().get().line)
        .containsExactly(13, 21, 25, 29, 33, 38, 42, 46);
  }

  @Test
  void declarationsLoseTheirCommentsAndIndentation() {
    String focused = scope.focus(SOURCE);

    assertThat(focused).doesNotContain("A sender", "Sends until it works")
        .contains("\n\nclass Sender {\nprivate int sent;\n",
            "\nint unrelated(int x) {\n\n\n}\n", "\nvoid send() {\n    try {\n      attempt();");
  }

  @Test
  void aClassWithoutKeptOrCalledMethodsKeepsOnlyItsDeclarationAndItsMemberTypes() {
    String source = """
        class Outer {
          void send() {
            try {
              Limits.MAX.hashCode();
            } catch (RuntimeException e) {
              new Params();
            }
          }

          static class Params {
            private String id;
            String id() { return id; }
            static class Nested { int depth; }
          }

          static class Limits {
            static final Object MAX = new Object();
          }
        }
        """;

    String focused = scope.focus(source);
    CompilationUnit unit = new JavaParser().parse(focused).getResult().orElseThrow();

    assertThat(focused.lines().count()).isEqualTo(source.lines().count());
    assertThat(focused).contains("static class Params {\n\n\nstatic class Nested {}\n}",
        "static class Limits {\n\n}");
    assertThat(unit.findAll(MethodDeclaration.class)).extracting(m -> m.getNameAsString())
        .containsExactly("send");
  }

  @Test
  void theWholeFileOrTextItCannotPlaceStaysAsItIs() {
    assertThat(ParseScope.WHOLE_FILE.focus(SOURCE)).isSameAs(SOURCE);
    String unbalanced = "class A { void f() { }";
    assertThat(scope.focus(unbalanced)).isSameAs(unbalanced);
  }
}
